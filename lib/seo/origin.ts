import { getEnv } from '@/lib/env';

/** The public origin used in canonical links, hreflang and sitemaps. */
export function getPublicOrigin(): string {
  const env = getEnv();
  return (env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}
