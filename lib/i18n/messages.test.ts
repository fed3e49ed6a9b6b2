import fs from 'node:fs';
import path from 'node:path';
import { ROUTES } from '@/lib/routing/routes';
import { LANGUAGES } from '@/lib/worlds/worlds';
import { getMessages, readLanguage, type Messages } from './messages';
import { REQUIRED_GROUPS_EVERY_LANGUAGE, TEXT_GROUPS } from './text-groups';

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

function keysOf(language: (typeof LANGUAGES)[number]): Map<string, string> {
  return flatten(readLanguage(language) as unknown as Messages);
}

/** Every `t('key')` the code calls, with the namespace its translator was made for. */
function keysUsedByCode(): { file: string; key: string }[] {
  const roots = ['app', 'components', 'lib'].map((d) => path.join(process.cwd(), d));
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts')) files.push(full);
    }
  };
  roots.forEach(walk);
  const used: { file: string; key: string }[] = [];
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    const translators = new Map<string, string>();
    const declaration =
      /const (\w+) = (?:await )?(?:useTranslations|getTranslations)\((?:'([\w-]+)'|\{[^}]*namespace: '([\w-]+)'[^}]*\})\)/g;
    for (const m of source.matchAll(declaration)) translators.set(m[1]!, (m[2] ?? m[3])!);
    for (const [name, namespace] of translators) {
      for (const call of source.matchAll(new RegExp(`\\b${name}\\('([\\w.-]+)'`, 'g')))
        used.push({ file, key: `${namespace}.${call[1]}` });
    }
  }
  return used;
}

describe('interface texts', () => {
  const de = keysOf('de');
  const en = keysOf('en');

  it('finds the keys the code uses', () => {
    expect(keysUsedByCode().length).toBeGreaterThan(50);
  });

  it.each([
    ['de', de],
    ['en', en],
  ] as const)('has every key the code uses in %s', (_language, keys) => {
    const missing = keysUsedByCode().filter(
      ({ key }) => !keys.has(key) && ![...keys.keys()].some((k) => k.startsWith(`${key}.`)),
    );
    expect(missing).toEqual([]);
  });

  it('keeps de and en complete and equal in keys', () => {
    expect([...en.keys()].filter((k) => !de.has(k))).toEqual([]);
    expect([...de.keys()].filter((k) => !en.has(k))).toEqual([]);
  });

  it('has a title and description for every route in de and en (page shells and metadata)', () => {
    for (const route of ROUTES) {
      for (const keys of [de, en]) {
        expect(keys.get(`meta.routes.${route.id}.title`)).toBeTruthy();
        expect(keys.get(`meta.routes.${route.id}.description`)).toBeTruthy();
      }
    }
  });

  it('has a file for every text group in de and en', () => {
    for (const language of ['de', 'en']) {
      for (const group of TEXT_GROUPS)
        expect(fs.existsSync(path.join(process.cwd(), 'messages', language, `${group}.json`))).toBe(true);
    }
  });

  it.each(LANGUAGES.filter((l) => l !== 'de' && l !== 'en'))(
    'has the required groups written in %s, not copied from German',
    (language) => {
      const own = readLanguage(language);
      for (const group of REQUIRED_GROUPS_EVERY_LANGUAGE) {
        const ownKeys = flatten(own[group]);
        const deKeys = flatten(readLanguage('de')[group]);
        expect([...deKeys.keys()].filter((k) => !ownKeys.has(k))).toEqual([]);
        // Only texts with real words count; '{name} – {tab}' is the same in every language.
        const copied = [...ownKeys].filter(
          ([k, v]) =>
            /\s/.test(v) && v.replace(/\{[^}]*\}/g, '').replace(/[^\p{L}]/gu, '').length > 10 && deKeys.get(k) === v,
        );
        expect(copied).toEqual([]);
      }
    },
  );

  it('falls back per key: language → en → de', () => {
    const el = getMessages('el') as Record<string, Messages>;
    // A group only German and English have: Greek gets the English text.
    expect(((el.admin as Messages).statuses as Messages).paid).toBe('Paid');
  });

  it('reports coverage per language', () => {
    const total = de.size;
    const lines = LANGUAGES.map((language) => {
      const keys = keysOf(language);
      const covered = [...de.keys()].filter((k) => keys.has(k)).length;
      return `${language.padEnd(3)} ${String(covered).padStart(4)}/${total} ${((covered / total) * 100).toFixed(0).padStart(3)}%`;
    });
    console.log(`Text coverage per language (keys present of the German set):\n${lines.join('\n')}`);
    expect(lines).toHaveLength(LANGUAGES.length);
  });
});
