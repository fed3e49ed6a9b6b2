import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { parseId } from '@/lib/input/schemas';
import { getTermsDocument, type TermsDocument } from '@/lib/accounts/terms-document';
import { pathFor } from '@/lib/routing/localized-routes';
import { buildPageMetadata } from '@/lib/seo/page-metadata';
import { getPublicOrigin } from '@/lib/seo/origin';
import { DEFAULT_WORLD, getWorld, type World } from '@/lib/worlds/worlds';
import { routeMetadata } from './shell-page';
import type { PageProps, PageView } from './types';

/** A date as the world writes it (the stored time is UTC, and so is the day shown). */
function formatDay(world: World, iso: string): string {
  return new Intl.DateTimeFormat(world.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

/** A language by its own name ("English", "Deutsch"), readable whatever the page's language. */
function languageName(language: string): string {
  return new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
}

async function TermsView({ world, document }: { world: World; document: TermsDocument | null }) {
  const t = await getTranslations('info');
  const legal = await getTranslations('footer');
  const meta = await getTranslations('meta');
  if (!document) {
    return (
      <article className="legal-page terms-page">
        <h1>{meta('routes.terms.title')}</h1>
        <p className="legal-note">{t('terms.none')}</p>
      </article>
    );
  }
  const ownWorld = document.world === world.code;
  const versionLine = t('terms.version', {
    version: document.version,
    date: formatDay(world, document.publishedAt),
  });
  return (
    <article className="legal-page terms-page" lang={document.language ?? undefined}>
      <h1>{document.title}</h1>
      <p className="legal-version" data-testid="terms-version" lang={world.locale}>
        <time dateTime={document.publishedAt}>{versionLine}</time>
      </p>
      {!ownWorld ? (
        <p className="legal-note" data-testid="terms-fallback-note" lang={world.locale}>
          {t('terms.borrowedWorld', { country: getWorld(DEFAULT_WORLD).nativeName })}
        </p>
      ) : document.language !== null && document.language !== world.language ? (
        <p className="legal-note" data-testid="terms-fallback-note" lang={world.locale}>
          {t('terms.otherLanguage', { language: languageName(document.language) })}
        </p>
      ) : null}
      {ownWorld && !document.actual ? (
        <p className="legal-note" data-testid="terms-earlier-note" lang={world.locale}>
          {t('terms.earlierNote')} <Link href={pathFor(world.code, 'terms')}>{t('terms.toActual')}</Link>
        </p>
      ) : null}
      <nav aria-label={t('terms.contents')} lang={world.locale}>
        <ol>
          {document.sections.map((section) => (
            <li key={section.kind}>
              <a href={`#${section.kind}`}>{section.heading ?? legal(`legal.${section.kind}`)}</a>
            </li>
          ))}
        </ol>
      </nav>
      {document.sections.map((section) => (
        <section key={section.kind} id={section.kind} aria-labelledby={`${section.kind}-heading`}>
          <h2 id={`${section.kind}-heading`}>{section.heading ?? legal(`legal.${section.kind}`)}</h2>
          {section.borrowed ? (
            <p className="legal-note" lang={world.locale}>
              {t('terms.borrowedSection', { country: getWorld(DEFAULT_WORLD).nativeName })}
            </p>
          ) : null}
          {section.paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </section>
      ))}
      {document.versions.length > 0 ? (
        <section id="versions" aria-labelledby="versions-heading" lang={world.locale}>
          <h2 id="versions-heading">{t('terms.versions')}</h2>
          <ul data-testid="terms-versions">
            {document.versions.map((version) => {
              const label = t('terms.version', {
                version: version.version,
                date: formatDay(world, version.publishedAt),
              });
              const actual = version.version === document.versions[0]!.version;
              const href = actual
                ? pathFor(world.code, 'terms')
                : pathFor(world.code, 'terms-version', { version: String(version.version) });
              return (
                <li key={version.version}>
                  {version.version === document.version ? (
                    <strong aria-current="page">{label}</strong>
                  ) : (
                    <Link href={href} prefetch={false}>
                      {label}
                    </Link>
                  )}
                  {actual ? ` (${t('terms.actual')})` : null}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

/**
 * The terms page of a world (`info/agb`): its actual terms, one anchored part per legal document
 * kind (the footer's and sign-up's legal links land there), and every version it published.
 */
export const TermsPage: PageView = {
  metadata: routeMetadata,
  async render({ world }) {
    return <TermsView world={world} document={await getTermsDocument(world.code)} />;
  },
};

async function loadVersion(props: PageProps): Promise<TermsDocument> {
  const version = parseId(props.params.version);
  if (version === null) notFound();
  const document = await getTermsDocument(props.world.code, version);
  if (!document) notFound();
  return document;
}

/**
 * One version of a world's terms (`info/agb/{version}`), earlier ones included, so what a user
 * once accepted stays readable. Not indexed (the actual page is the one to find), canonical to
 * itself, and without alternates: version numbers are counted per world.
 */
export const TermsVersionPage: PageView = {
  async metadata(props) {
    const document = await loadVersion(props);
    const meta = await getTranslations('meta');
    const t = await getTranslations('info');
    const metadata = buildPageMetadata({
      title: `${document.title} – ${t('terms.version', {
        version: document.version,
        date: formatDay(props.world, document.publishedAt),
      })}`,
      description: meta('routes.terms-version.description'),
      robots: props.route.robots,
      world: props.world.code,
      worlds: [props.world.code],
      pathInWorld: (world) => pathFor(world, 'terms-version', { version: String(document.version) }),
    });
    const canonical =
      getPublicOrigin() + pathFor(props.world.code, 'terms-version', { version: String(document.version) });
    return { ...metadata, alternates: { canonical } };
  },
  async render(props) {
    return <TermsView world={props.world} document={await loadVersion(props)} />;
  },
};
