import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { DEFAULT_WORLD, type WorldCode } from '@/lib/worlds/worlds';
import { hasAcceptedActualTerms } from './terms';

/**
 * The signed-in user as `GET v1/user` answers it (SPEC §3 User), with whether the actual terms of
 * the world are accepted and whether an admin is acting as them. Credits arrive with their feature;
 * until then a user has no credits.
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
      details: { credits: { amount: 0, had_credits: false } },
      currencyCode: user.currencyCode,
      schoolAccount: user.schoolId
        ? { school_id: user.schoolId, role: user.schoolRole, is_verified: row.schoolVerified ?? false }
        : null,
      invoiceDetails: null,
    },
    availableCredits: 0,
    hadCredits: false,
    loggedInAsAnotherUser: Boolean(context.impersonatorUserId),
    doubleOptIn: user.doubleOptIn,
    isAgbAccepted: await hasAcceptedActualTerms(user.id, context.world),
  };
}
