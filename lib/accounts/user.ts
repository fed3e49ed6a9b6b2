import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { DEFAULT_WORLD, type WorldCode } from '@/lib/worlds/worlds';
import { hasAcceptedActualTerms } from './terms';

/**
 * The signed-in user as `GET v1/user` answers it, with whether the actual terms of
 * the world are accepted and whether an admin is acting as them. Credits are those of the world
 * asked about: credit is spent only in the world it was earned in.
 */
export async function getCurrentUser(
  userId: number,
  context: { world: WorldCode; impersonatorUserId?: number | null } = { world: DEFAULT_WORLD },
) {
  const [row] = await getDb()
    .select({ user: t.users, schoolVerified: t.schools.isVerified })
    .from(t.users)
    .leftJoin(t.schools, eq(t.schools.id, t.users.schoolId))
    .where(eq(t.users.id, userId));
  if (!row) return null;
  const { user } = row;
  const [credit] = await getDb()
    .select({ balance: t.creditBalances.balanceMinor, had: t.creditBalances.hadCredits })
    .from(t.creditBalances)
    .where(and(eq(t.creditBalances.userId, userId), eq(t.creditBalances.world, context.world)));
  const availableCredits = credit?.balance ?? 0;
  const hadCredits = credit?.had ?? false;
  return {
    id: user.id,
    slug: user.slug,
    email: user.email,
    isSeller: user.isSeller,
    createdAt: user.createdAt.toISOString(),
    creationSource: user.creationSource,
    details: { publicName: user.publicName, imagePath: user.imagePath },
    userImagePath: user.imagePath,
    userName: user.userName,
    profileDetails: {
      details: { credits: { amount: availableCredits, had_credits: hadCredits } },
      currencyCode: user.currencyCode,
      schoolAccount: user.schoolId
        ? { school_id: user.schoolId, role: user.schoolRole, is_verified: row.schoolVerified ?? false }
        : null,
      invoiceDetails: null,
    },
    availableCredits,
    hadCredits,
    loggedInAsAnotherUser: Boolean(context.impersonatorUserId),
    doubleOptIn: user.doubleOptIn,
    isAgbAccepted: await hasAcceptedActualTerms(user.id, context.world),
  };
}
