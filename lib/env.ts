/**
 * Configuration, read once and checked with zod. Every variable is explained in `.env.example`;
 * with nothing set, Kreide runs on its embedded database under `./.data`.
 */
import path from 'node:path';
import { z } from 'zod';
import { isOwnHostPattern } from '@/lib/text/host-name';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.string().url().optional(),
  /** Public origin used in canonical links, hreflang and sitemaps. */
  PUBLIC_ORIGIN: z.string().url().optional(),
  /**
   * Kreide's own host names (comma-separated; `*.` in front stands for any subdomain, `.*` at the
   * end for any top-level domain): never a seller's domain, never sent to a storefront.
   */
  KREIDE_OWN_HOSTS: z
    .string()
    .default('localhost,kreide.*,*.kreide.*')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine(isOwnHostPattern, 'not a host name or pattern'))),
  /** Secret (32+ characters) sealing the session cookie; generated into DATA_DIR when unset. */
  SESSION_SECRET: z.string().min(32).optional(),
  /** Header set by a trusted CDN with the visitor's country (e.g. cf-ipcountry). */
  GEOIP_COUNTRY_HEADER: z.string().min(1).optional(),
  /** 'auto' seeds an empty embedded database on start; 'never' never does. */
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  /** Size of the demo catalogue created on first start. */
  DEMO_MATERIALS: z.coerce.number().int().min(50).max(1_000_000).default(2000),
  NEXT_PUBLIC_API_BASE: z.string().default('/api'),
  /** SMTP server for mails (smtp://user:pass@host:587); unset: `.eml` files in DATA_DIR/mail. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Kreide <no-reply@kreide.localhost>'),
  /**
   * Whether the web process runs the queued jobs itself (default). With DATABASE_URL, 'false'
   * leaves them to `npm run worker` processes; the embedded database always runs them in-process.
   */
  JOBS_IN_PROCESS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /**
   * The `test` payment (paid at once, labelled as a test on every page and receipt): 'auto' offers
   * it on the embedded database (the demo) and never with DATABASE_URL; 'on' and 'off' decide.
   */
  TEST_PAYMENTS: z.enum(['auto', 'on', 'off']).default('auto'),
  /**
   * Live notification sockets per client address (lib/http/live-notifications.ts): generous, as
   * a school's whole staff shares one address; the bench raises it to open thousands from one.
   */
  LIVE_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /** Card payments through Stripe's hosted Checkout: offered only when both are set. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Where the Stripe API is (tests point it at a local double); unset: Stripe itself. */
  STRIPE_API_URL: z.string().url().optional(),
  /**
   * The account sellers' monthly payouts are sent from, as written into the SEPA credit transfer
   * file (pain.001). The defaults are the standard example IBAN and a demo name: files made with
   * them are for trying the flow, no bank would execute them.
   */
  KREIDE_PAYOUT_NAME: z.string().min(1).max(70).default('Kreide GmbH'),
  KREIDE_PAYOUT_IBAN: z.string().min(15).max(42).default('DE89 3704 0044 0532 0130 00'),
  KREIDE_PAYOUT_BIC: z
    .string()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/)
    .default('COBADEFFXXX'),
  /** Comma-separated redirect URIs the mobile app may receive its authorization code at. */
  APP_REDIRECT_URIS: z.string().default('kreide://oauth/callback'),
  /**
   * Sign-in with Google, Apple, Facebook and Microsoft (OpenID Connect). A provider is offered
   * only when its client id is set; the issuer is where its discovery document lives.
   */
  OIDC_GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  OIDC_GOOGLE_CLIENT_ID: z.string().optional(),
  OIDC_GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_APPLE_ISSUER: z.string().url().default('https://appleid.apple.com'),
  OIDC_APPLE_CLIENT_ID: z.string().optional(),
  OIDC_APPLE_CLIENT_SECRET: z.string().optional(),
  OIDC_APPLE_TEAM_ID: z.string().optional(),
  OIDC_APPLE_KEY_ID: z.string().optional(),
  OIDC_APPLE_PRIVATE_KEY: z.string().optional(),
  OIDC_FACEBOOK_ISSUER: z.string().url().default('https://www.facebook.com'),
  OIDC_FACEBOOK_CLIENT_ID: z.string().optional(),
  OIDC_FACEBOOK_CLIENT_SECRET: z.string().optional(),
  OIDC_MICROSOFT_ISSUER: z.string().url().default('https://login.microsoftonline.com/common/v2.0'),
  OIDC_MICROSOFT_CLIENT_ID: z.string().optional(),
  OIDC_MICROSOFT_CLIENT_SECRET: z.string().optional(),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

/** The checked configuration. Throws with every problem listed when a variable is invalid. */
export function getEnv(): Env {
  if (cached) return cached;
  const blankToUndefined = Object.fromEntries(
    Object.entries(process.env).map(([key, value]) => [key, value === '' ? undefined : value]),
  );
  const parsed = schema.safeParse(blankToUndefined);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  cached = parsed.data;
  return cached;
}

/** Absolute path of the data folder. */
export function getDataDir(): string {
  return path.resolve(getEnv().DATA_DIR);
}

/** Forget the cached configuration (tests change process.env). */
export function resetEnvCache(): void {
  cached = undefined;
}

/** Whether the `test` payment provider is offered (see TEST_PAYMENTS). */
export function testPaymentsEnabled(env: Env = getEnv()): boolean {
  return env.TEST_PAYMENTS === 'on' || (env.TEST_PAYMENTS === 'auto' && !env.DATABASE_URL);
}
