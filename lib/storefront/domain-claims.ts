import 'server-only';
import crypto from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors/app-error';
import { invalidateTags } from '@/lib/cache/invalidate';
import { TAGS } from '@/lib/cache/tags';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { parseHostName } from '@/lib/text/host-name';
import { isOwnHostName, publicHostName } from '@/lib/seo/own-hosts';
import { rememberAuthorDomains } from '@/lib/proxy/author-domains';
import { enforce, type RateLimitRule } from '@/lib/security/rate-limit';
import type { WorldCode } from '@/lib/worlds/worlds';
import { DnsUnavailableError, lookupTxt } from './dns';

/** Custom domains a seller may have at once, pending and verified together. */
export const MAX_DOMAINS_PER_SELLER = 3;

/** DNS checks a seller may start per hour: each costs a lookup that may take seconds. */
export const DOMAIN_CHECKS_PER_HOUR = 10;

/** The label in front of the domain that carries the proof. */
export const VERIFICATION_LABEL = '_kreide-verification';

/** What the TXT record's value starts with; the claim's token follows. */
export const VERIFICATION_PREFIX = 'kreide-verification=';

/** Why the last check of a claim failed; the settings page translates it. */
export type DomainCheckError = 'record_not_found' | 'dns_unavailable' | 'domain_taken';

/** A domain claim as its seller sees it, with the exact TXT record that proves it. */
export interface DomainClaim {
  id: number;
  /** The name in ASCII (an IDN as punycode): what DNS, certificates and the proxy use. */
  domain: string;
  world: WorldCode;
  status: 'pending' | 'verified';
  /** The TXT record's name: `_kreide-verification.<domain>`. */
  recordName: string;
  /** The TXT record's value: `kreide-verification=<token>`. */
  recordValue: string;
  createdAt: string;
  lastCheckedAt: string | null;
  lastError: DomainCheckError | null;
  verifiedAt: string | null;
}

/**
 * A domain as a seller typed it, as the ASCII name Kreide stores, or null when it cannot be an
 * author's domain. Trimmed, then judged by parseHostName (the one host-name rule: an
 * internationalised name becomes punycode as browsers do, `Schüler.DE` → `xn--schler-5ya.de`,
 * so a look-alike such as a Cyrillic `а` stays visible as `xn--…`; ports, paths, userinfo, `%`,
 * `_`, IP addresses in any spelling and broken labels are refused). Refused as well: names of one
 * label, `localhost` and its subdomains, and Kreide's own names (isOwnHostName: the public
 * origin's host, every `kreide.<tld>` and its subdomains by default, whatever KREIDE_OWN_HOSTS
 * lists) and the subdomains of the public origin's host.
 */
export function normalizeClaimDomain(input: string): string | null {
  if (typeof input !== 'string') return null;
  const name = parseHostName(input.trim(), { unicode: 'punycode' });
  if (!name || !name.includes('.')) return null;
  if (name === 'localhost' || name.endsWith('.localhost')) return null;
  if (isOwnHostName(name) || name.endsWith(`.${publicHostName()}`)) return null;
  return name;
}

type ClaimRow = typeof t.authorDomainClaims.$inferSelect;

function toClaim(row: ClaimRow): DomainClaim {
  return {
    id: row.id,
    domain: row.domain,
    world: row.world,
    status: row.verifiedAt ? 'verified' : 'pending',
    recordName: `${VERIFICATION_LABEL}.${row.domain}`,
    recordValue: `${VERIFICATION_PREFIX}${row.token}`,
    createdAt: row.createdAt.toISOString(),
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    lastError: (row.lastError as DomainCheckError | null) ?? null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
  };
}

const domainTaken = () => new AppError('conflict', undefined, { reason: 'domain_taken' });

/** Someone else's claim, a removed one and a made-up id answer alike: nothing is revealed. */
const claimNotFound = () => new AppError('not_found');

/** A seller's claims, oldest first. */
export async function listDomainClaims(sellerId: number): Promise<DomainClaim[]> {
  const rows = await getDb()
    .select()
    .from(t.authorDomainClaims)
    .where(eq(t.authorDomainClaims.authorId, sellerId))
    .orderBy(asc(t.authorDomainClaims.createdAt), asc(t.authorDomainClaims.id));
  return rows.map(toClaim);
}

/**
 * Claims a domain for the seller's storefront in `world`: a pending claim with a fresh token
 * (32 random bytes) for the TXT record to create. Adding a domain the seller already claimed
 * answers that claim unchanged. Refused: a name normalizeClaimDomain refuses (400
 * `invalid_domain`), a domain Kreide already serves for another author (409 `domain_taken`) and
 * a fourth domain (409 `too_many_domains`). A domain another seller merely claims stays open:
 * whoever proves it first gets it. A domain Kreide already serves for this seller (set up
 * before claims existed) is recorded as verified.
 */
export async function addDomainClaim(sellerId: number, world: WorldCode, input: string): Promise<DomainClaim> {
  const domain = normalizeClaimDomain(input);
  if (!domain) throw new AppError('validation_failed', undefined, { reason: 'invalid_domain' });
  const row = await getDb().transaction(async (tx) => {
    // The seller's row is the lock that keeps two concurrent additions from both passing the limit.
    await tx.select({ id: t.users.id }).from(t.users).where(eq(t.users.id, sellerId)).for('update');
    const [existing] = await tx
      .select()
      .from(t.authorDomainClaims)
      .where(and(eq(t.authorDomainClaims.domain, domain), eq(t.authorDomainClaims.authorId, sellerId)));
    if (existing) return existing;
    const [served] = await tx
      .select({ authorId: t.authorDomains.authorId })
      .from(t.authorDomains)
      .where(eq(t.authorDomains.domain, domain));
    if (served && served.authorId !== sellerId) throw domainTaken();
    const [claims] = await tx
      .select({ n: count() })
      .from(t.authorDomainClaims)
      .where(eq(t.authorDomainClaims.authorId, sellerId));
    if (claims!.n >= MAX_DOMAINS_PER_SELLER)
      throw new AppError('conflict', undefined, { reason: 'too_many_domains', limit: MAX_DOMAINS_PER_SELLER });
    const [created] = await tx
      .insert(t.authorDomainClaims)
      .values({
        domain,
        authorId: sellerId,
        world,
        token: crypto.randomBytes(32).toString('base64url'),
        verifiedAt: served ? new Date() : null,
      })
      .returning();
    return created!;
  });
  return toClaim(row);
}

async function ownClaim(sellerId: number, claimId: number): Promise<ClaimRow> {
  const [row] = await getDb()
    .select()
    .from(t.authorDomainClaims)
    .where(and(eq(t.authorDomainClaims.id, claimId), eq(t.authorDomainClaims.authorId, sellerId)));
  if (!row) throw claimNotFound();
  return row;
}

function checkRule(sellerId: number): RateLimitRule {
  return { key: `domain-check:seller:${sellerId}`, limit: DOMAIN_CHECKS_PER_HOUR, windowMs: 60 * 60_000 };
}

/** Remembers when a check ran and why it failed (shown on the settings page). */
async function recordCheck(claimId: number, error: DomainCheckError): Promise<void> {
  await getDb()
    .update(t.authorDomainClaims)
    .set({ lastCheckedAt: new Date(), lastError: error })
    .where(eq(t.authorDomainClaims.id, claimId));
}

/** One TXT value as DNS consoles store it, sometimes with the quotes typed into the form. */
function unquoted(value: string): string {
  const trimmed = value.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
}

/**
 * Checks a claim: looks up the TXT records of `_kreide-verification.<domain>` and, when one holds
 * the claim's value, marks the claim verified and lets Kreide serve the domain as the seller's
 * storefront (one transaction). Every process serves it within a minute (the domain map's
 * refresh); this one at once. Refused: 404 for anyone else's claim, 409 `record_not_found` when
 * no record matches, 503 `dns_unavailable` when DNS does not answer, 409 `domain_taken` when
 * another author proved the domain first, 429 after DOMAIN_CHECKS_PER_HOUR checks. A failed
 * check is recorded on the claim. Checking a verified claim makes sure the domain is still
 * served, without asking DNS.
 */
export async function verifyDomainClaim(sellerId: number, claimId: number): Promise<DomainClaim> {
  const claim = await ownClaim(sellerId, claimId);
  if (!claim.verifiedAt) {
    await enforce(checkRule(sellerId));
    const recordName = `${VERIFICATION_LABEL}.${claim.domain}`;
    let records: string[];
    try {
      records = await lookupTxt(recordName);
    } catch (error) {
      if (!(error instanceof DnsUnavailableError)) throw error;
      await recordCheck(claim.id, 'dns_unavailable');
      throw new AppError('unavailable', undefined, { reason: 'dns_unavailable' });
    }
    if (!records.some((record) => unquoted(record) === `${VERIFICATION_PREFIX}${claim.token}`)) {
      await recordCheck(claim.id, 'record_not_found');
      throw new AppError('conflict', undefined, { reason: 'record_not_found', recordName });
    }
  }
  let result: { row: ClaimRow; served: boolean };
  try {
    result = await getDb().transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(t.authorDomainClaims)
        .where(and(eq(t.authorDomainClaims.id, claimId), eq(t.authorDomainClaims.authorId, sellerId)))
        .for('update');
      // Removed while DNS was asked.
      if (!locked) throw claimNotFound();
      const inserted = await tx
        .insert(t.authorDomains)
        .values({ domain: locked.domain, authorId: sellerId, world: locked.world })
        .onConflictDoNothing()
        .returning({ domain: t.authorDomains.domain });
      if (inserted.length === 0) {
        const [served] = await tx
          .select({ authorId: t.authorDomains.authorId })
          .from(t.authorDomains)
          .where(eq(t.authorDomains.domain, locked.domain));
        if (served && served.authorId !== sellerId) throw domainTaken();
      }
      const now = new Date();
      const [updated] = await tx
        .update(t.authorDomainClaims)
        .set({ verifiedAt: locked.verifiedAt ?? now, lastCheckedAt: now, lastError: null })
        .where(eq(t.authorDomainClaims.id, claimId))
        .returning();
      return { row: updated!, served: inserted.length > 0 };
    });
  } catch (error) {
    if (error instanceof AppError && (error.details as { reason?: unknown } | null)?.reason === 'domain_taken')
      await recordCheck(claimId, 'domain_taken');
    throw error;
  }
  // Only a domain that was not served before changes what the caches and the map hold: checking
  // a verified claim again expires nothing.
  if (result.served) await afterDomainChange(result.row.domain);
  return toClaim(result.row);
}

/**
 * Removes one of the seller's claims and, when it was verified, the storefront on that domain:
 * the storefront and the TLS proxy's question answer 404 within a minute on every process (at
 * once on this one). Someone else's claim answers 404 and is left alone.
 */
export async function removeDomain(sellerId: number, claimId: number): Promise<void> {
  const removed = await getDb().transaction(async (tx) => {
    const [claim] = await tx
      .delete(t.authorDomainClaims)
      .where(and(eq(t.authorDomainClaims.id, claimId), eq(t.authorDomainClaims.authorId, sellerId)))
      .returning();
    if (!claim) throw claimNotFound();
    const unserved = await tx
      .delete(t.authorDomains)
      .where(and(eq(t.authorDomains.domain, claim.domain), eq(t.authorDomains.authorId, sellerId)))
      .returning({ domain: t.authorDomains.domain });
    return { domain: claim.domain, served: unserved.length > 0 };
  });
  // A pending claim was never served: nothing cached to expire.
  if (removed.served) await afterDomainChange(removed.domain);
}

/**
 * After a domain was added to or removed from the served ones (committed): the cached
 * storefront lookups go in every process, and this process reads its domain map again at once
 * instead of waiting up to a minute; the others read theirs within the minute
 * (lib/proxy/author-domains.ts). The map is replaced, never dropped, so the proxy and server.ts
 * keep answering from the old one while the new one is read.
 */
async function afterDomainChange(domain: string): Promise<void> {
  const expired = invalidateTags([TAGS.storefronts, TAGS.storefront(domain)]);
  try {
    const rows = await getDb()
      .select({ domain: t.authorDomains.domain, authorId: t.authorDomains.authorId, world: t.authorDomains.world })
      .from(t.authorDomains);
    rememberAuthorDomains(rows);
  } catch (error) {
    // The change is committed; the map's own refresh picks it up within a minute.
    console.error('author domains could not be read again:', (error as Error).message);
  }
  await expired;
}
