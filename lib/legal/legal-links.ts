import { pathFor } from '@/lib/routing/localized-routes';
import type { WorldCode } from '@/lib/worlds/worlds';

/** Legal document kinds: anchors on the terms page plus two per-world agreements. */
export const LEGAL_DOCUMENT_KINDS = [
  'dataProtection',
  'termsAndConditions',
  'termsOfTask',
  'withdrawalProvisions',
  'orderProcessing',
  'withdrawalAgreement',
] as const;
export type LegalDocumentKind = (typeof LEGAL_DOCUMENT_KINDS)[number];

/** The world's legal links: the first four are anchors on its terms page. */
export function legalLinks(world: WorldCode): { kind: LegalDocumentKind; href: string }[] {
  const terms = pathFor(world, 'terms');
  return LEGAL_DOCUMENT_KINDS.map((kind) => ({ kind, href: `${terms}#${kind}` }));
}
