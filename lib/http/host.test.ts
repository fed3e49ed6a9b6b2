import { isIpLiteral, normalizeHost } from './host';

describe('normalizeHost', () => {
  it.each([
    ['author-demo.localhost', 'author-demo.localhost'],
    ['Author-Demo.LOCALHOST:3000', 'author-demo.localhost'],
    ['author-demo.localhost.', 'author-demo.localhost'],
    ['author-demo.localhost.:3000', 'author-demo.localhost'],
    [' www.kreide.de ', 'www.kreide.de'],
    ['[::1]:3000', '[::1]'],
    ['127.0.0.1:80', '127.0.0.1'],
    ['', ''],
    [undefined, ''],
  ])('%j → %j', (host, expected) => {
    expect(normalizeHost(host)).toBe(expected);
  });

  it('strips one trailing dot only: two are not a host name', () => {
    expect(normalizeHost('author-demo.localhost..')).toBe('author-demo.localhost.');
  });

  it('tells IP literals from names', () => {
    expect(isIpLiteral('127.0.0.1')).toBe(true);
    expect(isIpLiteral('[::1]')).toBe(true);
    expect(isIpLiteral('author-demo.localhost')).toBe(false);
    expect(isIpLiteral('1.2.3.4.example')).toBe(false);
  });
});
