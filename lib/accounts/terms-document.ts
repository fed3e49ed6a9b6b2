import { and, desc, eq } from 'drizzle-orm';
import { cached } from '@/lib/cache/cached';
import { CACHE_KEYS, TAGS } from '@/lib/cache/tags';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { DEFAULT_WORLD, type Language, type WorldCode } from '@/lib/worlds/worlds';
import type { LegalDocumentKind } from '@/lib/legal/legal-links';
import { TERMS_SECTION_ORDER, parseTermsBody, type StoredTermsBody } from '@/lib/legal/terms-body';

/** One part of the terms page, at its anchor. */
export interface TermsDocumentSection {
  kind: LegalDocumentKind;
  /** The text's own heading; null for an older plain-text version (the page names the kind). */
  heading: string | null;
  paragraphs: string[];
  /**
   * The world's version has no text for this part, so the default world's actual one is shown
   * (and says so), instead of an anchor that lands on nothing.
   */
  borrowed: boolean;
}

/** A world's published terms version as its terms page shows it. */
export interface TermsDocument {
  /** The world whose version this is: the page's own, or the default world's while it has none. */
  world: WorldCode;
  version: number;
  title: string;
  publishedAt: string;
  /** The language of the version's text; null when unknown (published as plain text). */
  language: Language | null;
  /** Whether this is the world's actual (newest) version. */
  actual: boolean;
  /** Every part in the page's order; a part neither text has is left out. */
  sections: TermsDocumentSection[];
  /** Every published version of the world, newest first (empty while it has none). */
  versions: { version: number; publishedAt: string }[];
}

interface VersionRow {
  version: number;
  title: string;
  body: string;
  publishedAt: Date;
}

async function listVersions(world: WorldCode): Promise<{ version: number; publishedAt: Date }[]> {
  return getDb()
    .select({ version: t.termsVersions.version, publishedAt: t.termsVersions.publishedAt })
    .from(t.termsVersions)
    .where(eq(t.termsVersions.world, world))
    .orderBy(desc(t.termsVersions.version));
}

async function readVersion(world: WorldCode, version: number): Promise<VersionRow | null> {
  const [row] = await getDb()
    .select({
      version: t.termsVersions.version,
      title: t.termsVersions.title,
      body: t.termsVersions.body,
      publishedAt: t.termsVersions.publishedAt,
    })
    .from(t.termsVersions)
    .where(and(eq(t.termsVersions.world, world), eq(t.termsVersions.version, version)));
  return row ?? null;
}

async function readActual(world: WorldCode): Promise<VersionRow | null> {
  const [newest] = await listVersions(world);
  return newest ? readVersion(world, newest.version) : null;
}

function sectionsOf(own: StoredTermsBody, fallback: StoredTermsBody | null): TermsDocumentSection[] {
  return TERMS_SECTION_ORDER.flatMap((kind): TermsDocumentSection[] => {
    const mine = own.sections[kind];
    if (mine) return [{ kind, heading: mine.heading, paragraphs: mine.paragraphs, borrowed: false }];
    const other = fallback?.sections[kind];
    return other ? [{ kind, heading: other.heading, paragraphs: other.paragraphs, borrowed: true }] : [];
  });
}

/**
 * The terms page of a world: its actual version (`version` omitted) or the one asked for, with
 * the list of all its versions. A world that has published none shows the default world's
 * actual terms; a part a version lacks is filled from them. Null for a version the world
 * never published, or when no world has terms at all.
 */
async function readTermsDocument(world: WorldCode, version?: number): Promise<TermsDocument | null> {
  const versions = await listVersions(world);
  const actualVersion = versions[0]?.version;
  if (actualVersion === undefined) {
    if (version !== undefined || world === DEFAULT_WORLD) return null;
    const borrowed = await readTermsDocument(DEFAULT_WORLD);
    return borrowed && { ...borrowed, versions: [] };
  }
  const row = await readVersion(world, version ?? actualVersion);
  if (!row) return null;
  const own = parseTermsBody(row.body);
  const complete = TERMS_SECTION_ORDER.every((kind) => own.sections[kind]);
  const fallbackRow = complete || world === DEFAULT_WORLD ? null : await readActual(DEFAULT_WORLD);
  return {
    world,
    version: row.version,
    title: row.title,
    publishedAt: row.publishedAt.toISOString(),
    language: own.language,
    actual: row.version === actualVersion,
    sections: sectionsOf(own, fallbackRow && parseTermsBody(fallbackRow.body)),
    versions: versions.map((v) => ({ version: v.version, publishedAt: v.publishedAt.toISOString() })),
  };
}

/**
 * The terms page's data, cached under the world's terms tag and the default world's (whose text
 * may fill in), so publishing either expires it.
 */
export const getTermsDocument = cached(readTermsDocument, CACHE_KEYS.termsDocument, (world: WorldCode) => [
  TAGS.terms(world),
  TAGS.terms(DEFAULT_WORLD),
]);
