/**
 * The rules of a seller's material: what a draft may hold, what publishing needs, and how file
 * versions follow one another. Pure (no database) so they are unit-tested on their own and the
 * API, the job and the pages share one reading of them.
 */
import { z } from 'zod';
import { idSchema } from '@/lib/input/schemas';
import { SCHOOL_TYPES } from '@/lib/catalog/school-types';
import { currencyExponent } from '@/lib/money/money';

export const TITLE_MAX = 120;
export const TITLE_MIN = 5;
/** The description is rich text (HTML); the limit is on what is stored, the minimum on its text. */
export const DESCRIPTION_MAX = 20_000;
export const DESCRIPTION_MIN_TEXT = 50;

/** How many values of each classification a material may carry (a long list helps nobody find it). */
export const CLASSIFICATION_LIMITS = {
  subjectIds: 5,
  gradeIds: 13,
  learningYearIds: 13,
  materialTypeIds: 5,
  schoolTypes: SCHOOL_TYPES.length,
  keywordIds: 10,
  lessonIds: 5,
} as const;

/** The classification a buyer filters by must be given before publishing; the rest is optional. */
export const REQUIRED_CLASSIFICATION = ['subjectIds', 'gradeIds', 'materialTypeIds'] as const;

/**
 * Price bounds, set in euros and carried into each world's currency by a rough rate (the order of
 * magnitude is what matters): 0 is free, a paid price is at least 0.50 € (card fees would eat
 * anything smaller) and at most 500 € (no teaching material costs more; a typo of 4999 for 49.99
 * is caught). Rough on purpose: these are sanity bounds, not prices, and need no daily rates.
 */
export const MIN_PAID_EUR = 0.5;
export const MAX_PRICE_EUR = 500;
const UNITS_PER_EUR: Record<string, number> = {
  EUR: 1,
  CNY: 8,
  CZK: 25,
  DKK: 7.5,
  INR: 90,
  HUF: 400,
  IDR: 17_000,
  JPY: 160,
  KRW: 1_500,
  KZT: 550,
  MYR: 5,
  NOK: 11.5,
  PLN: 4.3,
  RON: 5,
  RSD: 117,
  SEK: 11.5,
  THB: 38,
  UAH: 45,
  USD: 1.1,
  GBP: 0.85,
  CHF: 0.95,
};
/** A school licence costs at least the single price and at most ten times it. */
export const SCHOOL_PRICE_MAX_FACTOR = 10;

export function priceBounds(currency: string): { minPaid: number; max: number } {
  const minor = 10 ** currencyExponent(currency) * (UNITS_PER_EUR[currency] ?? 1);
  return { minPaid: Math.ceil(MIN_PAID_EUR * minor), max: Math.round(MAX_PRICE_EUR * minor) };
}

const idList = (max: number) => z.array(idSchema).max(max);

/**
 * What the upload steps send: every field optional, so each step saves its own part and a draft
 * is stored as the seller leaves it. Types and upper bounds hold for every save; what publishing
 * needs (a title, a price, a subject …) is checked by `publishProblems`.
 */
export const materialPatchSchema = z
  .object({
    title: z.string().trim().max(TITLE_MAX),
    description: z.string().max(DESCRIPTION_MAX),
    priceCents: z.number().int().min(0).max(100_000_000),
    /** Null: the default school price (three times the single price). */
    schoolPriceCents: z.number().int().min(0).max(100_000_000).nullable(),
    subjectIds: idList(CLASSIFICATION_LIMITS.subjectIds),
    gradeIds: idList(CLASSIFICATION_LIMITS.gradeIds),
    learningYearIds: idList(CLASSIFICATION_LIMITS.learningYearIds),
    materialTypeIds: idList(CLASSIFICATION_LIMITS.materialTypeIds),
    schoolTypes: z.array(z.enum(SCHOOL_TYPES)).max(CLASSIFICATION_LIMITS.schoolTypes),
    keywordIds: idList(CLASSIFICATION_LIMITS.keywordIds),
    lessonIds: idList(CLASSIFICATION_LIMITS.lessonIds),
  })
  .partial()
  .strict();

export type MaterialPatch = z.infer<typeof materialPatchSchema>;

/** The classification lists of a material, as stored. */
export interface MaterialClassification {
  subjectIds: number[];
  gradeIds: number[];
  learningYearIds: number[];
  materialTypeIds: number[];
  schoolTypes: string[];
  keywordIds: number[];
  lessonIds: number[];
}

/** What publishing looks at. */
export interface PublishableMaterial extends MaterialClassification {
  title: string;
  /** The description's plain text (HTML removed). */
  descriptionText: string;
  priceCents: number;
  /** The seller set the price or chose free (a new draft's 0 is not a choice). */
  priceSet: boolean;
  schoolPriceCents: number | null;
  currency: string;
  /** A main file exists (staged or released). */
  hasMainFile: boolean;
  /** 'none' | 'pending' | 'rendering' | 'ready' | 'failed' */
  previewStatus: string;
  /** A cover exists (rendered from the PDF or uploaded). */
  hasCover: boolean;
  /**
   * For a bundle: how many of the seller's materials it holds. A bundle needs no file of its own
   * (buyers get its materials) and takes its first material's cover when it has none.
   */
  bundleItems?: number;
}

/** A bundle holds at least two and at most thirty of its seller's published materials. */
export const BUNDLE_MIN_ITEMS = 2;
export const BUNDLE_MAX_ITEMS = 30;

/** Stable codes of what keeps a material from being published; the pages translate them. */
export const PUBLISH_PROBLEMS = [
  'file_missing',
  'bundle_too_small',
  'previews_pending',
  'previews_failed',
  'cover_missing',
  'title_too_short',
  'description_too_short',
  'subject_missing',
  'grade_missing',
  'material_type_missing',
  'price_missing',
  'price_too_low',
  'price_too_high',
  'school_price_below_single',
  'school_price_too_high',
] as const;
export type PublishProblem = (typeof PUBLISH_PROBLEMS)[number];

/** A problem with the field it belongs to (for the step that shows it). */
export interface PublishIssue {
  code: PublishProblem;
  field: string;
}

/** The price problems alone: a published material's price is held to them on every save. */
export function priceProblems(
  material: Pick<PublishableMaterial, 'priceCents' | 'schoolPriceCents' | 'currency'>,
): PublishIssue[] {
  const issues: PublishIssue[] = [];
  const bounds = priceBounds(material.currency);
  if (material.priceCents !== 0 && material.priceCents < bounds.minPaid)
    issues.push({ code: 'price_too_low', field: 'priceCents' });
  if (material.priceCents > bounds.max) issues.push({ code: 'price_too_high', field: 'priceCents' });
  if (material.schoolPriceCents !== null && material.priceCents > 0) {
    if (material.schoolPriceCents < material.priceCents)
      issues.push({ code: 'school_price_below_single', field: 'schoolPriceCents' });
    else if (material.schoolPriceCents > material.priceCents * SCHOOL_PRICE_MAX_FACTOR)
      issues.push({ code: 'school_price_too_high', field: 'schoolPriceCents' });
  }
  return issues;
}

/** Everything that keeps `material` from being published; empty when it may be. */
export function publishProblems(material: PublishableMaterial): PublishIssue[] {
  const issues: PublishIssue[] = [];
  if (material.bundleItems !== undefined) {
    if (material.bundleItems < BUNDLE_MIN_ITEMS) issues.push({ code: 'bundle_too_small', field: 'bundleItems' });
  } else if (!material.hasMainFile) issues.push({ code: 'file_missing', field: 'file' });
  else if (material.previewStatus === 'pending' || material.previewStatus === 'rendering')
    issues.push({ code: 'previews_pending', field: 'file' });
  else if (material.previewStatus === 'failed') issues.push({ code: 'previews_failed', field: 'file' });
  else if (!material.hasCover) issues.push({ code: 'cover_missing', field: 'cover' });
  if (material.title.trim().length < TITLE_MIN) issues.push({ code: 'title_too_short', field: 'title' });
  if (material.descriptionText.trim().length < DESCRIPTION_MIN_TEXT)
    issues.push({ code: 'description_too_short', field: 'description' });
  if (material.subjectIds.length === 0) issues.push({ code: 'subject_missing', field: 'subjectIds' });
  if (material.gradeIds.length === 0) issues.push({ code: 'grade_missing', field: 'gradeIds' });
  if (material.materialTypeIds.length === 0) issues.push({ code: 'material_type_missing', field: 'materialTypeIds' });
  if (!material.priceSet) issues.push({ code: 'price_missing', field: 'priceCents' });
  else issues.push(...priceProblems(material));
  return issues;
}

/** A file version as the version rules see it. */
export interface VersionState {
  version: number;
  published: boolean;
}

/**
 * What an upload of a new main file does to the versions. A draft has no buyers: its staged file
 * is replaced in place as version 1. A published material keeps every released version (orders
 * refer to them); the upload is staged as the next version, replacing an earlier staged one,
 * until the seller releases it.
 */
export function nextVersionOnUpload(
  status: 'draft' | 'published' | 'unpublished',
  versions: readonly VersionState[],
): { version: number; replaces: number | null } {
  const staged = versions.find((v) => !v.published);
  if (staged) return { version: staged.version, replaces: staged.version };
  const newest = versions.reduce((max, v) => Math.max(max, v.version), 0);
  if (status === 'draft' && newest === 0) return { version: 1, replaces: null };
  return { version: newest + 1, replaces: null };
}

/**
 * Whether releasing the staged version is a new version buyers are told about: only when an
 * earlier version was released (the first release is the material's publication).
 */
export function releaseNotifiesBuyers(versions: readonly VersionState[]): boolean {
  return versions.some((v) => v.published);
}
