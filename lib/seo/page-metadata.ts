import type { Metadata } from 'next';
import type { RobotsClass } from '@/lib/routing/routes';
import { DEFAULT_WORLD, WORLD_CODES, getWorld, type WorldCode } from '@/lib/worlds/worlds';
import { getPublicOrigin } from './origin';

/** Robots meta of a page class: index,follow, noindex,follow or noindex,nofollow. */
export function robotsFor(robots: RobotsClass): Metadata['robots'] {
  if (robots === 'index') return { index: true, follow: true };
  if (robots === 'noindex-follow') return { index: false, follow: true };
  return { index: false, follow: false };
}

/** The X-Robots-Tag value of a page class. */
export function robotsHeaderValue(robots: RobotsClass): string {
  return robots === 'index' ? 'index, follow' : robots === 'noindex-follow' ? 'noindex, follow' : 'noindex, nofollow';
}

export interface PageMetadataInput {
  title: string;
  description: string;
  robots: RobotsClass;
  world: WorldCode;
  /** Path of this page in each world where it exists (localised). */
  pathInWorld: (world: WorldCode) => string;
  /** Worlds where the page exists; all worlds when omitted. */
  worlds?: readonly WorldCode[];
  image?: string;
}

/**
 * Title, description, robots, canonical and hreflang alternates of a page. Public pages get
 * a canonical link and an alternate per world plus x-default; private pages neither.
 */
export function buildPageMetadata(input: PageMetadataInput): Metadata {
  const origin = getPublicOrigin();
  const metadata: Metadata = {
    title: input.title,
    description: input.description,
    robots: robotsFor(input.robots),
  };
  if (input.robots === 'noindex-nofollow') return metadata;
  const worlds = input.worlds ?? WORLD_CODES;
  const languages: Record<string, string> = {};
  for (const world of worlds) languages[getWorld(world).locale] = origin + input.pathInWorld(world);
  languages['x-default'] = origin + input.pathInWorld(worlds.includes(DEFAULT_WORLD) ? DEFAULT_WORLD : worlds[0]!);
  const canonical = origin + input.pathInWorld(input.world);
  metadata.alternates = { canonical, languages };
  metadata.openGraph = {
    title: input.title,
    description: input.description,
    url: canonical,
    siteName: 'Kreide',
    locale: getWorld(input.world).locale.replace('-', '_'),
    type: 'website',
    ...(input.image ? { images: [{ url: origin + input.image }] } : {}),
  };
  metadata.twitter = {
    card: input.image ? 'summary_large_image' : 'summary',
    title: input.title,
    description: input.description,
  };
  return metadata;
}
