/**
 * What a visitor typed, read as a search: plain words, "quoted words" (taken exactly as written,
 * no stemming or correction) and -words to leave out. Operators count only where a user means
 * them: a minus right before a word at the start of a word ("Bruch -Rechnung"), never a dash
 * between words ("Einmaleins – Material") or inside one ("Ein-Mal-Eins"); a quote without its
 * closing quote is plain text.
 */
export interface ParsedQuery {
  /** Text whose words must all match, stemmed, in their order of appearance. */
  plain: string[];
  /** Quoted groups: each word must match exactly (folded, not stemmed). */
  phrases: string[];
  /** Words whose materials are left out. */
  excluded: string[];
}

const EXCLUDED_WORD = /(^|\s)-([\p{L}\p{N}][^\s"]*)/gu;

export function parseQuery(text: string): ParsedQuery {
  const plain: string[] = [];
  const phrases: string[] = [];
  const excluded: string[] = [];
  let rest = '';
  let cursor = 0;
  while (cursor < text.length) {
    const open = text.indexOf('"', cursor);
    const close = open === -1 ? -1 : text.indexOf('"', open + 1);
    if (open === -1 || close === -1) {
      rest += text.slice(cursor);
      break;
    }
    rest += `${text.slice(cursor, open)} `;
    const phrase = text.slice(open + 1, close).trim();
    if (phrase) phrases.push(phrase);
    cursor = close + 1;
  }
  const withoutExcluded = rest.replace(EXCLUDED_WORD, (_, before: string, word: string) => {
    excluded.push(word);
    return `${before} `;
  });
  if (withoutExcluded.trim()) plain.push(withoutExcluded.trim());
  return { plain, phrases, excluded };
}
