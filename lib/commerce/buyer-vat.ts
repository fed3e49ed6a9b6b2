import 'server-only';
import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { vatTreatment, type VatTreatment } from '@/lib/tax/treatment';
import { offlineVatIdChecker } from '@/lib/tax/vat-id';
import { getWorld, type WorldCode } from '@/lib/worlds/worlds';
import { PLATFORM } from './platform';
import { vatRateAt } from './vat-rates';

/**
 * The VAT that applies to this buyer now: by the country of their billing address (with its VAT
 * id, for reverse charge), or, before they gave one, the world's country — what the cart shows
 * and the checkout confirms once the address is known. `address` is the billing address when the
 * caller has read it already (null: the buyer has none).
 */
export async function buyerVat(
  db: Database,
  userId: number | null,
  world: WorldCode,
  at: Date,
  address?: { countryCode: string; vatId: string | null } | null,
): Promise<VatTreatment & { vatId: string | null }> {
  let billing = address ?? null;
  if (address === undefined && userId !== null) {
    const [row] = await db
      .select({ countryCode: t.billingAddresses.countryCode, vatId: t.billingAddresses.vatId })
      .from(t.billingAddresses)
      .where(eq(t.billingAddresses.userId, userId));
    billing = row ?? null;
  }
  const country = billing?.countryCode ?? getWorld(world).country;
  const vatId = billing?.vatId ? await offlineVatIdChecker.check(billing.vatId) : null;
  const treatment = vatTreatment({
    buyerCountry: country,
    vatId,
    platformCountry: PLATFORM.country,
    rateBasisPoints: await vatRateAt(db, country, at),
  });
  return { ...treatment, vatId: vatId?.valid ? vatId.normalised : null };
}
