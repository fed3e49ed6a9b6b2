import { defineConfig, devices } from '@playwright/test';
import { E2E_DEMO_MATERIALS } from './tests/e2e/support/e2e-env';
import { OIDC_TEST_PORT, oidcTestAppEnv } from './tests/e2e/support/oidc-test-provider-env';
import { STRIPE_DOUBLE_PORT, STRIPE_TEST_ENV } from './tests/e2e/support/stripe-test-double-env';
import { SERVER_NODE_ARGS } from './scripts/lib/server-process.mjs';

const PORT = Number(process.env.E2E_PORT ?? 3111);
const OIDC_ORIGIN = `http://127.0.0.1:${OIDC_TEST_PORT}`;

const CHROMIUM = { ...devices['Desktop Chrome'], channel: undefined };

/**
 * The first lane: every journey that uses the demo buyer's carts, orders, credit or mailbox
 * (selling too, whose buyer is the demo buyer), so none of them sees another's line in a cart or
 * mail; then read-only journeys, to even out the two lanes' times. The second lane takes the rest:
 * the catalogue journeys together with the cabinet journeys that publish into it.
 */
const BUYER_LANE = [
  'abandoned-cart',
  'accessibility',
  'account-journeys',
  'accounts',
  'admin-commerce',
  'buying-more',
  'buying',
  'cabinet',
  'pay-once',
  'selling',
  // Read-only, here for balance.
  'foundation',
  'hardening',
  'js-budget',
].map((name) => new RegExp(`/${name}\\.spec\\.ts$`));

/**
 * Browser journeys against the production build on its own embedded database (DESIGN §4),
 * in Debian's Chromium (Playwright cannot download browsers here).
 */
export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  // Two lanes side by side (the projects below), each running its files one after another.
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace of every journey (DOM snapshots, screenshots) took a fifth of the stage's
    // CPU: 595 → 401 CPU-seconds, 6.9 → 5.9 min, for traces thrown away when a journey passes. A
    // failure still leaves its page's accessibility snapshot (error-context.md); to see the
    // trace of a failing journey, run it again with E2E_TRACE=1.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    launchOptions: {
      // Chromium's headless shell (Debian's chromium-headless-shell, scripts/ensure-chromium.sh),
      // which Playwright runs headless journeys in when it can download its browsers. The full
      // browser in its headless mode is heavier: three runs of every journey took 16.0 min in it
      // and 12.8 min in the shell, at the same hour (docs/decisions.md).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // The demo accounts signed in once, for the journeys that do not test signing in.
    { name: 'sessions', testMatch: /sessions\.setup\.ts$/, use: CHROMIUM },
    // Two lanes side by side that never touch the same state (BUYER_LANE); within a lane, files
    // run one after another (docs/decisions.md, "Two lanes of journeys").
    {
      name: 'buyer',
      testMatch: BUYER_LANE,
      dependencies: ['sessions'],
      workers: 1,
      use: CHROMIUM,
    },
    {
      name: 'catalogue',
      testMatch: /\.spec\.ts$/,
      testIgnore: BUYER_LANE,
      dependencies: ['sessions'],
      workers: 1,
      use: CHROMIUM,
    },
  ],
  webServer: [
    // A real OpenID provider standing in for Google, Facebook and Microsoft (tests/e2e/social.spec.ts).
    {
      command: 'npx tsx tests/e2e/support/oidc-test-provider.ts',
      url: `${OIDC_ORIGIN}/google/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { OIDC_TEST_PORT: String(OIDC_TEST_PORT), OIDC_TEST_APP_ORIGIN: `http://localhost:${PORT}` },
    },
    // Stripe's API and hosted payment page, standing in for card payments (tests/e2e/buying-more.spec.ts).
    {
      command: 'npx tsx tests/e2e/support/stripe-test-double.ts',
      url: `${STRIPE_TEST_ENV.STRIPE_API_URL}/pay/none`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { STRIPE_DOUBLE_PORT: String(STRIPE_DOUBLE_PORT), STRIPE_DOUBLE_APP_ORIGIN: `http://localhost:${PORT}` },
    },
    {
      command: ['node', ...SERVER_NODE_ARGS].join(' '),
      url: `http://localhost:${PORT}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(PORT),
        DATA_DIR: process.env.E2E_DATA_DIR ?? '.data-e2e',
        DATABASE_URL: '',
        // Seeded on the first start unless scripts/prepare-e2e-data.ts seeded the folder before.
        DEMO_MATERIALS: String(E2E_DEMO_MATERIALS),
        // Apple is left out: its form-post answer needs HTTPS for the flow cookie to come along.
        ...oidcTestAppEnv(OIDC_ORIGIN, ['google', 'facebook', 'microsoft']),
        ...STRIPE_TEST_ENV,
        // Test-only: a cart counts as left after 2 s and the reminder sweep runs that often, so the
        // abandoned-cart journey (tests/e2e/abandoned-cart.spec.ts) need not wait a day.
        KREIDE_TEST_ABANDONED_CART_SECONDS: '2',
        // Test-only: one address stands for every teacher here, and repeated runs on one database
        // (`--repeat-each 3`) register seven accounts and check wrong passwords several times each:
        // per-address limits ten times the real ones (lib/security/rate-limit.ts, limitOf).
        KREIDE_TEST_PER_IP_LIMIT_FACTOR: '10',
      },
    },
  ],
});
