import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { pathFor, pathForRoute } from '@/lib/routing/localized-routes';
import type { RobotsClass } from '@/lib/routing/routes';
import type { WorldCode } from '@/lib/worlds/worlds';
import { buildPageMetadata } from '@/lib/seo/page-metadata';
import type { PageProps, PageView } from './types';

/** The localised path of a page in another world, with the same params. */
export function samePageIn(props: PageProps) {
  return (world: WorldCode) => pathForRoute(world, props.route.id, props.params);
}

/**
 * Metadata of a route from its texts in the meta group (title, description), with its robots
 * class (or the one its data calls for) and the same route in every world as alternates.
 */
export async function routeMetadata(props: PageProps, robots: RobotsClass = props.route.robots): Promise<Metadata> {
  const meta = await getTranslations('meta');
  return buildPageMetadata({
    title: meta(`routes.${props.route.id}.title`),
    description: meta(`routes.${props.route.id}.description`),
    robots,
    world: props.world.code,
    pathInWorld: samePageIn(props),
  });
}

/**
 * A translated page shell for routes whose feature is not built yet: the right title,
 * navigation and robots hint, and a way onwards. Listed as open in docs/spec-coverage.md.
 * A shell is never indexed, whatever its route will be once built: search engines would list
 * a page that says nothing yet. Links on it are still followed.
 */
export const ShellPage: PageView = {
  metadata: (props) => routeMetadata(props, props.route.robots === 'index' ? 'noindex-follow' : props.route.robots),
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
