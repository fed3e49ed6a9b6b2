import { getMessages } from '@/lib/i18n/messages';
import { getPublicOrigin } from '@/lib/seo/origin';
import { listDomainClaims, MAX_DOMAINS_PER_SELLER, type DomainClaim } from '@/lib/storefront/domain-claims';
import { fill } from '@/lib/text/fill';
import type { World } from '@/lib/worlds/worlds';
import { AddDomainForm, CopyButton, DomainClaimActions, type DomainTexts } from './domain-settings-form';
import styles from './domain-settings.module.css';
import selling from './selling.module.css';

const pick = <K extends keyof DomainTexts>(texts: DomainTexts, keys: readonly K[]): Pick<DomainTexts, K> =>
  Object.fromEntries(keys.map((key) => [key, texts[key]])) as Pick<DomainTexts, K>;

// Client components get only the texts they show: each is serialised into the page once per use.
const actionTexts = (texts: DomainTexts) =>
  pick(texts, [
    'verify',
    'verifying',
    'verifiedNow',
    'remove',
    'removing',
    'confirmRemove',
    'removed',
    'failed',
    'signedOut',
  ] as const);
const addTexts = (texts: DomainTexts) =>
  pick(texts, ['label', 'hint', 'required', 'tooLong', 'add', 'adding', 'added', 'failed', 'signedOut'] as const);

function Claim({
  claim,
  texts,
  reasons,
  date,
}: {
  claim: DomainClaim;
  texts: DomainTexts;
  reasons: Record<string, unknown>;
  date: Intl.DateTimeFormat;
}) {
  const pending = claim.status === 'pending';
  const copyTexts = { copy: texts.copy, copied: texts.copied };
  const reason = claim.lastError ? reasons[claim.lastError] : null;
  return (
    <li className={styles.claim} data-testid="domain-claim" data-status={claim.status}>
      <h3>
        {claim.domain}
        <span className={`${styles.badge} ${pending ? styles.pending : styles.verified}`}>
          {texts.status[claim.status]}
        </span>
      </h3>
      {pending ? (
        <>
          <p>{texts.recordIntro}</p>
          <dl className={styles.record}>
            <dt>{texts.recordType}</dt>
            <dd>
              <code>TXT</code>
            </dd>
            <dt>{texts.recordName}</dt>
            <dd>
              <code data-testid="record-name">{claim.recordName}</code>
              <CopyButton value={claim.recordName} texts={copyTexts} />
            </dd>
            <dt>{texts.recordValue}</dt>
            <dd>
              <code data-testid="record-value">{claim.recordValue}</code>
              <CopyButton value={claim.recordValue} texts={copyTexts} />
            </dd>
          </dl>
          <p className={selling.muted}>{texts.recordHint}</p>
          {typeof reason === 'string' ? (
            <p className={selling.error} data-testid="domain-last-error">
              {fill(texts.lastError, { reason })}
            </p>
          ) : null}
        </>
      ) : (
        <p>{fill(texts.verifiedOn, { date: date.format(new Date(claim.verifiedAt!)), domain: claim.domain })}</p>
      )}
      <DomainClaimActions claimId={claim.id} domain={claim.domain} pending={pending} texts={actionTexts(texts)} />
    </li>
  );
}

/**
 * The seller's custom domains, for the author-page settings: how to point a domain at Kreide,
 * each claim with its state and the exact TXT record that proves it, and the forms to add,
 * check and remove one (client components that call the seller domain API and render the page
 * again). For a signed-in seller; the claims are read here, per request.
 */
export async function DomainSettingsSection({ world, userId }: { world: World; userId: number }) {
  const messages = getMessages(world.language);
  const texts = (messages['cabinet-settings'] as unknown as { domains: DomainTexts }).domains;
  const common = messages.common;
  const reasons = typeof common === 'object' && typeof common.apiReasons === 'object' ? common.apiReasons : {};
  const claims = await listDomainClaims(userId);
  const host = new URL(getPublicOrigin()).hostname;
  const date = new Intl.DateTimeFormat(world.locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <section aria-labelledby="domain-settings-title" className={styles.section} data-testid="domain-settings">
      <h2 id="domain-settings-title">{texts.title}</h2>
      <p>{fill(texts.intro, { host })}</p>
      {claims.length === 0 ? (
        <p className={selling.muted}>{texts.empty}</p>
      ) : (
        <ul className={styles.claims}>
          {claims.map((claim) => (
            <Claim key={claim.id} claim={claim} texts={texts} reasons={reasons} date={date} />
          ))}
        </ul>
      )}
      {claims.length < MAX_DOMAINS_PER_SELLER ? (
        <AddDomainForm texts={addTexts(texts)} />
      ) : (
        <p className={selling.muted}>{fill(texts.limitReached, { max: MAX_DOMAINS_PER_SELLER })}</p>
      )}
    </section>
  );
}
