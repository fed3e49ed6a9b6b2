/** The port of the browser journeys' Stripe double. */
export const STRIPE_DOUBLE_PORT = Number(process.env.STRIPE_DOUBLE_PORT ?? 3114);

/** What the Kreide server of the browser journeys is configured with for card payments. */
export const STRIPE_TEST_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_kreide_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_kreide_e2e',
  STRIPE_API_URL: `http://127.0.0.1:${STRIPE_DOUBLE_PORT}`,
} as const;
