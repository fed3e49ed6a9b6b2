import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import type { BankDetails } from './validation';

/** The bank details as the API answers them to their owner: the IBAN in electronic form. */
export interface BankDetailsView extends BankDetails {
  updated_at: string;
}

function toView(row: typeof t.bankDetails.$inferSelect): BankDetailsView {
  return { account_holder: row.accountHolder, iban: row.iban, bic: row.bic, updated_at: row.updatedAt.toISOString() };
}

/** The user's bank details for payouts, or null while they have none. */
export async function getBankDetails(userId: number): Promise<BankDetailsView | null> {
  const [row] = await getDb().select().from(t.bankDetails).where(eq(t.bankDetails.userId, userId));
  return row ? toView(row) : null;
}

/** Creates or replaces the user's bank details with validated input (IBAN and BIC checked). */
export async function saveBankDetails(userId: number, details: BankDetails): Promise<BankDetailsView> {
  const values = { accountHolder: details.account_holder, iban: details.iban, bic: details.bic, updatedAt: new Date() };
  const [row] = await getDb()
    .insert(t.bankDetails)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: t.bankDetails.userId, set: values })
    .returning();
  return toView(row!);
}
