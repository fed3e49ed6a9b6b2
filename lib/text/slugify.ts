/** Greek letters in Latin (ELOT 743, simplified), lower case: for slugs and bank files. */
export const GREEK_TO_LATIN: Record<string, string> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};
const SPECIAL: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', æ: 'ae', ø: 'o', å: 'a', ł: 'l', đ: 'd' };

/**
 * URL slug of a title: lower case ASCII words joined by hyphens. German umlauts become ae/oe/ue,
 * Greek is transliterated, other accents are dropped. Never empty.
 */
export function slugify(title: string, maxLength = 80): string {
  const lower = title.toLowerCase();
  let out = '';
  for (const ch of lower) out += SPECIAL[ch] ?? ch;
  out = out
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u0370-\u03ff]/g, (ch) => GREEK_TO_LATIN[ch] ?? '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (out.length > maxLength) out = out.slice(0, maxLength).replace(/-[^-]*$/, '');
  return out || 'material';
}
