import { sameOriginPath, sameOriginPathOr } from './same-origin-path';

describe('redirect targets from input', () => {
  it.each([
    ['/de/material/5/bruch', '/de/material/5/bruch'],
    ['/de?tab=new#shelf', '/de?tab=new#shelf'],
    ['/de/../it/carrello', '/it/carrello'],
  ])('keeps a path on this site (%s)', (target, expected) => {
    expect(sameOriginPath(target)).toBe(expected);
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example/x',
    '\\\\evil.example',
    '/\t/evil.example/phish',
    '/\n/evil.example',
    '/\r\n/evil.example',
    'https://evil.example/',
    'http:evil.example',
    'javascript:alert(1)',
    'evil.example',
    '',
    `/${'a'.repeat(2001)}`,
  ])('refuses a target that leaves the site or is not a path (%j)', (target) => {
    expect(sameOriginPath(target)).toBeNull();
  });

  it('falls back when refused', () => {
    expect(sameOriginPathOr('//evil.example', '/de')).toBe('/de');
    expect(sameOriginPathOr(null, '/de')).toBe('/de');
    expect(sameOriginPathOr('/fr', '/de')).toBe('/fr');
  });

  it('answers the normalised form, never the raw input a browser could read differently', () => {
    expect(sameOriginPath('/de/a b')).toBe('/de/a%20b');
  });
});
