import { isIpLiteral, isOwnHostPattern, normalizeHost, ownHostMatcher, parseHostName } from './host-name';

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

describe('parseHostName: a bare host name or nothing', () => {
  it.each([
    ['author-demo.localhost', 'author-demo.localhost'],
    ['Shop.Example.', 'shop.example'],
    ['localhost', 'localhost'],
    ['xn--schler-5ya.de', 'xn--schler-5ya.de'],
    [`${'a'.repeat(63)}.test`, `${'a'.repeat(63)}.test`],
    [`${'a.'.repeat(126)}b`, `${'a.'.repeat(126)}b`],
  ])('%j → %j', (input, expected) => {
    expect(parseHostName(input, { unicode: 'refuse' })).toBe(expected);
  });

  it.each([
    'author-demo.localhost:evil',
    'author-demo.localhost:3000',
    'a:b',
    'a/b',
    'a@b',
    'user@shop.example',
    'shop.example/path',
    'shop.example?x',
    'shop.example#x',
    'shop%2eexample',
    'shop_example.com',
    ' shop.example',
    'shop.example ',
    '[::1]',
    '::1',
    '127.0.0.1',
    '1.2.3',
    '0x7f.1',
    '-a.com',
    'a-.com',
    'a..b',
    '.a.com',
    'a.com..',
    '',
    '.',
    `${'a'.repeat(64)}.test`,
    `${'a.'.repeat(126)}bc`,
    'xn--zz.com',
    'shop：3000',
    42,
    null,
  ])('refuses %j', (input) => {
    expect(parseHostName(input, { unicode: 'punycode' })).toBeNull();
  });

  it('takes Unicode as punycode when asked, and refuses it otherwise', () => {
    expect(parseHostName('Schüler.DE', { unicode: 'punycode' })).toBe('xn--schler-5ya.de');
    expect(parseHostName('Schüler.DE', { unicode: 'refuse' })).toBeNull();
    expect(parseHostName('пример.рф', { unicode: 'refuse' })).toBeNull();
    // A full-width dot is a dot to IDNA and to browsers.
    expect(parseHostName('shop．example', { unicode: 'punycode' })).toBe('shop.example');
    expect(parseHostName('shop．example', { unicode: 'refuse' })).toBeNull();
  });
});

describe('own-host patterns', () => {
  it('reads a name, any subdomain in front and any top level at the end', () => {
    expect(['localhost', 'kreide.*', '*.kreide.*', '*.school.example'].every(isOwnHostPattern)).toBe(true);
    expect(['*', '*.*', 'kreide.*.de', 'a:b', 'a/b', ''].some(isOwnHostPattern)).toBe(false);
    expect(ownHostMatcher('kreide.*').test('kreide.co.uk')).toBe(true);
    expect(ownHostMatcher('kreide.*').test('kreide')).toBe(false);
    expect(ownHostMatcher('kreide.*').test('xkreide.de')).toBe(false);
    expect(ownHostMatcher('*.kreide.*').test('www.kreide.de')).toBe(true);
    expect(ownHostMatcher('*.kreide.*').test('kreide.de')).toBe(false);
    expect(ownHostMatcher('localhost').test('author-demo.localhost')).toBe(false);
  });
});
