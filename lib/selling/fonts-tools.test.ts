import {
  DESCRIPTION_LANGUAGES,
  describeFontOrTool,
  FONTS_AND_TOOLS,
  groupFontsAndTools,
  parseFontToolKind,
} from './fonts-tools';

describe('fonts and tools', () => {
  it('has about a dozen entries of both kinds, each with a unique id and an https address', () => {
    expect(FONTS_AND_TOOLS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(FONTS_AND_TOOLS.map((entry) => entry.id)).size).toBe(FONTS_AND_TOOLS.length);
    for (const entry of FONTS_AND_TOOLS) {
      const url = new URL(entry.url);
      expect(url.protocol).toBe('https:');
      expect(url.username + url.password).toBe('');
      expect(entry.licence.trim()).not.toBe('');
    }
    expect(FONTS_AND_TOOLS.some((entry) => entry.kind === 'font')).toBe(true);
    expect(FONTS_AND_TOOLS.some((entry) => entry.kind === 'tool')).toBe(true);
  });

  it('says honestly what is not open or not free for every use', () => {
    for (const entry of FONTS_AND_TOOLS) {
      if (entry.cost === 'free-non-commercial') expect(entry.openLicence).toBe(false);
      if (entry.kind === 'font') expect(entry.licence).toBe('OFL-1.1');
    }
    expect(FONTS_AND_TOOLS.find((entry) => entry.id === 'geogebra')?.cost).toBe('free-non-commercial');
  });

  it('is described in de, en, el, es, fr and it, each in its own words; others read English', () => {
    for (const entry of FONTS_AND_TOOLS) {
      for (const language of DESCRIPTION_LANGUAGES) expect(entry.description[language].length).toBeGreaterThan(20);
      expect(new Set(Object.values(entry.description)).size).toBe(DESCRIPTION_LANGUAGES.length);
      expect(describeFontOrTool(entry, 'el')).toBe(entry.description.el);
      expect(describeFontOrTool(entry, 'pl')).toBe(entry.description.en);
      expect(describeFontOrTool(entry, 'zh')).toBe(entry.description.en);
    }
  });

  it('groups by kind, filters by the query, and puts what the world uses first', () => {
    const all = groupFontsAndTools('de');
    expect(all.map((group) => group.kind)).toEqual(['font', 'tool']);
    expect(all.flatMap((group) => group.entries)).toHaveLength(FONTS_AND_TOOLS.length);
    expect(all[0]!.entries.slice(0, 2).map((entry) => entry.id)).toEqual(['playwrite-de-grund', 'playwrite-de-va']);
    const greek = groupFontsAndTools('gr', 'font');
    expect(greek).toHaveLength(1);
    expect(greek[0]!.entries[0]!.id).toBe('noto-sans');
    expect(groupFontsAndTools('it', 'tool')[0]!.entries.every((entry) => entry.kind === 'tool')).toBe(true);

    expect(parseFontToolKind('font')).toBe('font');
    expect(parseFontToolKind(['tool', 'font'])).toBe('tool');
    for (const bad of [undefined, '', 'fonts', 'FONT', ['x']]) expect(parseFontToolKind(bad)).toBeUndefined();
  });
});
