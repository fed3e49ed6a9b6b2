import { createHash, randomBytes } from 'node:crypto';
import { getEnv } from '@/lib/env';
import { KEEP_SCRIPT } from '@/lib/subscriptions/keep-script';
import { REMEMBER_WORLD_SCRIPT } from '@/lib/worlds/remember-world-script';

/**
 * The Content-Security-Policy of every HTML page. Scripts run only with the
 * response's nonce (which the pre-route writes into the page as it serves it, lib/http/nonce-html.ts)
 * or, for the inline scripts whose text never changes, their hashes; 'strict-dynamic' lets those
 * scripts load Next's chunks; 'self' is the fallback of browsers that know neither.
 */

/** Inline scripts allowed by hash instead of nonce: their text is the same on every page. */
export const HASHED_INLINE_SCRIPTS: readonly string[] = [REMEMBER_WORLD_SCRIPT, KEEP_SCRIPT];

const SCRIPT_HASHES = HASHED_INLINE_SCRIPTS.map(
  (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`,
).join(' ');

/** Length of every nonce: 128 random bits in base64 without padding. */
export const NONCE_LENGTH = 22;

// Random bytes are drawn in batches: one system call per 256 responses instead of one each.
const POOL_NONCES = 256;
let pool = Buffer.alloc(0);
let poolAt = 0;

/** A fresh nonce for one response: 128 bits from the system's CSPRNG, base64 (22 characters). */
export function createNonce(): string {
  if (poolAt >= pool.length) {
    pool = randomBytes(16 * POOL_NONCES);
    poolAt = 0;
  }
  const bytes = pool.subarray(poolAt, poolAt + 16);
  poolAt += 16;
  return bytes.toString('base64', 0, 16).slice(0, NONCE_LENGTH);
}

/**
 * Authorization endpoints the login page may navigate a form to, beyond the provider's issuer
 * origin: where the real providers send the browser on (a 302 after a form submission is
 * checked against form-action in Chromium and Firefox).
 */
const PROVIDER_EXTRA_ORIGINS: Record<string, string[]> = {
  'https://www.facebook.com': ['https://facebook.com', 'https://m.facebook.com'],
  'https://login.microsoftonline.com': ['https://login.live.com'],
};

function originOf(value: string | undefined): string | null {
  if (!value || !/^https?:\/\//i.test(value)) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Origins of the OpenID Connect providers the server is configured for (OIDC_<P>_ISSUER with
 * OIDC_<P>_CLIENT_ID set). The sign-in buttons are plain links today, and navigations are not
 * restricted by CSP; but a form whose answer is a 302 to the provider is checked against
 * form-action, redirect included, so the providers are listed there.
 */
export function oidcFormOrigins(env: Record<string, unknown> = getEnv()): string[] {
  const origins = new Set<string>();
  for (const [key, value] of Object.entries(env)) {
    const match = /^OIDC_([A-Z0-9_]+)_ISSUER$/.exec(key);
    if (!match || typeof value !== 'string' || !env[`OIDC_${match[1]}_CLIENT_ID`]) continue;
    const origin = originOf(value);
    if (!origin) continue;
    origins.add(origin);
    for (const extra of PROVIDER_EXTRA_ORIGINS[origin] ?? []) origins.add(extra);
  }
  return [...origins].sort();
}

/** Where Stripe's hosted Checkout pages live. */
const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

/**
 * Origins the payment page's form is answered with a redirect to: Stripe's hosted Checkout when
 * card payments are configured (and a stand-in's origin when STRIPE_API_URL points elsewhere,
 * as in tests). A 303 after a form post is checked against form-action, so without this the
 * browser would refuse to open the payment page. No Stripe script is allowed anywhere.
 */
export function paymentFormOrigins(env: Record<string, unknown> = getEnv()): string[] {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return [];
  const standIn = originOf(typeof env.STRIPE_API_URL === 'string' ? env.STRIPE_API_URL : undefined);
  return standIn ? [STRIPE_CHECKOUT_ORIGIN, standIn] : [STRIPE_CHECKOUT_ORIGIN];
}

export interface CspOptions {
  /** `next dev` evaluates code (React's dev tooling): 'unsafe-eval' only then. */
  dev: boolean;
  /** NEXT_PUBLIC_API_BASE: its origin joins connect-src when it points elsewhere. */
  apiBase?: string;
  /** Origins forms may be sent to besides our own (the OpenID providers, Stripe's Checkout). */
  formOrigins?: string[];
}

/**
 * The policy split around its per-response parts, so each response costs a few string
 * concatenations. The request's Host is added for WebSocket connections only when it is a plain
 * host name: it is client input, and a header value must never carry another directive.
 */
export class CspBuilder {
  private readonly beforeNonce = "default-src 'self'; script-src 'nonce-";
  private readonly afterNonce: string;
  private readonly afterConnect: string;

  constructor(options: CspOptions) {
    const apiOrigin = originOf(options.apiBase);
    this.afterNonce = [
      `' 'strict-dynamic' ${SCRIPT_HASHES} 'self'${options.dev ? " 'unsafe-eval'" : ''}`,
      // React style props, the inlined stylesheet and the <style> elements Next adds on client
      // navigation cannot all carry a nonce (docs/decisions.md): inline styles stay allowed.
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      `connect-src 'self'${apiOrigin ? ` ${apiOrigin}` : ''}`,
    ].join('; ');
    this.afterConnect = [
      '',
      `form-action ${["'self'", ...(options.formOrigins ?? [])].join(' ')}`,
      "base-uri 'none'",
      "object-src 'none'",
      "frame-ancestors 'none'",
    ].join('; ');
  }

  /** The header value for one response. */
  build(nonce: string, host?: string, secure = false): string {
    // 'self' covers same-origin WebSockets (/notifications) in current browsers; older ones
    // need the origin spelled out.
    const ws =
      host && /^[a-z0-9.-]+(?::\d{1,5})?$/i.test(host)
        ? secure
          ? ` wss://${host}`
          : ` ws://${host} wss://${host}`
        : '';
    return (
      this.beforeNonce +
      nonce +
      this.afterNonce +
      ws +
      this.afterConnect +
      (secure ? '; upgrade-insecure-requests' : '')
    );
  }
}

let defaultBuilder: CspBuilder | undefined;

/** The policy builder of this process (configuration is read once). */
export function getCspBuilder(dev = isDevServer()): CspBuilder {
  if (!defaultBuilder) {
    const env = getEnv();
    defaultBuilder = new CspBuilder({
      dev,
      apiBase: env.NEXT_PUBLIC_API_BASE,
      formOrigins: [
        ...oidcFormOrigins(env as unknown as Record<string, unknown>),
        ...paymentFormOrigins(env as unknown as Record<string, unknown>),
      ],
    });
  }
  return defaultBuilder;
}

/** Forget the built policy (tests change the configuration). */
export function resetCspBuilder(): void {
  defaultBuilder = undefined;
}

/** As server.ts decides it: Next runs in development mode only with `--dev` and NODE_ENV development. */
export function isDevServer(): boolean {
  return getEnv().NODE_ENV === 'development' && process.argv.includes('--dev');
}
