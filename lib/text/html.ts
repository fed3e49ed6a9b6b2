/**
 * HTML written as text, for the few server-rendered blocks that are handed to the browser as
 * finished markup instead of a React tree (lists of material cards: the browser would otherwise
 * hydrate every card of a list although none of them does anything in script). The one way to
 * put a value into such markup: `markup` escapes every interpolated value unless it is itself
 * `markup` output, so text from the database (titles, names) can never become markup.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for an element's content or a double- or single-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

/** Markup built by `markup`: inserted as it is by another `markup` template. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/**
 * A template of markup: the literal parts are the template's own; every value is escaped (text,
 * numbers), joined (arrays) or left out (`null`, `undefined`, `false`), except `SafeHtml`.
 * Attribute values must be quoted in the template.
 */
export function markup(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new SafeHtml(out);
}
