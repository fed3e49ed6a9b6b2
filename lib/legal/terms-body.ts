import { z } from 'zod';
import { textSchema } from '@/lib/input/schemas';
import { LANGUAGES, type Language } from '@/lib/worlds/worlds';
import { LEGAL_DOCUMENT_KINDS, type LegalDocumentKind } from './legal-links';

/**
 * The order in which a terms version shows its parts: the contract first, then the rules of
 * use, withdrawal and privacy, then the two agreements a buyer or school may be asked to sign.
 */
export const TERMS_SECTION_ORDER: readonly LegalDocumentKind[] = [
  'termsAndConditions',
  'termsOfTask',
  'withdrawalProvisions',
  'dataProtection',
  'orderProcessing',
  'withdrawalAgreement',
];

/** One part of a terms version: its heading and its paragraphs, plain text (never HTML). */
export const termsSectionSchema = z
  .object({
    heading: textSchema(200).pipe(z.string().min(1)),
    paragraphs: z
      .array(textSchema(20_000).pipe(z.string().min(1)))
      .min(1)
      .max(200),
  })
  .strict();
export type TermsSection = z.infer<typeof termsSectionSchema>;

const sectionsShape = Object.fromEntries(LEGAL_DOCUMENT_KINDS.map((kind) => [kind, termsSectionSchema])) as Record<
  LegalDocumentKind,
  typeof termsSectionSchema
>;

/**
 * A terms version as it is published and stored: the language its text is written in and one
 * section per legal document kind, each required, so every legal link lands on text.
 */
export const termsBodySchema = z
  .object({
    language: z.enum(LANGUAGES),
    sections: z.object(sectionsShape).strict(),
  })
  .strict();
export type TermsBody = z.infer<typeof termsBodySchema>;

/**
 * A stored body as a page reads it. Versions published before bodies had sections hold one plain
 * text: it becomes the terms-and-conditions part, its language unknown, the other parts missing.
 */
export interface StoredTermsBody {
  language: Language | null;
  sections: Partial<Record<LegalDocumentKind, { heading: string | null; paragraphs: string[] }>>;
}

/** The text a stored body column holds for a structured version. */
export function serializeTermsBody(body: TermsBody): string {
  return JSON.stringify(termsBodySchema.parse(body));
}

/**
 * Reads a stored body: a structured version (checked against `termsBodySchema`), or an older
 * plain-text one. Never throws: whatever the column holds is shown as text.
 */
export function parseTermsBody(stored: string): StoredTermsBody {
  const structured = termsBodySchema.safeParse(parseJson(stored));
  if (structured.success) return structured.data;
  const paragraphs = splitParagraphs(stored);
  return { language: null, sections: paragraphs.length ? { termsAndConditions: { heading: null, paragraphs } } : {} };
}

/**
 * A body as one plain text (headings and paragraphs separated by blank lines), for the clients
 * that show the terms as text: the accept-terms prompt and the API's `body` field.
 */
export function termsBodyText(body: StoredTermsBody): string {
  return TERMS_SECTION_ORDER.flatMap((kind) => {
    const section = body.sections[kind];
    return section ? [...(section.heading ? [section.heading] : []), ...section.paragraphs] : [];
  }).join('\n\n');
}

function parseJson(text: string): unknown {
  if (!text.trimStart().startsWith('{')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function splitParagraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
