/**
 * Every mail speaks the world of what it is about: a purchase's mails the world it was bought in,
 * an account's mails the account's world — never the world of the page that happened to trigger
 * it, and never German by default. Each case uses an account or purchase in a world other than
 * the one asking, so a mail that took the wrong one shows.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { createAccount, hashPassword } from '@/lib/accounts/accounts';
import { changePassword, requestPasswordRecovery } from '@/lib/accounts/password';
import { requestEmailChange } from '@/lib/accounts/email-change';
import { register } from '@/lib/accounts/registration';
import { deleteAccount } from '@/lib/cabinet/delete-account';
import { addToCart } from '@/lib/commerce/cart';
import { checkout } from '@/lib/commerce/checkout';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { getMessages, type Messages } from '@/lib/i18n/messages';
import { enqueue } from '@/lib/jobs/enqueue';
import { renderVersionMail, versionMailJob } from '@/lib/selling/version-mails';
import { getWorld, type Language, type WorldCode } from '@/lib/worlds/worlds';
import { paidMaterials } from './support/catalogue';
import { deliveredMail } from './support/mail';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 80 });
}, 120_000);
afterAll(() => database.stop());

const PASSWORD = 'correct horse battery';
let counter = 0;

async function teacher(world: WorldCode) {
  counter += 1;
  const email = `mail-world-${counter}-${Date.now()}@example.test`;
  const { id } = await createAccount({
    email,
    publicName: `Mail Tester ${counter}`,
    world,
    passwordHash: await hashPassword(PASSWORD),
    status: 'active',
    creationSource: 'web',
  });
  await getDb()
    .insert(t.billingAddresses)
    .values({
      userId: id,
      fullName: `Mail Tester ${counter}`,
      street: 'Schulweg 2',
      postalCode: '10115',
      city: 'Berlin',
      countryCode: 'DE',
    });
  return { id, email };
}

function text(language: Language, path: string[]): string {
  let node: string | Messages | undefined = getMessages(language);
  for (const key of path) node = typeof node === 'object' ? node[key] : undefined;
  if (typeof node !== 'string') throw new Error(`no text ${path.join('.')}`);
  return node;
}

/** The worlds the mail's links lead into (the first path segment of every link to us). */
function linkWorlds(body: string): string[] {
  return [...body.matchAll(/https?:\/\/[^\s/]+\/([^\s/?#]+)/g)].map((match) => match[1]!);
}

/** The mail is in `world`'s language (its subject's fixed words) and every link leads into `world`. */
function expectInWorld(mail: { subject: string; text: string }, world: WorldCode, subjectPath: string[]) {
  const { language } = getWorld(world);
  const subjectWords = text(language, subjectPath)
    .split(/\{[^}]*\}/)[0]!
    .trim();
  expect(mail.subject).toContain(subjectWords);
  const links = linkWorlds(mail.text);
  expect(links.length).toBeGreaterThan(0);
  expect(new Set(links)).toEqual(new Set([world]));
}

const newestTo = async (to: string, subjectPath: string[], world: WorldCode) => {
  const words = text(getWorld(world).language, subjectPath)
    .split(/\{[^}]*\}/)[0]!
    .trim();
  const mails = (await deliveredMail()).filter((mail) => mail.to === to && mail.subject.includes(words));
  expect(mails.length).toBeGreaterThan(0);
  return mails.at(-1)!;
};

describe(`mails in the world of what they are about on ${BACKEND}`, () => {
  it('sends the new-version mail to a buyer who bought in gr in Greek, with /gr/ links', async () => {
    // An account from the German world that bought in the Greek one.
    const buyer = await teacher('de');
    const [material] = await paidMaterials('gr', 1, { withFile: true });
    await addToCart({ world: 'gr', userId: buyer.id, cartToken: null }, material!.id, 'single');
    await checkout({
      userId: buyer.id,
      world: 'gr',
      provider: 'test',
      idempotencyKey: `mail-world-${buyer.id}`,
      expectedTotal: null,
      deliveryConsent: true,
    });
    // The order's own mail already followed the order: the purchase's world.
    expectInWorld(await newestTo(buyer.email, ['payment', 'mails', 'subject', 'paid'], 'gr'), 'gr', [
      'payment',
      'mails',
      'subject',
      'paid',
    ]);
    const [version] = await getDb()
      .select({ id: t.materialFileVersions.id })
      .from(t.materialFileVersions)
      .where(and(eq(t.materialFileVersions.materialId, material!.id), isNotNull(t.materialFileVersions.publishedAt)));
    const rendered = await renderVersionMail(material!.id, version!.id, buyer.id);
    expectInWorld(rendered!, 'gr', ['cabinet-materials', 'newVersionMail', 'subject']);
    expect(rendered!.text).not.toContain('/de/');
    // And as the job sends it.
    await enqueue(versionMailJob, { materialId: material!.id, versionId: version!.id, userId: buyer.id });
    const sent = await newestTo(buyer.email, ['cabinet-materials', 'newVersionMail', 'subject'], 'gr');
    expectInWorld(sent, 'gr', ['cabinet-materials', 'newVersionMail', 'subject']);
    expect(sent.listUnsubscribe).toMatch(/\/api\/v1\/subscriptions\/notifications\/[^>]+\?world=gr>$/);
  });

  // Each account mail, triggered from a page of another world than the account's.
  const ACCOUNT_CASES: {
    kind: string;
    trigger: (user: { id: number; email: string }) => Promise<unknown>;
    to?: (user: { id: number; email: string }) => string;
  }[] = [
    {
      kind: 'passwordRecovery',
      trigger: (user) => requestPasswordRecovery(user.email, { world: 'de', ip: '192.0.2.10' }),
    },
    {
      kind: 'passwordChanged',
      trigger: (user) =>
        changePassword(
          user.id,
          0,
          { current_password: PASSWORD, new_password: 'another long passphrase' },
          { world: 'de', ip: '192.0.2.11' },
        ),
    },
    {
      kind: 'alreadyRegistered',
      trigger: (user) =>
        register(
          { email: user.email, password: 'some other passphrase', public_name: 'Jemand', accept_terms: true },
          { world: 'de', ip: '192.0.2.12' },
        ),
    },
    {
      kind: 'changeEmailConfirm',
      trigger: (user) =>
        requestEmailChange(
          user.id,
          { new_email: `new-${user.email}`, password: PASSWORD },
          { world: 'de', ip: '192.0.2.13' },
        ),
      to: (user) => `new-${user.email}`,
    },
    {
      kind: 'changeEmailNotice',
      trigger: (user) =>
        requestEmailChange(
          user.id,
          { new_email: `newer-${user.email}`, password: PASSWORD },
          { world: 'de', ip: '192.0.2.14' },
        ),
    },
    {
      kind: 'accountDeleted',
      trigger: (user) =>
        deleteAccount({ password: PASSWORD }, { userId: user.id, impersonatorUserId: null, world: 'de', ip: null }),
    },
  ];

  it.each(ACCOUNT_CASES)('sends $kind in the account’s world (gr), asked from a German page', async (c) => {
    const user = await teacher('gr');
    await c.trigger(user);
    const subject = ['signup', 'mails', c.kind, 'subject'];
    const mail = await newestTo(c.to?.(user) ?? user.email, subject, 'gr');
    expect(mail.text.startsWith(text('el', ['signup', 'mails', 'greeting']).split('{')[0]!)).toBe(true);
    // The deletion notice has no link: its language is what shows the world.
    if (c.kind === 'accountDeleted' || c.kind === 'changeEmailNotice') {
      expect(mail.subject).toBe(text('el', subject));
      expect(linkWorlds(mail.text).filter((world) => world !== 'gr')).toEqual([]);
    } else expectInWorld(mail, 'gr', subject);
  });
});
