import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { pathFor, pathForRoute } from '@/lib/routing/localized-routes';
import type { WorldCode } from '@/lib/worlds/worlds';
import { buildPageMetadata } from '@/lib/seo/page-metadata';
import type { PageProps, PageView } from './types';

/** The localised path of a page in another world, with the same params. */
export function samePageIn(props: PageProps) {
  return (world: WorldCode) => pathForRoute(world, props.route.id, props.params);
}

/**
 * Metadata of a route from its texts in the meta group (title, description), with its robots
 * class and the same route in every world as alternates.
 */
export async function routeMetadata(props: PageProps): Promise<Metadata> {
  const meta = await getTranslations('meta');
  return buildPageMetadata({
    title: meta(`routes.${props.route.id}.title`),
    description: meta(`routes.${props.route.id}.description`),
    robots: props.route.robots,
    world: props.world.code,
    pathInWorld: samePageIn(props),
  });
}

/**
 * A translated page shell for routes whose feature is not built yet: the right title,
 * navigation and robots hint, and a way onwards. Listed as open in docs/spec-coverage.md.
 */
export const ShellPage: PageView = {
  metadata: routeMetadata,
  async render(props) {
    const t = await getTranslations('meta');
    const common = await getTranslations('common');
    return (
      <section className="shell-page" data-route={props.route.id}>
        <h1>{t(`routes.${props.route.id}.title`)}</h1>
        <p>{t(`routes.${props.route.id}.description`)}</p>
        <p className="shell-note">{common('shell.note')}</p>
        <p>
          <Link href={pathFor(props.world.code, 'home')}>{common('shell.home')}</Link> ·{' '}
          <Link href={pathFor(props.world.code, 'search')}>{common('shell.search')}</Link>
        </p>
      </section>
    );
  },
};
