import { slugify } from './slugify';

describe('slugify', () => {
  it('writes German umlauts out', () =>
    expect(slugify('Brüche kürzen – Übungen für Klasse 6')).toBe('brueche-kuerzen-uebungen-fuer-klasse-6'));
  it('drops accents', () => expect(slugify('La Révolution française')).toBe('la-revolution-francaise'));
  it('transliterates Greek', () => expect(slugify('Κλάσματα για την Ε΄ τάξη')).toBe('klasmata-gia-tin-e-taxi'));
  it('never returns an empty slug', () => expect(slugify('!!!')).toBe('material'));
  it('cuts long titles at a word boundary', () => expect(slugify('wort '.repeat(40), 20)).toBe('wort-wort-wort-wort'));
});
