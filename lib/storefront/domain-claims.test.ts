import { resetEnvCache } from '@/lib/env';
import { normalizeClaimDomain } from './domain-claims';
import { DnsUnavailableError, lookupTxt, setTxtResolver } from './dns';

describe('normalizeClaimDomain', () => {
  const originalOrigin = process.env.PUBLIC_ORIGIN;
  beforeAll(() => {
    process.env.PUBLIC_ORIGIN = 'https://kreide.example.com';
    resetEnvCache();
  });
  afterAll(() => {
    if (originalOrigin === undefined) delete process.env.PUBLIC_ORIGIN;
    else process.env.PUBLIC_ORIGIN = originalOrigin;
    resetEnvCache();
  });

  it('lower-cases, trims and drops one trailing dot', () => {
    expect(normalizeClaimDomain('  WWW.Frau-Demo.DE  ')).toBe('www.frau-demo.de');
    expect(normalizeClaimDomain('frau-demo.de.')).toBe('frau-demo.de');
    expect(normalizeClaimDomain('frau-demo.de..')).toBeNull();
    expect(normalizeClaimDomain('a1.b-2.c3d')).toBe('a1.b-2.c3d');
  });

  it('stores an internationalised name as punycode, look-alikes included', () => {
    expect(normalizeClaimDomain('Schüler.DE')).toBe('xn--schler-5ya.de');
    expect(normalizeClaimDomain('faß.de')).toBe('xn--fa-hia.de');
    expect(normalizeClaimDomain('例え.テスト')).toBe('xn--r8jz45g.xn--zckzah');
    // A Cyrillic а in "paypal": it stays visibly different from the Latin name.
    expect(normalizeClaimDomain('pаypal.com')).toBe('xn--pypal-4ve.com');
    expect(normalizeClaimDomain('xn--pypal-4ve.com')).toBe('xn--pypal-4ve.com');
    expect(normalizeClaimDomain('ＥＸＡＭＰＬＥ。com')).toBe('example.com');
    expect(normalizeClaimDomain('xn--abc.com')).toBeNull();
  });

  it('refuses IP addresses in any spelling', () => {
    for (const ip of [
      '127.0.0.1',
      '192.168.1.10',
      '[::1]',
      '::1',
      '0x7f.1',
      '1.2.3',
      '2130706433',
      '010.0.0.1',
      '1.2.3.4.',
    ])
      expect([ip, normalizeClaimDomain(ip)]).toEqual([ip, null]);
  });

  it('refuses localhost, single labels and Kreide’s own host with its subdomains', () => {
    for (const name of [
      'localhost',
      'LOCALHOST.',
      'author-demo.localhost',
      'kreide',
      'com',
      'kreide.example.com',
      'shop.kreide.example.com',
      'a.b.kreide.example.com',
    ])
      expect([name, normalizeClaimDomain(name)]).toEqual([name, null]);
    // A neighbour of Kreide's host is someone else's name.
    expect(normalizeClaimDomain('notkreide.example.com')).toBe('notkreide.example.com');
  });

  it('refuses labels and names that DNS cannot hold', () => {
    const label63 = 'a'.repeat(63);
    expect(normalizeClaimDomain(`${label63}.de`)).toBe(`${label63}.de`);
    expect(normalizeClaimDomain(`${'a'.repeat(64)}.de`)).toBeNull();
    const name253 = [label63, label63, label63, 'a'.repeat(61)].join('.');
    expect(name253).toHaveLength(253);
    expect(normalizeClaimDomain(name253)).toBe(name253);
    expect(normalizeClaimDomain(`${name253}.`)).toBe(name253);
    expect(normalizeClaimDomain(`a${name253}`)).toBeNull();
    expect(normalizeClaimDomain('x'.repeat(300))).toBeNull();
    for (const name of ['a..b', '.a.de', '-a.de', 'a-.de', 'a.-b.de', 'a_b.de', '', ' ', '.'])
      expect([name, normalizeClaimDomain(name)]).toEqual([name, null]);
  });

  it('refuses anything but a bare host name', () => {
    for (const input of [
      'https://frau-demo.de',
      'frau-demo.de/shop',
      'frau-demo.de:8443',
      'user@frau-demo.de',
      'frau demo.de',
      'fr%61u-demo.de',
      'frau-demo.de?x',
      'frau-demo.de#x',
      'frau-demo.de／shop',
      'frau-demo.de\u0000',
    ])
      expect([input, normalizeClaimDomain(input)]).toEqual([input, null]);
  });
});

describe('lookupTxt', () => {
  afterEach(() => setTxtResolver(null));

  const failing = (code: string) => ({
    resolveTxt: () => Promise.reject(Object.assign(new Error(code), { code })),
  });

  it('joins the chunks of each record', async () => {
    setTxtResolver({ resolveTxt: async () => [['kreide-verification=', 'abc'], ['v=spf1 -all']] });
    expect(await lookupTxt('_kreide-verification.frau-demo.de')).toEqual(['kreide-verification=abc', 'v=spf1 -all']);
  });

  it('answers no records for NXDOMAIN and ENODATA', async () => {
    for (const code of ['ENOTFOUND', 'ENODATA']) {
      setTxtResolver(failing(code));
      expect(await lookupTxt('_kreide-verification.frau-demo.de')).toEqual([]);
    }
  });

  it('calls timeouts, SERVFAIL and other failures DNS being unavailable', async () => {
    for (const code of ['ETIMEOUT', 'ESERVFAIL', 'ECONNREFUSED', 'EREFUSED']) {
      setTxtResolver(failing(code));
      await expect(lookupTxt('_kreide-verification.frau-demo.de')).rejects.toMatchObject({
        name: 'DnsUnavailableError',
        reason: 'dns_unavailable',
        dnsCode: code,
      });
    }
    setTxtResolver({ resolveTxt: () => Promise.reject(new Error('no code')) });
    await expect(lookupTxt('x.de')).rejects.toBeInstanceOf(DnsUnavailableError);
  });

  it('gives up on a resolver that does not answer in time', async () => {
    setTxtResolver({ resolveTxt: () => new Promise(() => {}) });
    await expect(lookupTxt('_kreide-verification.frau-demo.de', 20)).rejects.toMatchObject({ dnsCode: 'ETIMEOUT' });
  });
});
