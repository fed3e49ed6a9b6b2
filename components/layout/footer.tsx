import { getTranslations } from 'next-intl/server';
import { linksToFinishedPage } from '@/components/pages/finished-pages';
import { legalLinks } from '@/lib/legal/legal-links';
import { pathFor } from '@/lib/routing/localized-routes';
import type { RouteId } from '@/lib/routing/routes';
import type { World, WorldCode } from '@/lib/worlds/worlds';

/** The info pages the footer names, in its order. */
const INFO_ROUTES = ['help', 'faq', 'team', 'jobs', 'foundation'] as const;

/**
 * The footer's links: the legal documents, the imprint and the info pages, each only once its
 * page is finished. Every page carries the footer, so a link to a "being built" shell here would
 * lead crawlers to it from everywhere; a link comes back by itself when its page is built.
 */
export function footerLinks(world: WorldCode, isFinished?: (id: RouteId) => boolean) {
  const shown = (href: string) => linksToFinishedPage(world, href, isFinished);
  const imprint = pathFor(world, 'imprint');
  return {
    legal: legalLinks(world).filter((link) => shown(link.href)),
    imprint: shown(imprint) ? imprint : null,
    info: INFO_ROUTES.map((id) => ({ id, href: pathFor(world, id) })).filter((link) => shown(link.href)),
  };
}

/** Footer with the world's legal links (terms anchors and agreements) and info pages. */
export async function Footer({ world }: { world: World }) {
  const t = await getTranslations('footer');
  const { legal: links, imprint, info } = footerLinks(world.code);
  return (
    <footer className="site-footer">
      {links.length > 0 || imprint ? (
        <nav aria-label={t('legalNavigation')}>
          <ul>
            {links.map((link) => (
              <li key={link.kind}>
                <a href={link.href}>{t(`legal.${link.kind}`)}</a>
              </li>
            ))}
            {imprint ? (
              <li>
                <a href={imprint}>{t('imprint')}</a>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
      {info.length > 0 ? (
        <nav aria-label={t('infoNavigation')}>
          <ul>
            {info.map((link) => (
              <li key={link.id}>
                <a href={link.href}>{t(link.id)}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p className="copyright">{t('copyright', { year: 2026 })}</p>
    </footer>
  );
}
