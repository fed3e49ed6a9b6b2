import { repairTrackingQuery } from './tracking-query';

describe('repairTrackingQuery (malformed tracking links)', () => {
  it('leaves a well-formed query alone', () => {
    expect(repairTrackingQuery('q=bruch&utm_source=news')).toBeNull();
    expect(repairTrackingQuery('')).toBeNull();
  });

  it('turns a second question mark before a tracking parameter into &', () => {
    expect(repairTrackingQuery('ref=mail?utm_source=news&utm_medium=email')).toBe(
      'ref=mail&utm_source=news&utm_medium=email',
    );
  });

  it('repairs HTML-escaped ampersands', () => {
    expect(repairTrackingQuery('utm_source=a&amp;utm_medium=b')).toBe('utm_source=a&utm_medium=b');
  });

  it('repairs an encoded question mark', () => {
    expect(repairTrackingQuery('page=2%3Fgclid=abc')).toBe('page=2&gclid=abc');
  });
});
