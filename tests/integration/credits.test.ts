import { eq } from 'drizzle-orm';
import { createAccount, hashPassword } from '@/lib/accounts/accounts';
import { addToCart } from '@/lib/commerce/cart';
import { checkout } from '@/lib/commerce/checkout';
import { getCreditOverview } from '@/lib/commerce/credits';
import { recordPayment } from '@/lib/commerce/payments';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { deliveredMail } from './support/mail';
import { paidMaterials } from './support/catalogue';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
});
afterAll(() => database.stop());

let counter = 0;
async function teacher(world: 'de' | 'gr' = 'de') {
  counter += 1;
  const { id } = await createAccount({
    email: `credit-${counter}-${Date.now()}@example.test`,
    publicName: `Credit Tester ${counter}`,
    world,
    passwordHash: await hashPassword('correct horse battery'),
    status: 'active',
    creationSource: 'web',
  });
  await getDb()
    .insert(t.billingAddresses)
    .values({
      userId: id,
      fullName: `Credit Tester ${counter}`,
      street: 'Schulweg 2',
      postalCode: '10115',
      city: 'Berlin',
      countryCode: 'DE',
    });
  return id;
}

async function buy(userId: number, world: 'de' | 'gr', materialId: number) {
  await addToCart({ world, userId, cartToken: null }, materialId, 'single');
  const { order } = await checkout({
    userId,
    world,
    provider: 'test',
    idempotencyKey: `credit-test-${userId}-${materialId}-${Date.now()}`,
    expectedTotal: null,
    deliveryConsent: true,
  });
  return order;
}

describe(`credit on ${BACKEND}`, () => {
  it('gives the inviter credit once, on the invited teacher’s first paid order, in that order’s world', async () => {
    const inviter = await teacher();
    const invited = await teacher('gr');
    await getDb().update(t.accountStates).set({ invitedByUserId: inviter }).where(eq(t.accountStates.userId, invited));
    const [first, second] = await paidMaterials('gr', 2);

    const order = await buy(invited, 'gr', first!.id);
    expect(order.status).toBe('paid');
    const afterFirst = await getCreditOverview(getDb(), inviter);
    expect(afterFirst.balances).toEqual([{ world: 'gr', currency: 'EUR', balance: 500 }]);
    expect(afterFirst.entries).toEqual([
      expect.objectContaining({ world: 'gr', amount: 500, reason: 'referral', orderReference: order.reference }),
    ]);
    expect(afterFirst.inviteCode).toMatch(/^[a-z0-9-]+$/);

    await buy(invited, 'gr', second!.id);
    const afterSecond = await getCreditOverview(getDb(), inviter);
    expect(afterSecond.balances).toEqual([{ world: 'gr', currency: 'EUR', balance: 500 }]);
    expect(afterSecond.entries).toHaveLength(1);
  });

  it('still rewards the inviter when the invited teacher’s first payment was given back whole', async () => {
    const inviter = await teacher();
    const invited = await teacher();
    await getDb().update(t.accountStates).set({ invitedByUserId: inviter }).where(eq(t.accountStates.userId, invited));
    const [held, bought] = await paidMaterials('de', 2, { notOwnedBy: invited });
    await addToCart({ world: 'de', userId: invited, cartToken: null }, held!.id, 'single');
    const { order: unpaid } = await checkout({
      userId: invited,
      world: 'de',
      provider: 'invoice',
      idempotencyKey: `credit-returned-${invited}`,
      expectedTotal: null,
      deliveryConsent: true,
    });
    // They came to hold it otherwise, so the transfer goes back to their credit: no purchase.
    await getDb().insert(t.licences).values({ userId: invited, materialId: held!.id, kind: 'single' });
    expect((await recordPayment(unpaid.id, unpaid.totalMinor)).arrival.outcome).toBe('returned');
    expect((await getCreditOverview(getDb(), inviter)).balances).toEqual([]);

    await buy(invited, 'de', bought!.id);
    expect((await getCreditOverview(getDb(), inviter)).balances).toEqual([
      { world: 'de', currency: 'EUR', balance: 500 },
    ]);
  });

  it('shows a teacher without credit nothing but their invite code, and nobody else’s entries', async () => {
    const someone = await teacher();
    const overview = await getCreditOverview(getDb(), someone);
    expect(overview.balances).toEqual([]);
    expect(overview.entries).toEqual([]);
    expect(overview.inviteCode).not.toBeNull();
  });
});

describe(`order mails on ${BACKEND}`, () => {
  it('sends the receipt of a paid order in its world’s language, once, marked as a test payment', async () => {
    const buyer = await teacher();
    const [material] = await paidMaterials('de', 1);
    const order = await buy(buyer, 'de', material!.id);
    const [user] = await getDb().select({ email: t.users.email }).from(t.users).where(eq(t.users.id, buyer));
    const mails = (await deliveredMail()).filter((mail) => mail.to === user!.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Deine Bestellung ${order.reference} bei Kreide`);
    expect(mails[0]!.text).toContain('Testzahlung: Es wurde kein Geld bewegt.');
    expect(mails[0]!.text).toContain(`/de/bestellbestaetigung/${order.id}`);
    expect(mails[0]!.text).toContain('/de/konto/gekaufte-materialien');
  });

  it('asks for the transfer of an invoice purchase in Greek, and sends the receipt once it is paid', async () => {
    const buyer = await teacher('gr');
    const [, , material] = await paidMaterials('gr', 3);
    await addToCart({ world: 'gr', userId: buyer, cartToken: null }, material!.id, 'single');
    const { order } = await checkout({
      userId: buyer,
      world: 'gr',
      provider: 'invoice',
      idempotencyKey: `order-mail-invoice-${buyer}`,
      expectedTotal: null,
      deliveryConsent: true,
    });
    const [user] = await getDb().select({ email: t.users.email }).from(t.users).where(eq(t.users.id, buyer));
    const waiting = (await deliveredMail()).filter((mail) => mail.to === user!.email);
    expect(waiting.map((mail) => mail.subject)).toEqual([
      `Η παραγγελία σας ${order.reference}: παρακαλούμε μεταφέρετε το ποσό`,
    ]);
    expect(waiting[0]!.text).toContain('IBAN');
    expect(waiting[0]!.text).toContain(order.reference);

    await recordPayment(order.id, order.totalMinor);
    await recordPayment(order.id, order.totalMinor);
    const all = (await deliveredMail()).filter((mail) => mail.to === user!.email);
    expect(all.map((mail) => mail.subject)).toContain(`Η παραγγελία σας ${order.reference} στο Kreide`);
    expect(all).toHaveLength(2);
  });
});
