import { safeReturnTo } from './code-flow';

describe('safeReturnTo', () => {
  it('keeps paths on this site', () => {
    expect(safeReturnTo('/fr/recherche?q=a', 'fr')).toBe('/fr/recherche?q=a');
  });

  it.each([
    undefined,
    '',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/de/ x',
  ])('sends %p to the world home instead', (value) => {
    expect(safeReturnTo(value, 'it')).toBe('/it');
  });
});
