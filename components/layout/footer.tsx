import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { legalLinks } from '@/lib/legal/legal-links';
import { pathFor } from '@/lib/routing/localized-routes';
import type { World } from '@/lib/worlds/worlds';

/** Footer with the world's legal links (terms anchors and agreements) and info pages. */
export async function Footer({ world }: { world: World }) {
  const t = await getTranslations('footer');
  const links = legalLinks(world.code);
  return (
    <footer className="site-footer">
      <nav aria-label={t('legalNavigation')}>
        <ul>
          {links.map((link) => (
            <li key={link.kind}>
              <a href={link.href}>{t(`legal.${link.kind}`)}</a>
            </li>
          ))}
          <li>
            <Link href={pathFor(world.code, 'imprint')} prefetch={false}>
              {t('imprint')}
            </Link>
          </li>
        </ul>
      </nav>
      <nav aria-label={t('infoNavigation')}>
        <ul>
          <li>
            <Link href={pathFor(world.code, 'help')} prefetch={false}>
              {t('help')}
            </Link>
          </li>
          <li>
            <Link href={pathFor(world.code, 'faq')} prefetch={false}>
              {t('faq')}
            </Link>
          </li>
          <li>
            <Link href={pathFor(world.code, 'team')} prefetch={false}>
              {t('team')}
            </Link>
          </li>
          <li>
            <Link href={pathFor(world.code, 'jobs')} prefetch={false}>
              {t('jobs')}
            </Link>
          </li>
          <li>
            <Link href={pathFor(world.code, 'foundation')} prefetch={false}>
              {t('foundation')}
            </Link>
          </li>
        </ul>
      </nav>
      <p className="copyright">{t('copyright', { year: 2026 })}</p>
    </footer>
  );
}
