import { and, eq, isNull } from 'drizzle-orm';
import { listBuyerInvoices } from '@/lib/commerce/invoices';
import { listBuyerOrders } from '@/lib/commerce/order-view';
import { getDb } from '@/lib/db/client';
import { DEMO_ORDERS } from '@/lib/seed/demo-orders';
import * as t from '@/lib/db/schema';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
});
afterAll(() => database.stop());

async function demoBuyerId(): Promise<number> {
  const [buyer] = await getDb().select({ id: t.users.id }).from(t.users).where(eq(t.users.email, 'buyer@demo.test'));
  return buyer!.id;
}

describe(`the demo buyer's order history on ${BACKEND}`, () => {
  it('has paid and pending invoice purchases with invoices, and owns what the paid ones bought', async () => {
    const buyerId = await demoBuyerId();
    const orders = await listBuyerOrders(getDb(), buyerId, { limit: 10 });
    expect(orders.map((order) => [order.world, order.status, order.provider])).toEqual(
      [...DEMO_ORDERS].reverse().map((plan) => [plan.world, plan.paid ? 'paid' : 'pending', 'invoice']),
    );
    for (const order of orders) {
      // Priced like a checkout: the lines add up, VAT of the buyer's country (DE) is inside.
      expect(order.finalPrice).toBe(order.items.reduce((sum, item) => sum + item.finalPrice, 0));
      expect(order.finalPrice).toBeGreaterThan(0);
      expect(order.vat).toMatchObject({ kind: 'eu-consumer', country: 'DE', rateBasisPoints: 1900 });
      expect(order.invoice?.number).toMatch(/^RE-\d{4}-\d{6}$/);
      expect(order.isTestPayment).toBe(false);
    }
    const invoices = await listBuyerInvoices(getDb(), buyerId);
    expect(invoices).toHaveLength(DEMO_ORDERS.length);

    const licences = await getDb()
      .select({ materialId: t.licences.materialId })
      .from(t.licences)
      .where(and(eq(t.licences.userId, buyerId), isNull(t.licences.revokedAt)));
    const paidMaterials = orders.filter((order) => order.status === 'paid').flatMap((order) => order.items);
    expect(licences.map((licence) => licence.materialId).sort()).toEqual(
      paidMaterials.map((item) => item.materialId).sort(),
    );
    // No receipt was queued for orders made in the past.
    const mails = await getDb().execute(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'order-mail'`);
    expect((mails.rows[0] as { n: number }).n).toBe(0);
  });
});
