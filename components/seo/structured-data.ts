import type { AuthorProfile } from '@/lib/catalog/author-view';
import { listSocialProfileLinks } from '@/lib/catalog/social-profiles';
import type { Imprint } from '@/lib/legal/imprint';
import { pathFor } from '@/lib/routing/localized-routes';
import { mediaUrl } from '@/lib/routing/media-url';
import type { AuthorTab } from '@/lib/routing/routes';
import { htmlToText } from '@/lib/text/sanitize';
import { getWorld, type WorldCode } from '@/lib/worlds/worlds';

/**
 * schema.org structured data (JSON-LD) of the public pages, built from what the page shows.
 * Pure: the origin and every text come in as arguments, so tests need no environment. URLs are
 * absolute on the main site's origin (`getPublicOrigin`), as canonical links are; a page on an
 * author's own domain carries none, because its canonical page on the main site carries it.
 */

export const SCHEMA_ORG_CONTEXT = 'https://schema.org';

export type JsonLdValue = string | number | boolean | JsonLdNode | readonly JsonLdValue[];

/** A schema.org item: its type and its properties. */
export interface JsonLdNode {
  '@type': string;
  '@id'?: string;
  [property: string]: JsonLdValue | undefined;
}

/** A top-level item of a page, with the vocabulary it is written in. */
export interface JsonLdDocument extends JsonLdNode {
  '@context': typeof SCHEMA_ORG_CONTEXT;
}

/** Properties without a value are left out rather than written as `""`, `[]` or `undefined`. */
function withValues<T extends JsonLdNode>(node: T): T {
  const out: JsonLdNode = { '@type': node['@type'] };
  for (const [key, value] of Object.entries(node)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    out[key] = value;
  }
  return out as T;
}

export interface Crumb {
  name: string;
  /** Absolute URL of the crumb's page. */
  url: string;
}

/** A BreadcrumbList: the trail from the world's home to the page, positions from 1. */
export function buildBreadcrumbList(crumbs: readonly Crumb[]): JsonLdDocument {
  return {
    '@context': SCHEMA_ORG_CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

export interface LandingCrumbsInput {
  origin: string;
  world: WorldCode;
  /** The home page's name in the trail (the site's name, as on the material page). */
  homeName: string;
  /** The landing's name as its heading shows it, in the world's language. */
  name: string;
  /** The landing's canonical path. */
  path: string;
}

/** Home → landing, for keyword, lesson and school landings and the list landings. */
export function buildLandingBreadcrumbs(input: LandingCrumbsInput): JsonLdDocument {
  return buildBreadcrumbList([
    { name: input.homeName, url: input.origin + pathFor(input.world, 'home') },
    { name: input.name, url: input.origin + input.path },
  ]);
}

/** Counts a profile shows, as schema.org counts interactions of a kind. */
function interactionCounter(action: 'FollowAction' | 'WriteAction', count: number): JsonLdNode {
  return {
    '@type': 'InteractionCounter',
    interactionType: `${SCHEMA_ORG_CONTEXT}/${action}`,
    userInteractionCount: count,
  };
}

/** The profile's address: the materials tab, which has no tab word. */
function profilePath(author: AuthorProfile, tab?: AuthorTab): string {
  return pathFor(author.world, 'author', {
    id: String(author.id),
    slug: author.slug,
    tab: tab === undefined || tab === 'materials' ? undefined : tab,
  });
}

/**
 * A ProfilePage whose main entity is the author as a Person: name, picture, what they write about
 * themselves, their social profiles (`sameAs`), followers, whom they follow and their materials.
 * None for a private profile: it is not indexed, and nothing may describe the person behind it.
 */
export function buildAuthorProfilePage(input: {
  origin: string;
  author: AuthorProfile;
  tab: AuthorTab;
}): JsonLdDocument | null {
  const { origin, author, tab } = input;
  const { details } = author;
  if (details.privateProfile) return null;
  const profileUrl = origin + profilePath(author);
  const description = details.description ? htmlToText(details.description, 500) : (details.subtitle ?? undefined);
  const person = withValues({
    '@type': 'Person',
    '@id': `${profileUrl}#person`,
    name: details.publicName,
    url: profileUrl,
    identifier: String(author.id),
    image: details.imagePath ? origin + mediaUrl(details.imagePath) : undefined,
    description,
    sameAs: listSocialProfileLinks(details).map((link) => link.url),
    interactionStatistic: [
      interactionCounter('FollowAction', author.followersNumber),
      interactionCounter('WriteAction', details.totalMaterials),
    ],
    // Whom the author follows: a count the author performed, not one performed on them.
    agentInteractionStatistic: interactionCounter('FollowAction', author.followingNumber),
  });
  return {
    '@context': SCHEMA_ORG_CONTEXT,
    '@type': 'ProfilePage',
    url: origin + profilePath(author, tab),
    inLanguage: getWorld(author.world).locale,
    dateCreated: author.createdAt,
    mainEntity: person,
  };
}

/**
 * The world's site, with the search a crawler may offer as a search box: the world's localised
 * search path with the visitor's words in `q`, as the home page's search form sends them.
 */
export function buildWebSite(input: { origin: string; world: WorldCode; name: string }): JsonLdDocument {
  const { origin, world, name } = input;
  return {
    '@context': SCHEMA_ORG_CONTEXT,
    '@type': 'WebSite',
    '@id': `${origin}${pathFor(world, 'home')}#website`,
    name,
    url: origin + pathFor(world, 'home'),
    inLanguage: getWorld(world).locale,
    publisher: { '@type': 'Organization', '@id': organizationId(origin) },
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${origin}${pathFor(world, 'search')}?q={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** One company behind every world: one identifier for it, wherever a page names it. */
function organizationId(origin: string): string {
  return `${origin}/#organization`;
}

/** The company as its imprint names it (lib/legal/imprint.ts), with the site's logo. */
export function buildOrganization(input: { origin: string; world: WorldCode; imprint: Imprint }): JsonLdDocument {
  const { origin, world, imprint } = input;
  return withValues({
    '@context': SCHEMA_ORG_CONTEXT,
    '@type': 'Organization',
    '@id': organizationId(origin),
    name: imprint.name,
    url: origin + pathFor(world, 'home'),
    // The one logo the project ships (public/favicon.svg).
    logo: `${origin}/favicon.svg`,
    address: withValues({
      '@type': 'PostalAddress',
      streetAddress: imprint.street,
      postalCode: imprint.postalCode,
      addressLocality: imprint.city,
      addressCountry: imprint.country,
    }),
    vatID: imprint.vatId,
    email: imprint.email,
    telephone: imprint.phone,
  });
}
