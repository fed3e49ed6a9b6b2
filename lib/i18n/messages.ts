import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '@/lib/worlds/worlds';
import { TEXT_GROUPS, type TextGroup } from './text-groups';

export type Messages = { [key: string]: string | Messages };

const MESSAGES_DIR = path.join(process.cwd(), 'messages');

/** One language's texts as written, group by group; a missing file is an empty group. */
export function readLanguage(language: Language, dir = MESSAGES_DIR): Record<TextGroup, Messages> {
  const result = {} as Record<TextGroup, Messages>;
  for (const group of TEXT_GROUPS) {
    const file = path.join(dir, language, `${group}.json`);
    result[group] = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Messages) : {};
  }
  return result;
}

function mergeDeep(base: Messages, override: Messages): Messages {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? mergeDeep(current, value) : value;
  }
  return out;
}

const cache = new Map<Language, Messages>();

/**
 * All texts for a language, each group a namespace, with a fallback per key:
 * language → en → de. Read once per process.
 */
export function getMessages(language: Language): Messages {
  const hit = cache.get(language);
  if (hit) return hit;
  const chain: Language[] = language === 'de' ? ['de'] : language === 'en' ? ['de', 'en'] : ['de', 'en', language];
  let merged: Messages = {};
  for (const lang of chain) merged = mergeDeep(merged, readLanguage(lang) as unknown as Messages);
  cache.set(language, merged);
  return merged;
}

/** Picks some namespaces, for the few texts client components need. */
export function pickNamespaces(messages: Messages, namespaces: readonly TextGroup[]): Messages {
  return Object.fromEntries(namespaces.map((ns) => [ns, messages[ns] ?? {}]));
}
