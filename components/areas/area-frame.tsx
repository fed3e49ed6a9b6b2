import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { readWorldParam } from '@/lib/i18n/world-param';
import type { FolderArea } from '@/lib/routing/areas';
import { pathFor } from '@/lib/routing/localized-routes';
import type { RouteId } from '@/lib/routing/routes';
import { getWorldOrDefault } from '@/lib/worlds/worlds';
import { AreaStartProvider } from './area-start';

/**
 * Each area's first page: where its error and not-found states lead back to. The cabinet's is
 * the bought materials, the page every account has and comes for, not the first of its settings.
 */
export const AREA_START: Record<FolderArea, RouteId> = {
  account: 'login',
  shopping: 'cart',
  cabinet: 'cabinet-bought',
  school: 'cabinet-my-school',
  admin: 'admin',
};

async function areaStart(area: FolderArea) {
  const world = getWorldOrDefault(await readWorldParam());
  const meta = await getTranslations('meta');
  const route = AREA_START[area];
  return { world, href: pathFor(world.code, route), label: meta(`routes.${route}.title`) };
}

/** The outer frame of an area: marks the area and hands its error state the way back. */
export async function AreaFrame({ area, children }: { area: FolderArea; children: ReactNode }) {
  const { href, label } = await areaStart(area);
  return (
    <div className="area" data-area={area}>
      <AreaStartProvider start={{ href, label }}>{children}</AreaStartProvider>
    </div>
  );
}

/** The translated not-found state of an area, with the way to the area's first page. */
export async function AreaNotFound({ area }: { area: FolderArea }) {
  const { world, href, label } = await areaStart(area);
  const t = await getTranslations('common');
  return (
    <section className="state-page" data-state="not-found">
      {/* A title of its own: the not-found state is rendered in the browser (docs/decisions.md,
         "Not-found states render on the client after a 404"), and a copy served from the page
         store then got none; React puts this one into the head. */}
      <title>{t('notFound.title')}</title>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <p>
        <Link href={href}>{label}</Link> · <Link href={pathFor(world.code, 'home')}>{t('notFound.home')}</Link>
      </p>
    </section>
  );
}
