import Stripe from 'stripe';
import { AppError } from '@/lib/errors/app-error';
import { getEnv } from '@/lib/env';

let client: { config: string; stripe: Stripe } | undefined;

/**
 * The Stripe client for card payments through Stripe's hosted Checkout page (card numbers never
 * reach Kreide and no Stripe script runs on our pages). STRIPE_API_URL points it elsewhere (tests
 * use a local double).
 */
export function getStripe(): Stripe {
  const env = getEnv();
  if (!env.STRIPE_SECRET_KEY) throw new AppError('conflict', undefined, { reason: 'payment_method_unavailable' });
  const config = `${env.STRIPE_SECRET_KEY}|${env.STRIPE_API_URL ?? ''}`;
  if (client?.config === config) return client.stripe;
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  const stripe = new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'http:' ? 80 : 443),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
  client = { config, stripe };
  return stripe;
}
