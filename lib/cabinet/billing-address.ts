import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import type { BillingAddress } from './validation';

/** The billing address as the API answers it. */
export interface BillingAddressView extends BillingAddress {
  updated_at: string;
}

function toView(row: typeof t.billingAddresses.$inferSelect): BillingAddressView {
  return {
    full_name: row.fullName,
    company: row.company,
    street: row.street,
    postal_code: row.postalCode,
    city: row.city,
    country_code: row.countryCode,
    vat_id: row.vatId,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The user's billing address, or null while they have none. */
export async function getBillingAddress(userId: number): Promise<BillingAddressView | null> {
  const [row] = await getDb().select().from(t.billingAddresses).where(eq(t.billingAddresses.userId, userId));
  return row ? toView(row) : null;
}

/** Creates or replaces the user's billing address (one per user) with validated input. */
export async function saveBillingAddress(userId: number, address: BillingAddress): Promise<BillingAddressView> {
  const values = {
    fullName: address.full_name,
    company: address.company,
    street: address.street,
    postalCode: address.postal_code,
    city: address.city,
    countryCode: address.country_code,
    vatId: address.vat_id,
    updatedAt: new Date(),
  };
  const [row] = await getDb()
    .insert(t.billingAddresses)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: t.billingAddresses.userId, set: values })
    .returning();
  return toView(row!);
}
