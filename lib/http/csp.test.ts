import { createHash } from 'node:crypto';
import { getScriptNonceFromHeader } from 'next/dist/server/app-render/get-script-nonce-from-header';
import { CspBuilder, createNonce, NONCE_LENGTH, oidcFormOrigins, paymentFormOrigins } from './csp';
import { KEEP_SCRIPT } from '@/lib/subscriptions/keep-script';
import { REMEMBER_WORLD_SCRIPT } from '@/lib/worlds/remember-world-script';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('the Content-Security-Policy', () => {
  const nonce = createNonce();
  const policy = directives(new CspBuilder({ dev: false }).build(nonce));

  it('runs scripts by nonce (plus the remember-world and keep scripts’ hashes), never by eval, with self for old browsers', () => {
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(policy.get('script-src')).toEqual([
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      hash(REMEMBER_WORLD_SCRIPT),
      hash(KEEP_SCRIPT),
      "'self'",
    ]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });

  it('locks down everything else', () => {
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('font-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });

  it('is the policy Next reads the nonce from', () => {
    expect(getScriptNonceFromHeader(new CspBuilder({ dev: false }).build(nonce))).toBe(nonce);
  });

  it("allows 'unsafe-eval' only to the development server", () => {
    expect(directives(new CspBuilder({ dev: true }).build(nonce)).get('script-src')).toContain("'unsafe-eval'");
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
  });

  it('lets the browser reach an API on another origin, and WebSockets on its own host', () => {
    const builder = new CspBuilder({ dev: false, apiBase: 'https://api.kreide.example/api' });
    expect(directives(builder.build(nonce)).get('connect-src')).toEqual(["'self'", 'https://api.kreide.example']);
    expect(directives(new CspBuilder({ dev: false, apiBase: '/api' }).build(nonce)).get('connect-src')).toEqual([
      "'self'",
    ]);
    expect(directives(builder.build(nonce, 'www.kreide.de:8443')).get('connect-src')).toEqual([
      "'self'",
      'https://api.kreide.example',
      'ws://www.kreide.de:8443',
      'wss://www.kreide.de:8443',
    ]);
    const secure = directives(builder.build(nonce, 'www.kreide.de', true));
    expect(secure.get('connect-src')).toEqual(["'self'", 'https://api.kreide.example', 'wss://www.kreide.de']);
    expect(secure.has('upgrade-insecure-requests')).toBe(true);
  });

  it('never lets a Host header add to the policy', () => {
    const forged = new CspBuilder({ dev: false }).build(nonce, "evil.example; script-src 'unsafe-inline'");
    expect(forged).not.toContain('evil');
    expect(directives(forged).get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('lets sign-in forms go to the configured OpenID providers', () => {
    const origins = oidcFormOrigins({
      OIDC_GOOGLE_ISSUER: 'https://accounts.google.com',
      OIDC_GOOGLE_CLIENT_ID: 'web-client',
      OIDC_FACEBOOK_ISSUER: 'https://www.facebook.com',
      OIDC_FACEBOOK_CLIENT_ID: 'fb',
      // Not configured: no client id.
      OIDC_APPLE_ISSUER: 'https://appleid.apple.com',
      OIDC_MICROSOFT_ISSUER: 'https://login.microsoftonline.com/common/v2.0',
      OIDC_MICROSOFT_CLIENT_ID: '',
      OIDC_TEST_ISSUER: 'http://127.0.0.1:3112/google',
      OIDC_TEST_CLIENT_ID: 'x',
    });
    expect(origins).toEqual([
      'http://127.0.0.1:3112',
      'https://accounts.google.com',
      'https://facebook.com',
      'https://m.facebook.com',
      'https://www.facebook.com',
    ]);
    const policy = directives(new CspBuilder({ dev: false, formOrigins: origins }).build(nonce));
    expect(policy.get('form-action')).toEqual(["'self'", ...origins]);
  });
});

describe('paymentFormOrigins', () => {
  it('lets the payment form be answered with Stripe Checkout only when card payments are configured', () => {
    expect(paymentFormOrigins({})).toEqual([]);
    expect(paymentFormOrigins({ STRIPE_SECRET_KEY: 'sk_test_x' })).toEqual([]);
    expect(paymentFormOrigins({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toEqual([
      'https://checkout.stripe.com',
    ]);
    expect(
      paymentFormOrigins({
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_API_URL: 'http://127.0.0.1:3114/',
      }),
    ).toEqual(['https://checkout.stripe.com', 'http://127.0.0.1:3114']);
  });
});

describe('createNonce', () => {
  it('gives 128 random bits in base64, never the same twice', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const nonce = createNonce();
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}$/);
      seen.add(nonce);
    }
    expect(seen.size).toBe(2000);
    expect(NONCE_LENGTH).toBe(22);
  });
});
