import { LANGUAGES } from '@/lib/worlds/worlds';
import { readLanguage, type Messages } from './messages';
import { TEXT_GROUPS } from './text-groups';

/**
 * The argument names of an ICU message (`{name}`, `{count, plural, one {…} other {…}}`, nested
 * too), read as next-intl reads them: an apostrophe before a brace quotes it, `''` is one
 * apostrophe. `fill` reads the same `{name}` form, so this holds for its texts as well.
 */
function messageArguments(text: string): Set<string> {
  const names = new Set<string>();
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`${why} at ${i} in ${JSON.stringify(text)}`);
  };
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const readWord = () => {
    skipSpace();
    const start = i;
    while (i < text.length && !/[\s,{}]/.test(text[i]!)) i++;
    return text.slice(start, i);
  };
  // Reads literal text and arguments until an unmatched `}` (inside an option) or the end.
  const readMessage = (nested: boolean) => {
    while (i < text.length) {
      const c = text[i]!;
      if (c === "'") {
        if (text[i + 1] === "'") i += 2;
        else if (/[{}#|]/.test(text[i + 1] ?? '')) {
          const end = text.indexOf("'", i + 1);
          i = end === -1 ? text.length : end + 1;
        } else i++;
      } else if (c === '{') {
        i++;
        readArgument();
      } else if (c === '}') {
        if (nested) return;
        fail('unmatched }');
      } else i++;
    }
    if (nested) fail('unclosed option');
  };
  const readArgument = () => {
    const name = readWord();
    if (!name) fail('empty argument');
    names.add(name);
    skipSpace();
    if (text[i] === '}') return void i++;
    if (text[i] !== ',') fail('expected , or }');
    i++;
    const type = readWord();
    skipSpace();
    if (text[i] === '}') return void i++;
    if (text[i] !== ',') fail('expected , or }');
    i++;
    if (type === 'plural' || type === 'select' || type === 'selectordinal') {
      for (;;) {
        skipSpace();
        if (text[i] === '}') return void i++;
        if (!readWord()) fail('expected an option');
        skipSpace();
        if (text[i] !== '{') fail('expected {');
        i++;
        readMessage(true);
        i++;
      }
    }
    // number, date, time with a style: the style holds no arguments.
    let depth = 1;
    while (i < text.length && depth > 0) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}') depth--;
      i++;
    }
    if (depth > 0) fail('unclosed argument');
  };
  readMessage(false);
  return names;
}

function flatten(messages: Messages, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(messages)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else flatten(value, full, out);
  }
  return out;
}

const textsOf = (language: (typeof LANGUAGES)[number]) => {
  const groups = readLanguage(language);
  return new Map(TEXT_GROUPS.flatMap((group) => [...flatten(groups[group], group)]));
};

describe('messageArguments', () => {
  it('reads simple, formatted and nested arguments', () => {
    expect([...messageArguments('Hallo {name}, {count, number} am {date, date, short}')]).toEqual([
      'name',
      'count',
      'date',
    ]);
    expect([
      ...messageArguments('{count, plural, =0 {keine} one {# Datei von {author}} other {# Dateien {x}}}'),
    ]).toEqual(['count', 'author', 'x']);
    expect([...messageArguments('{kind, select, a {A} other {{name}}}')]).toEqual(['kind', 'name']);
  });

  it('leaves quoted braces and apostrophes alone', () => {
    expect([...messageArguments("l'élève, '{not}' it''s {yes}")]).toEqual(['yes']);
    expect([...messageArguments('<a href="{href}">AGB</a>')]).toEqual(['href']);
  });

  it('refuses broken messages', () => {
    expect(() => messageArguments('Hallo {name')).toThrow();
    expect(() => messageArguments('Hallo name}')).toThrow();
    expect(() => messageArguments('{n, plural, one {x}')).toThrow();
  });
});

describe('message arguments across languages', () => {
  const de = textsOf('de');
  const en = textsOf('en');

  it('parses every text of every language', () => {
    const broken: string[] = [];
    for (const language of LANGUAGES)
      for (const [key, text] of textsOf(language)) {
        try {
          messageArguments(text);
        } catch (error) {
          broken.push(`${language} ${key}: ${(error as Error).message}`);
        }
      }
    expect(broken).toEqual([]);
  });

  it('gives de and en, the texts the code is written against, the same arguments', () => {
    const differing = [...de]
      .filter(([key]) => en.has(key))
      .filter(([key, text]) => {
        const ours = [...messageArguments(text)].sort().join();
        return ours !== [...messageArguments(en.get(key)!)].sort().join();
      })
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  // The code passes the arguments of the German (and English) text; a translation that asks for
  // another one shows its placeholder to the reader.
  it.each(LANGUAGES)('asks in %s only for arguments the German text has', (language) => {
    const unknown: string[] = [];
    for (const [key, text] of textsOf(language)) {
      const reference = de.get(key);
      if (reference === undefined) continue;
      const allowed = messageArguments(reference);
      for (const name of messageArguments(text)) if (!allowed.has(name)) unknown.push(`${key}: {${name}}`);
    }
    expect(unknown).toEqual([]);
  });
});
