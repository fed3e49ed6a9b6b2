/**
 * `npx tsx tests/e2e/support/stripe-test-double.ts`: the Stripe double of the integration tests
 * as a server of its own for the browser journeys (playwright.config.ts starts it): Kreide's
 * card payments create their Checkout Sessions here, and its stand-in payment page pays them
 * with a webhook signed by the official `stripe` package.
 */
import { startStripeDouble } from '../../integration/support/stripe-double';
import { STRIPE_DOUBLE_PORT, STRIPE_TEST_ENV } from './stripe-test-double-env';

const appOrigin = process.env.STRIPE_DOUBLE_APP_ORIGIN;
if (!appOrigin) throw new Error('STRIPE_DOUBLE_APP_ORIGIN is required');

startStripeDouble({
  port: STRIPE_DOUBLE_PORT,
  webhook: {
    url: `${appOrigin}/api/v3/payments/stripe/webhook?world=de`,
    secret: STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET,
  },
}).then(
  (double) => console.log(`Stripe double on ${double.url}`),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
