/**
 * Server-side translations for integration tests. next-intl's `getTranslations` reads the locale
 * from the request that Next renders, which a test calling a page or route in-process has none
 * of; next-intl-setup.ts puts `nextIntlServer` in its place for every integration file, answering
 * from the app's own message files, so a page renders the texts a visitor would read.
 */
import { getMessages, type Messages } from '@/lib/i18n/messages';
import { getWorld, isWorldCode, type Language } from '@/lib/worlds/worlds';

/** The language of `getTranslations(namespace)` (no locale named); German unless a test says. */
let currentLanguage: Language = 'de';

/**
 * Makes the server translations answer in `language` when a component names no locale, as a
 * request in that language's world would: call it before rendering a page of another world.
 */
export function translateInto(language: Language): void {
  currentLanguage = language;
}

/** The message (a text or a group of them) at `namespace.key`; a namespace may be nested (`favorites.folders`). */
function nodeAt(language: Language, namespace: string, key: string): string | Messages | undefined {
  let node: string | Messages | undefined = getMessages(language);
  for (const part of `${namespace}.${key}`.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return node;
}

function lookUp(language: Language, namespace: string, key: string): string | undefined {
  const node = nodeAt(language, namespace, key);
  return typeof node === 'string' ? node : undefined;
}

/** A text of the messages, for expectations; throws if there is none (a typo in a test). */
export function messageText(language: Language, namespace: string, key: string): string {
  const text = lookUp(language, namespace, key);
  if (text === undefined) throw new Error(`no message ${namespace}.${key} in ${language}`);
  return text;
}

/**
 * A translator as next-intl's: `{name}` placeholders filled from `values`; a missing key comes
 * out as `namespace.key`, which an assertion on the real text then fails on visibly.
 */
function translator(language: Language, namespace: string) {
  const translate = (key: string, values: Record<string, unknown> = {}) => {
    const text = lookUp(language, namespace, key) ?? `${namespace}.${key}`;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
  // `t.raw(key)`: the text as written, its placeholders left for the browser to fill in.
  return Object.assign(translate, { raw: (key: string) => nodeAt(language, namespace, key) ?? `${namespace}.${key}` });
}

/** Stands in for the parts of `next-intl/server` that the app's server components use. */
export const nextIntlServer = {
  /** A locale named by the caller (an author domain's world) wins over the current language. */
  getTranslations: async (options: string | { locale?: string; namespace: string }) =>
    typeof options === 'string'
      ? translator(currentLanguage, options)
      : translator(
          options.locale !== undefined && isWorldCode(options.locale)
            ? getWorld(options.locale).language
            : currentLanguage,
          options.namespace,
        ),
  getFormatter: async () => ({
    dateTime: (date: Date, options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('de-DE', options).format(date),
  }),
};
