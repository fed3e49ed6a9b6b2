import { notFound, permanentRedirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { MaterialCardList } from '@/components/catalog/material-card';
import { JsonLd } from '@/components/seo/json-ld';
import {
  getKeywordLanding,
  getLessonLanding,
  getSchoolLanding,
  listListLandingMaterials,
  type Landing,
  type ListLandingKind,
} from '@/lib/catalog/landings';
import { pathFor, pathForRoute } from '@/lib/routing/localized-routes';
import { getPublicOrigin } from '@/lib/seo/origin';
import { buildPageMetadata } from '@/lib/seo/page-metadata';
import { buildLandingBreadcrumbs } from '@/components/seo/structured-data';
import { isWorldCode, type WorldCode } from '@/lib/worlds/worlds';
import { requireId } from './params';
import { routeMetadata } from './shell-page';
import type { PageProps, PageView } from './types';

type LandingKind = 'keyword-landing' | 'lesson-landing' | 'school-landing';

const LOADERS: Record<LandingKind, (id: number) => Promise<Landing | null>> = {
  'keyword-landing': getKeywordLanding,
  'lesson-landing': getLessonLanding,
  'school-landing': getSchoolLanding,
};

function canonicalPath(kind: LandingKind, world: WorldCode, landing: Landing): string {
  if (kind === 'school-landing')
    return pathFor(world, kind, { school: landing.slug, id: String(landing.id), slug: [] });
  return pathFor(world, kind, { id: String(landing.id), slug: [landing.slug] });
}

async function load(props: PageProps): Promise<Landing> {
  const id = requireId(props.params.id);
  const landing = await LOADERS[props.route.id as LandingKind](id);
  if (!landing || !isWorldCode(landing.world)) notFound();
  return landing;
}

function currentPath(props: PageProps): string {
  return pathForRoute(props.world.code, props.route.id, props.params);
}

/** Keyword, lesson and school landings: heading, text and the materials. */
export const EntityLandingPage: PageView = {
  async metadata(props) {
    const landing = await load(props);
    const t = await getTranslations('landing');
    const kind = props.route.id as LandingKind;
    return buildPageMetadata({
      title: t(`${kind}.title`, { title: landing.title }),
      description: t(`${kind}.intro`, { title: landing.title, count: landing.total, city: landing.extra?.city ?? '' }),
      // A landing without materials is a thin page: crawlers may follow it, not index it.
      robots: landing.total === 0 ? 'noindex-follow' : props.route.robots,
      world: landing.world,
      worlds: [landing.world],
      pathInWorld: () => canonicalPath(kind, landing.world, landing),
    });
  },
  async render(props) {
    const landing = await load(props);
    const kind = props.route.id as LandingKind;
    const canonical = canonicalPath(kind, landing.world, landing);
    if (canonical !== currentPath(props)) permanentRedirect(canonical);
    const t = await getTranslations('landing');
    const common = await getTranslations('common');
    const heading = t(`${kind}.title`, { title: landing.title });
    return (
      <section className="landing" data-landing={kind}>
        <JsonLd
          data={buildLandingBreadcrumbs({
            origin: getPublicOrigin(),
            world: landing.world,
            homeName: common('siteName'),
            name: heading,
            path: canonical,
          })}
        />
        <h1>{heading}</h1>
        <p className="landing-intro">
          {t(`${kind}.intro`, { title: landing.title, count: landing.total, city: landing.extra?.city ?? '' })}
        </p>
        {landing.intro ? <p>{landing.intro}</p> : null}
        {landing.materials.length === 0 ? (
          <p>{t('empty')}</p>
        ) : (
          <MaterialCardList world={props.world} materials={landing.materials} eagerCovers={4} />
        )}
      </section>
    );
  },
};

/** Offers (materials on sale) and recommendations (the best rated): lists of a world. */
export const ListLandingPage: PageView = {
  async metadata(props) {
    const materials = await listListLandingMaterials(props.world.code, props.route.id as ListLandingKind);
    // Empty (a world without offers yet): nothing to index, as for an empty entity landing.
    return routeMetadata(props, materials.length === 0 ? 'noindex-follow' : props.route.robots);
  },
  async render(props) {
    const t = await getTranslations('landing');
    const meta = await getTranslations('meta');
    const common = await getTranslations('common');
    const heading = meta(`routes.${props.route.id}.title`);
    const materials = await listListLandingMaterials(props.world.code, props.route.id as ListLandingKind);
    return (
      <section className="landing" data-landing={props.route.id}>
        <JsonLd
          data={buildLandingBreadcrumbs({
            origin: getPublicOrigin(),
            world: props.world.code,
            homeName: common('siteName'),
            name: heading,
            path: pathForRoute(props.world.code, props.route.id),
          })}
        />
        <h1>{heading}</h1>
        <p className="landing-intro">{t(`${props.route.id === 'offers' ? 'offersIntro' : 'recommendationsIntro'}`)}</p>
        {materials.length === 0 ? (
          <p>{t('empty')}</p>
        ) : (
          <MaterialCardList world={props.world} materials={materials} eagerCovers={4} />
        )}
      </section>
    );
  },
};
