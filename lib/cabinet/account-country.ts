import 'server-only';
import { eq } from 'drizzle-orm';
import { newInviteCode } from '@/lib/accounts/accounts';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { currencyOfCountry } from '@/lib/location/currencies';
import type { World } from '@/lib/worlds/worlds';

export interface AccountCountryView {
  /** The country the user chose, or null while they have not. */
  country_code: string | null;
  /** The currency that goes with it (the world's when the country has none we know). */
  currency_code: string;
}

function toView(code: string | null, world: World): AccountCountryView {
  return { country_code: code, currency_code: (code && currencyOfCountry(code)) || world.currency };
}

/** The country stored on the user's account (change-country page). */
export async function getAccountCountry(userId: number, world: World): Promise<AccountCountryView> {
  const [row] = await getDb()
    .select({ code: t.accountStates.countryCode })
    .from(t.accountStates)
    .where(eq(t.accountStates.userId, userId));
  return toView(row?.code ?? null, world);
}

/** Stores the user's chosen country on their account, so it follows them to every device. */
export async function setAccountCountry(userId: number, code: string, world: World): Promise<AccountCountryView> {
  const now = new Date();
  const [row] = await getDb()
    .insert(t.accountStates)
    .values({ userId, countryCode: code, inviteCode: newInviteCode(), updatedAt: now })
    .onConflictDoUpdate({ target: t.accountStates.userId, set: { countryCode: code, updatedAt: now } })
    .returning({ code: t.accountStates.countryCode });
  return toView(row!.code, world);
}
