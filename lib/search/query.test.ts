import { parseQuery } from './query';

describe('parseQuery', () => {
  it('reads a spaced dash as punctuation, not as "leave the next word out"', () => {
    expect(parseQuery('Einmaleins – Material für die Freiarbeit (Klasse 1)')).toEqual({
      plain: ['Einmaleins – Material für die Freiarbeit (Klasse 1)'],
      phrases: [],
      excluded: [],
    });
    expect(parseQuery('Κλάσματα - Φύλλο εργασίας').excluded).toEqual([]);
  });

  it('keeps a dash inside a word', () => {
    expect(parseQuery('Ein-Mal-Eins')).toEqual({ plain: ['Ein-Mal-Eins'], phrases: [], excluded: [] });
  });

  it('leaves out a word with a minus right before it', () => {
    expect(parseQuery('Bruch -Rechnung')).toEqual({ plain: ['Bruch'], phrases: [], excluded: ['Rechnung'] });
    expect(parseQuery('-Märchen Grimm')).toEqual({ plain: ['Grimm'], phrases: [], excluded: ['Märchen'] });
  });

  it('takes quoted words as a group and an unclosed quote as text', () => {
    expect(parseQuery('"Satz des Pythagoras" Klasse 9')).toEqual({
      plain: ['Klasse 9'],
      phrases: ['Satz des Pythagoras'],
      excluded: [],
    });
    expect(parseQuery('Gedicht "Romantik')).toEqual({ plain: ['Gedicht "Romantik'], phrases: [], excluded: [] });
  });
});
