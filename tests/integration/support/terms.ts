import { LEGAL_DOCUMENT_KINDS, type LegalDocumentKind } from '@/lib/legal/legal-links';
import type { TermsSection } from '@/lib/legal/terms-body';

/**
 * The sections of a terms version as `POST v3/terms/publish` takes them: one per legal document
 * kind, each with a heading and a paragraph that name the kind and `marker`, so a test can find
 * each part on the page.
 */
export function termsSections(marker: string): Record<LegalDocumentKind, TermsSection> {
  return Object.fromEntries(
    LEGAL_DOCUMENT_KINDS.map((kind) => [
      kind,
      { heading: `${kind} ${marker}`, paragraphs: [`${kind} text ${marker}`] },
    ]),
  ) as Record<LegalDocumentKind, TermsSection>;
}
