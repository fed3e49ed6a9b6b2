/**
 * What the app and the test OpenID provider (oidc-test-provider.ts) agree on: the mounts that
 * stand in for Google, Apple, Facebook and Microsoft, their client ids and secrets, and the
 * environment the app needs to use them. Kept free of heavy imports so playwright.config.ts can
 * read it.
 */

/** Port of the provider in the browser tests (the app runs on E2E_PORT, 3111 by default). */
export const OIDC_TEST_PORT = 3112;

/** Microsoft's multi-tenant sign-in answers with the user's own tenant as issuer. */
export const OIDC_TEST_TENANT = 'a2b4c6d8-1e3f-4a5b-9c7d-0e1f2a3b4c5d';

export const OIDC_TEST_PROVIDERS = ['google', 'apple_id', 'facebook', 'microsoft'] as const;
export type OidcTestProvider = (typeof OIDC_TEST_PROVIDERS)[number];

/** The env prefix of each provider in lib/env.ts. */
const ENV_PREFIX: Record<OidcTestProvider, string> = {
  google: 'GOOGLE',
  apple_id: 'APPLE',
  facebook: 'FACEBOOK',
  microsoft: 'MICROSOFT',
};

/** Where each provider is mounted on the test server; Microsoft's path is its tenant's issuer. */
export function oidcTestMountPath(provider: OidcTestProvider): string {
  return provider === 'microsoft' ? `/${OIDC_TEST_TENANT}/v2.0` : `/${provider}`;
}

/**
 * The issuer the app is configured with. For Microsoft that is the 'common' endpoint, whose
 * discovery document names the issuer as the template `…/{tenantid}/v2.0`, like Microsoft's.
 */
export function oidcTestConfiguredIssuer(origin: string, provider: OidcTestProvider): string {
  return provider === 'microsoft' ? `${origin}/common/v2.0` : `${origin}${oidcTestMountPath(provider)}`;
}

export const oidcTestClientId = (provider: OidcTestProvider) => `kreide-${provider}`;
export const oidcTestClientSecret = (provider: OidcTestProvider) => `kreide-${provider}-secret`;

/** A second client registered at every mount: its tokens carry the wrong audience for Kreide. */
export const OIDC_TEST_OTHER_CLIENT = { id: 'other-app', secret: 'other-app-secret' };

/** The app's OIDC_* variables for a test provider listening at `origin`. */
export function oidcTestAppEnv(
  origin: string,
  providers: readonly OidcTestProvider[] = OIDC_TEST_PROVIDERS,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const provider of providers) {
    const prefix = `OIDC_${ENV_PREFIX[provider]}`;
    env[`${prefix}_ISSUER`] = oidcTestConfiguredIssuer(origin, provider);
    env[`${prefix}_CLIENT_ID`] = oidcTestClientId(provider);
    env[`${prefix}_CLIENT_SECRET`] = oidcTestClientSecret(provider);
  }
  return env;
}
