import { WORLD_CODES } from '@/lib/worlds/worlds';
import { analyzerOf, foldText, splitWords, stemOf, tokenize } from './text';

describe('search text', () => {
  it('folds accents as PostgreSQL unaccent does', () => {
    expect(foldText('Brüche Größe')).toBe('bruche grosse');
    expect(foldText('Κλάσματα ΤΆΞΗΣ')).toBe('κλασματα ταξησ');
    expect(foldText('Ёлка')).toBe('елка');
    // Cyrillic й and ї are letters of their own; Devanagari vowel signs stay.
    expect(foldText('Чай їжак')).toBe('чай їжак');
    expect(foldText('कक्षा')).toBe('कक्षा');
  });

  it('stems the forms of a word alike in the world language', () => {
    expect(stemOf('de', foldText('Brüchen'))).toBe(stemOf('de', foldText('Brüche')));
    expect(stemOf('gr', foldText('Κλάσματα'))).toBe(stemOf('gr', foldText('κλάσμα')));
    expect(stemOf('it', 'frazioni')).toBe(stemOf('it', 'frazione'));
  });

  it('stems Bulgarian and Ukrainian, which PostgreSQL cannot', () => {
    expect(stemOf('bg', 'задачи')).toBe(stemOf('bg', 'задача'));
    expect(stemOf('bg', 'задачите')).toBe(stemOf('bg', 'задача'));
    expect(stemOf('ua', 'математики')).toBe(stemOf('ua', 'математика'));
  });

  it('segments languages written without spaces into words', () => {
    expect(splitWords('cn', '我们的数学练习题')).toEqual(['我们', '的', '数学', '练习', '题']);
    expect(splitWords('th', 'แบบฝึกหัดคณิตศาสตร์')).toEqual(['แบบ', 'ฝึกหัด', 'คณิตศาสตร์']);
    expect(splitWords('jp', '算数のプリント').length).toBeGreaterThan(1);
  });

  it('drops stop words and keeps numbers', () => {
    expect(tokenize('de', 'Material für die Freiarbeit (Klasse 1)').map((t) => t.folded)).toEqual([
      'material',
      'freiarbeit',
      'klasse',
      '1',
    ]);
  });

  it('says for every world what it gets', () => {
    for (const world of WORLD_CODES) expect(analyzerOf(world).stemming).toMatch(/\w/);
    const unstemmed = WORLD_CODES.filter((world) => analyzerOf(world).stem === null);
    expect(unstemmed.sort()).toEqual(['cn', 'cz', 'jp', 'kr', 'kz', 'pl', 'sk', 'th']);
  });
});
