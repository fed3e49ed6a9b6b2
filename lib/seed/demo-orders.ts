/**
 * The demo buyer's order history: two paid invoice purchases in the past (de, gr) and one that
 * still waits for its bank transfer (de), so the cabinet shows bought materials, invoices and an
 * order to pay, and an admin has a payment to record. Orders are priced, taxed, numbered and
 * delivered by the same code as a checkout; only the receipt mails are left out (nobody ordered
 * them just now).
 */
import { and, asc, desc, eq, gt, isNull, ne, notInArray, sql } from 'drizzle-orm';
import { sellerShareBasisPoints } from '@/lib/commerce/commission';
import { deliverOrder } from '@/lib/commerce/fulfilment';
import { issueDocument } from '@/lib/commerce/invoices';
import { newOrderReference } from '@/lib/commerce/order-reference';
import { PLATFORM } from '@/lib/commerce/platform';
import { priceCart } from '@/lib/commerce/pricing';
import { syncVatRates, vatRateAt } from '@/lib/commerce/vat-rates';
import type { Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { vatTreatment } from '@/lib/tax/treatment';
import { getWorld, type MainWorld } from '@/lib/worlds/worlds';

const DAY = 24 * 60 * 60 * 1000;

/** The orders the demo buyer made: world, how many materials, how long ago, and whether paid. */
export const DEMO_ORDERS: readonly { world: MainWorld; materials: number; daysAgo: number; paid: boolean }[] = [
  { world: 'de', materials: 2, daysAgo: 40, paid: true },
  { world: 'gr', materials: 1, daysAgo: 18, paid: true },
  { world: 'de', materials: 1, daysAgo: 2, paid: false },
];

/**
 * Writes DEMO_ORDERS for the buyer (billing address in Germany): the oldest plain paid materials
 * of each world, so the materials the browser journeys buy (the newest, the bestsellers) stay
 * unowned.
 */
export async function seedDemoOrders(db: Database, buyerId: number, now: Date = new Date()): Promise<number> {
  await syncVatRates(db);
  const used: number[] = [];
  for (const plan of DEMO_ORDERS) {
    const at = new Date(now.getTime() - plan.daysAgo * DAY);
    const materials = await db
      .select({
        id: t.materials.id,
        title: t.materials.title,
        authorId: t.materials.authorId,
        price: t.materials.priceCents,
      })
      .from(t.materials)
      .where(
        and(
          eq(t.materials.world, plan.world),
          eq(t.materials.isActive, true),
          isNull(t.materials.deletedAt),
          eq(t.materials.isBundle, false),
          gt(t.materials.priceCents, 0),
          sql`${t.materials.salePriceCents} IS NULL`,
          ne(t.materials.authorId, buyerId),
          used.length ? notInArray(t.materials.id, used) : undefined,
        ),
      )
      .orderBy(asc(t.materials.createdAt), asc(t.materials.id))
      .limit(plan.materials);
    if (materials.length === 0) continue;
    used.push(...materials.map((material) => material.id));
    await writeDemoOrder(db, {
      buyerId,
      world: plan.world,
      materials,
      at,
      paid: plan.paid,
      key: `demo-order-${plan.world}-${plan.daysAgo}`,
    });
  }
  return used.length;
}

/**
 * The demo seller's sales of last month (bought by `buyerId`, the school master): the five
 * dearest of the seller's German materials, paid 35 days ago, so the demo's payout run for the
 * past month has something to pay and a credit note to issue. Returns how many were sold.
 */
export async function seedDemoSales(db: Database, sellerId: number, buyerId: number, now: Date = new Date()) {
  await syncVatRates(db);
  const materials = await db
    .select({
      id: t.materials.id,
      title: t.materials.title,
      authorId: t.materials.authorId,
      price: t.materials.priceCents,
    })
    .from(t.materials)
    .where(
      and(
        eq(t.materials.authorId, sellerId),
        eq(t.materials.world, 'de'),
        eq(t.materials.isActive, true),
        eq(t.materials.isBundle, false),
        gt(t.materials.priceCents, 0),
        sql`${t.materials.salePriceCents} IS NULL`,
      ),
    )
    .orderBy(desc(t.materials.priceCents), asc(t.materials.id))
    .limit(5);
  if (materials.length === 0) return 0;
  await writeDemoOrder(db, {
    buyerId,
    world: 'de',
    materials,
    at: new Date(now.getTime() - 37 * DAY),
    paid: true,
    key: 'demo-sales-of-the-demo-seller',
    billingAddress: { ...DEMO_BILLING_ADDRESS, fullName: 'Schulleitung Demo', company: 'Grundschule am Demo-Park' },
  });
  return materials.length;
}

/** One invoice order of the demo, priced, taxed, numbered and (when paid) delivered. */
async function writeDemoOrder(
  db: Database,
  plan: {
    buyerId: number;
    world: MainWorld;
    materials: { id: number; title: string; authorId: number; price: number }[];
    at: Date;
    paid: boolean;
    key: string;
    billingAddress?: typeof DEMO_BILLING_ADDRESS;
  },
): Promise<void> {
  const { buyerId, materials, at } = plan;
  {
    const world = getWorld(plan.world);
    const vat = vatTreatment({
      buyerCountry: 'DE',
      vatId: null,
      platformCountry: PLATFORM.country,
      rateBasisPoints: await vatRateAt(db, 'DE', at),
    });
    const priced = priceCart({
      currency: world.currency,
      lines: materials.map((material) => ({
        materialId: material.id,
        sellerId: material.authorId,
        kind: 'material',
        licence: 'single',
        unitGross: material.price,
        hasFixedPrice: false,
        bundleMaterialIds: [],
      })),
      voucher: null,
      credits: { availableMinor: 0, requestedMinor: 0 },
      vat: { rateBasisPoints: vat.rateBasisPoints },
      // The demo's sellers are small: the first tier.
      sellerShareBasisPoints: () => sellerShareBasisPoints(0),
    });
    const items = priced.lines.map((line, index) => ({
      materialId: line.materialId,
      sellerId: line.sellerId,
      title: materials[index]!.title,
      licence: 'single',
      inBundle: false,
      unitGrossMinor: line.unitGross,
      chargedGrossMinor: line.chargedGross,
      voucherDiscountMinor: 0,
      creditUsedMinor: 0,
      payableGrossMinor: line.payableGross,
      vatMinor: line.vat,
      netMinor: line.net,
      sellerShareBasisPoints: line.sellerShareBasisPoints,
      sellerShareMinor: line.sellerShare,
      platformShareMinor: line.platformShare,
      sellerActivePaidMaterials: 0,
    }));
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const [order] = await tx
        .insert(t.orders)
        .values({
          reference: newOrderReference(),
          userId: buyerId,
          world: plan.world,
          language: world.language,
          currency: world.currency,
          status: plan.paid ? 'paid' : 'pending',
          provider: 'invoice',
          idempotencyKey: plan.key,
          originalMinor: priced.originalPrice,
          voucherDiscountMinor: 0,
          creditsUsedMinor: 0,
          totalMinor: priced.finalPrice,
          vatMinor: priced.vatTotal,
          netMinor: priced.netTotal,
          vatKind: vat.kind,
          vatCountry: vat.country,
          vatRateBasisPoints: vat.rateBasisPoints,
          billingAddress: plan.billingAddress ?? DEMO_BILLING_ADDRESS,
          deliveryConsentAt: at,
          createdAt: at,
          paidAt: plan.paid ? new Date(at.getTime() + 2 * DAY) : null,
        })
        .returning();
      await tx.insert(t.orderItems).values(items.map((item) => ({ ...item, orderId: order!.id })));
      // An invoice purchase gets its invoice when it is ordered; paying it delivers the order.
      await issueDocument(tx, order!, 'invoice', { now: at, items });
      if (plan.paid)
        await deliverOrder(tx, order!, { now: at, items, inviterId: null, sendReceipt: false, notify: false });
    });
  }
}

/** The demo buyer's billing address, as the seed stores it and every order copies it. */
export const DEMO_BILLING_ADDRESS: {
  fullName: string;
  company: string | null;
  street: string;
  postalCode: string;
  city: string;
  countryCode: string;
  vatId: string | null;
} = {
  fullName: 'Demo Käuferin',
  company: null,
  street: 'Schulstraße 1',
  postalCode: '10115',
  city: 'Berlin',
  countryCode: 'DE',
  vatId: null,
};
