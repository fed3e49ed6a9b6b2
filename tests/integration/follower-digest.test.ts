/**
 * The followed-authors digest and the single-purpose links of mails: one digest a day per
 * follower (started once however often the hourly job runs), only first publications of that
 * day in the follower's world, ten listed and a link to the rest, none with the preference off;
 * its links and the `List-Unsubscribe` one-click POST do their one thing without a session, the
 * undo needs our Origin, and a forged, altered, expired or other partition's token does nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import { POST as mailLink } from '@/app/api/v1/subscriptions/[partition]/[token]/route';
import { MailLinkPage } from '@/components/subscriptions/mail-link-page';
import { createAccount } from '@/lib/accounts/accounts';
import { getNotificationPreferences, updateNotificationPreferences } from '@/lib/cabinet/notification-preferences';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { drainJobs } from '@/lib/jobs/workers';
import { readOutbox, type OutboxMail } from '@/lib/mail/outbox';
import { getRoute, type RouteId } from '@/lib/routing/routes';
import { DIGEST_MAX_LISTED, lastEndedDay, startDigest } from '@/lib/subscriptions/follower-digest';
import { createMailLinkToken, MAIL_LINK_TTL_MS, type MailLink } from '@/lib/subscriptions/mail-links';
import { getWorld, type WorldCode } from '@/lib/worlds/worlds';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { callRoute, FORM } from './support/routes';
import { translateInto } from './support/translations';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
});
afterAll(() => database.stop());

let counter = 0;
async function teacher(world: WorldCode = 'de'): Promise<{ id: number; email: string }> {
  counter += 1;
  const email = `digest-${counter}-${Date.now()}@example.test`;
  const { id } = await createAccount({
    email,
    publicName: `Digest Reader ${counter}`,
    world,
    passwordHash: null,
    status: 'active',
    creationSource: 'web',
  });
  return { id, email };
}

/** An author (a seller with a profile) of the seeded catalogue, with materials in `world`. */
async function authorsOf(world: WorldCode, count: number): Promise<number[]> {
  const rows = await getDb().execute<{ author_id: number }>(
    sql`SELECT author_id FROM materials WHERE world = ${world} AND is_active AND deleted_at IS NULL
        GROUP BY author_id HAVING count(*) >= 2 ORDER BY author_id LIMIT ${count}`,
  );
  return rows.rows.map((row) => Number(row.author_id));
}

async function follow(followerId: number, authorId: number) {
  await getDb().insert(t.authorFollows).values({ followerId, authorId }).onConflictDoNothing();
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Noon of a UTC day. */
const noonOf = (day: string, shiftDays = 0) => new Date(Date.parse(`${day}T12:00:00Z`) + shiftDays * DAY_MS);

/** Gives an author's materials (up to `count`) in `world` a first publication at `at`. */
async function publishAt(authorId: number, world: WorldCode, count: number, at: Date): Promise<number[]> {
  const rows = await getDb().execute<{ id: number }>(
    sql`UPDATE materials SET published_at = ${at.toISOString()}::timestamptz
        WHERE id IN (SELECT id FROM materials WHERE author_id = ${authorId} AND world = ${world} AND is_active
          AND deleted_at IS NULL ORDER BY id LIMIT ${count}) RETURNING id`,
  );
  return rows.rows.map((row) => Number(row.id));
}

function mailsTo(email: string, since: number): OutboxMail[] {
  return readOutbox()
    .slice(since)
    .filter((mail) => mail.to === email);
}

function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
}

/** Calls the link route as a mail provider, a browser form or a client would. */
function postLink(
  partition: string,
  token: string,
  fields: Record<string, string>,
  options: { origin?: string | false; accept?: string; world?: WorldCode } = {},
) {
  return callRoute(mailLink, `/api/v1/subscriptions/${partition}/${token}?world=${options.world ?? 'de'}`, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { ...FORM, ...(options.accept ? { accept: options.accept } : {}) },
    params: { partition, token },
    origin: options.origin ?? false,
  });
}

async function renderLinkPage(world: WorldCode, route: RouteId, token: string, query: Record<string, string> = {}) {
  translateInto(getWorld(world).language);
  const node = await MailLinkPage.render({
    world: getWorld(world),
    route: getRoute(route),
    params: { token },
    userId: null,
    query,
  });
  return renderToStaticMarkup(node);
}

const followsOf = async (followerId: number, authorId: number) =>
  (
    await getDb()
      .select()
      .from(t.authorFollows)
      .where(and(eq(t.authorFollows.followerId, followerId), eq(t.authorFollows.authorId, authorId)))
  ).length;

describe(`follower digest on ${BACKEND}`, () => {
  const day = lastEndedDay();

  it('mails each follower once a day the first publications of their world, ten listed and a link to the rest', async () => {
    const [busy, quiet, other] = await authorsOf('de', 3);
    const [greekAuthor] = await authorsOf('gr', 1);
    const reader = await teacher('de');
    const optedOut = await teacher('de');
    const greek = await teacher('gr');
    const nobody = await teacher('de');
    const pending = await teacher('de');
    await getDb().update(t.accountStates).set({ status: 'pending' }).where(eq(t.accountStates.userId, pending.id));
    await follow(pending.id, busy!);
    for (const authorId of [busy!, quiet!]) await follow(reader.id, authorId);
    await follow(optedOut.id, busy!);
    await follow(greek.id, greekAuthor!);
    await follow(greek.id, busy!);
    await follow(nobody.id, other!);
    await updateNotificationPreferences(optedOut.id, { followed_authors: false });

    // The busy author gets 14 more de materials (seeded authors have a few each).
    await getDb().execute(sql`INSERT INTO materials (world, author_id, title, slug, description, price_cents, currency)
      SELECT 'de', ${busy!}, 'Bruchrechnung Teil ' || g, 'bruchrechnung-teil-' || g, 'Übungen', 300, 'EUR'
      FROM generate_series(1, 14) g`);
    // Yesterday: the busy author's de materials and the Greek author's; the quiet author's two
    // days ago (an earlier day's news), the other author's not at all.
    const busyIds = await publishAt(busy!, 'de', 40, noonOf(day));
    await publishAt(quiet!, 'de', 5, noonOf(day, -1));
    const greekIds = await publishAt(greekAuthor!, 'gr', 2, noonOf(day));
    await publishAt(other!, 'de', 3, noonOf(day, -3));
    expect(busyIds.length).toBeGreaterThan(DIGEST_MAX_LISTED);

    const before = readOutbox().length;
    expect(await startDigest(day)).toBe(true);
    // The hourly job again, in this or another process: the day is started once.
    expect(await startDigest(day)).toBe(false);
    await drainJobs();

    const [digest, ...more] = mailsTo(reader.email, before);
    expect(more).toEqual([]);
    expect(digest!.subject).toContain(String(busyIds.length));
    const listed = digest!.text.split('\n').filter((line) => line.startsWith('• '));
    expect(listed).toHaveLength(DIGEST_MAX_LISTED);
    expect(digest!.text).toMatch(new RegExp(`${busyIds.length - DIGEST_MAX_LISTED} weitere`));
    // Links: materials in the de world, one unfollow link for the author listed, the settings off link.
    const links = linksIn(digest!.text);
    expect(links.filter((link) => /\/de\/unfollow-author\//.test(link))).toHaveLength(1);
    expect(links.filter((link) => /\/de\/unsubscribe\//.test(link))).toHaveLength(1);
    expect(digest!.listUnsubscribe).toMatch(
      /^<http:\/\/localhost:3000\/api\/v1\/subscriptions\/notifications\/[^>]+>$/,
    );
    expect(digest!.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');

    expect(mailsTo(optedOut.email, before)).toEqual([]);
    expect(mailsTo(nobody.email, before)).toEqual([]);
    expect(mailsTo(pending.email, before)).toEqual([]);
    // The Greek teacher reads Greek and only the materials of the Greek world.
    const [greekDigest] = mailsTo(greek.email, before);
    expect(greekDigest!.text.split('\n').filter((line) => line.startsWith('• '))).toHaveLength(greekIds.length);
    expect(linksIn(greekDigest!.text).every((link) => link.includes('/gr/'))).toBe(true);

    // Running the queue again sends nothing more.
    await drainJobs();
    expect(mailsTo(reader.email, before)).toHaveLength(1);
  });

  it('turns the digest off by the one-click POST of a mail provider, without session or Origin', async () => {
    const reader = await teacher('de');
    const link: MailLink = { partition: 'notifications', userId: reader.id, kind: 'followed_authors' };
    const token = createMailLinkToken(link);
    const response = await postLink('notifications', token, { 'List-Unsubscribe': 'One-Click' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ partition: 'notifications', kind: 'followed_authors', subscribed: false });
    expect((await getNotificationPreferences(reader.id)).followed_authors).toBe(false);
    // Twice is fine (the provider and the visitor both click).
    expect((await postLink('notifications', token, { 'List-Unsubscribe': 'One-Click' })).status).toBe(200);
    // The other kinds stay as they were.
    expect((await getNotificationPreferences(reader.id)).sales).toBe(true);
  });

  it('undoes only from our own page: no Origin or another site is refused', async () => {
    const reader = await teacher('de');
    await updateNotificationPreferences(reader.id, { followed_authors: false });
    const token = createMailLinkToken({ partition: 'notifications', userId: reader.id, kind: 'followed_authors' });
    for (const origin of [false, 'https://evil.example'] as const) {
      const refused = await postLink('notifications', token, { action: 'resubscribe' }, { origin });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    }
    expect((await getNotificationPreferences(reader.id)).followed_authors).toBe(false);
    const undone = await postLink(
      'notifications',
      token,
      { action: 'resubscribe' },
      { origin: 'http://localhost:3000', accept: 'text/html' },
    );
    expect(undone.status).toBe(303);
    expect(undone.headers.get('location')).toBe(`/de/unsubscribe/${token}?state=on`);
    expect((await getNotificationPreferences(reader.id)).followed_authors).toBe(true);
  });

  it('refuses forged, altered, expired, other partitions’ and malformed tokens, changing nothing', async () => {
    const reader = await teacher('de');
    const [authorId] = await authorsOf('de', 1);
    await follow(reader.id, authorId!);
    const valid = createMailLinkToken({ partition: 'authors', userId: reader.id, authorId: authorId! });
    const [payload, signature] = valid.split('.');
    const otherAccount = createMailLinkToken({ partition: 'authors', userId: reader.id + 1, authorId: authorId! });
    const bad = [
      // Another partition's token: a notifications token does not unfollow.
      createMailLinkToken({ partition: 'notifications', userId: reader.id, kind: 'followed_authors' }),
      // The payload of another account under this signature.
      `${otherAccount.split('.')[0]}.${signature}`,
      `${payload}.${signature!.slice(0, -2)}AA`,
      createMailLinkToken(
        { partition: 'authors', userId: reader.id, authorId: authorId! },
        Date.now() - MAIL_LINK_TTL_MS - 1000,
      ),
    ];
    for (const token of bad) {
      const response = await postLink('authors', token, { 'List-Unsubscribe': 'One-Click' });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { details: { reason: string } } }).error.details.reason).toBe(
        'mail_link_invalid',
      );
    }
    // Not a token at all, an unknown partition, a body that is no action: 4xx in the error shape.
    expect((await postLink('authors', 'x'.repeat(500), { action: 'unsubscribe' })).status).toBe(404);
    expect((await postLink('everything', valid, { action: 'unsubscribe' })).status).toBe(404);
    const badBodies: Record<string, string>[] = [
      {},
      { action: 'delete' },
      { 'List-Unsubscribe': 'Two-Clicks' },
      { restore: 'x' },
    ];
    for (const fields of badBodies) {
      const response = await postLink('authors', valid, fields);
      expect(response.status).toBe(400);
    }
    const json = await callRoute(mailLink, `/api/v1/subscriptions/authors/${valid}?world=de`, {
      body: { action: 'unsubscribe' },
      params: { partition: 'authors', token: valid },
    });
    expect(json.status).toBe(400);
    expect(await followsOf(reader.id, authorId!)).toBe(1);
    // A token made two years ago still works: links keep working for at least a year.
    const old = createMailLinkToken(
      { partition: 'authors', userId: reader.id, authorId: authorId! },
      Date.now() - 366 * DAY_MS,
    );
    expect((await postLink('authors', old, { 'List-Unsubscribe': 'One-Click' })).status).toBe(200);
    expect(await followsOf(reader.id, authorId!)).toBe(0);
  });

  it('unfollows by the page the mail links to, says so without naming the account, and follows again', async () => {
    const reader = await teacher('it');
    const [authorId] = await authorsOf('it', 1);
    await follow(reader.id, authorId!);
    const followers = async () =>
      (
        await getDb()
          .select({ n: t.authorProfiles.followersNumber })
          .from(t.authorProfiles)
          .where(eq(t.authorProfiles.userId, authorId!))
      )[0]?.n ?? 0;
    await getDb().execute(
      sql`UPDATE author_profiles SET followers_number = (SELECT count(*) FROM author_follows WHERE author_id = ${authorId!}) WHERE user_id = ${authorId!}`,
    );
    const countBefore = await followers();
    const token = createMailLinkToken({ partition: 'authors', userId: reader.id, authorId: authorId! });

    // Opening the link changes nothing (mail scanners open every link): the page asks.
    const page = await renderLinkPage('it', 'unfollow-author', token);
    expect(page).toContain('data-state="subscribed"');
    expect(page).toContain('data-testid="mail-link-confirm"');
    expect(await followsOf(reader.id, authorId!)).toBe(1);
    // The page names the author and nothing of the reader.
    expect(page).not.toContain(reader.email);
    expect(page).not.toContain('Digest Reader');
    expect(page).toContain(`action="/api/v1/subscriptions/authors/${token}?world=it"`);
    expect(page).toContain('name="action" value="unsubscribe"');

    // Its button: a plain form post, no session, no Origin needed to unsubscribe.
    const confirmed = await postLink('authors', token, { action: 'unsubscribe' }, { accept: 'text/html', world: 'it' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`/it/smetti-di-seguire/${token}?state=off`);
    expect(await followsOf(reader.id, authorId!)).toBe(0);
    expect(await followers()).toBe(countBefore - 1);
    const done = await renderLinkPage('it', 'unfollow-author', token, { state: 'off' });
    expect(done).toContain('data-state="unsubscribed"');
    expect(done).toContain('name="action" value="resubscribe"');

    const undo = await postLink(
      'authors',
      token,
      { action: 'resubscribe' },
      { origin: 'http://localhost:3000', accept: 'text/html', world: 'it' },
    );
    expect(undo.status).toBe(303);
    expect(await followsOf(reader.id, authorId!)).toBe(1);
    // Shown after the undo: the state as stored, without unfollowing again.
    const after = await renderLinkPage('it', 'unfollow-author', token, { state: 'on' });
    expect(after).toContain('data-state="subscribed"');
    expect(await followsOf(reader.id, authorId!)).toBe(1);

    // A forged token's page: a clear message, nothing changed.
    const invalid = await renderLinkPage('it', 'unfollow-author', `${token.split('.')[0]}.AAAA`);
    expect(invalid).toContain('data-state="invalid"');
    expect(await followsOf(reader.id, authorId!)).toBe(1);
    // Someone who is no longer an author: the link opens nothing.
    await getDb().update(t.users).set({ isSeller: false }).where(eq(t.users.id, authorId!));
    expect(await renderLinkPage('it', 'unfollow-author', token)).toContain('data-state="invalid"');
  });

  it('turns every optional mail off by link and its undo restores exactly what was on', async () => {
    const reader = await teacher('de');
    await updateNotificationPreferences(reader.id, { newsletter: true, comments: false });
    const token = createMailLinkToken({ partition: 'all', userId: reader.id });
    expect(await renderLinkPage('de', 'unsubscribe-by-link', token)).toContain('data-state="subscribed"');
    const off = await postLink('all', token, { action: 'unsubscribe' }, { accept: 'text/html' });
    expect(off.status).toBe(303);
    expect(Object.values(await getNotificationPreferences(reader.id)).every((on) => on === false)).toBe(true);
    const location = new URL(off.headers.get('location')!, 'http://localhost:3000');
    const page = await renderLinkPage('de', 'unsubscribe-by-link', token, Object.fromEntries(location.searchParams));
    expect(page).toContain('data-state="unsubscribed"');
    const restore = /name="restore" value="([^"]+)"/.exec(page)![1]!;
    expect(restore.split(',').sort()).toEqual(['followed_authors', 'material_updates', 'newsletter', 'sales']);

    const undo = await postLink('all', token, { action: 'resubscribe', restore }, { origin: 'http://localhost:3000' });
    expect(undo.status).toBe(200);
    expect(await getNotificationPreferences(reader.id)).toEqual({
      newsletter: true,
      followed_authors: true,
      sales: true,
      material_updates: true,
      comments: false,
    });
  });

  it('turns the newsletter off by the mailing link; a deleted account’s link does nothing', async () => {
    const reader = await teacher('de');
    await updateNotificationPreferences(reader.id, { newsletter: true });
    const token = createMailLinkToken({ partition: 'mailing', userId: reader.id });
    expect(await renderLinkPage('de', 'mailing-unsubscribe', token)).toContain('data-state="subscribed"');
    expect((await getNotificationPreferences(reader.id)).newsletter).toBe(true);
    // RFC 8058's own example posts multipart: taken as well as urlencoded.
    const multipart = new FormData();
    multipart.set('List-Unsubscribe', 'One-Click');
    const encoded = new Response(multipart);
    const oneClick = await callRoute(mailLink, `/api/v1/subscriptions/mailing/${token}?world=de`, {
      method: 'POST',
      body: await encoded.text(),
      headers: { 'content-type': encoded.headers.get('content-type')! },
      params: { partition: 'mailing', token },
      origin: false,
    });
    expect(oneClick.status).toBe(200);
    expect((await getNotificationPreferences(reader.id)).newsletter).toBe(false);

    await getDb().update(t.accountStates).set({ status: 'deleted' }).where(eq(t.accountStates.userId, reader.id));
    expect(
      (await postLink('mailing', token, { action: 'resubscribe' }, { origin: 'http://localhost:3000' })).status,
    ).toBe(404);
    expect((await getNotificationPreferences(reader.id)).newsletter).toBe(false);
  });
});
