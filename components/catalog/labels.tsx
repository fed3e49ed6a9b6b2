import type { MaterialLabel } from '@/lib/catalog/labels';

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
