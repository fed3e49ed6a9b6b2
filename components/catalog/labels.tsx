import type { MaterialLabel } from '@/lib/catalog/labels';
import { markup, type SafeHtml } from '@/lib/text/html';

/** The Bestseller / New / Sale badges of a material. */
export function Labels({ labels, texts }: { labels: MaterialLabel[]; texts: Record<MaterialLabel, string> }) {
  if (labels.length === 0) return null;
  return (
    <ul className="labels" aria-label="labels">
      {labels.map((label) => (
        <li key={label} className={`label label-${label}`} data-label={label}>
          {texts[label]}
        </li>
      ))}
    </ul>
  );
}

/** The same badges as markup, for cards written as HTML (components/catalog/material-card.tsx). */
export function labelsHtml(labels: MaterialLabel[], texts: Record<MaterialLabel, string>): SafeHtml | null {
  if (labels.length === 0) return null;
  const items = labels.map(
    (label) => markup`<li class="label label-${label}" data-label="${label}">${texts[label]}</li>`,
  );
  return markup`<ul class="labels" aria-label="labels">${items}</ul>`;
}
