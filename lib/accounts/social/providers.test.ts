import type { Env } from '@/lib/env';
import { getProviderConfig, listWebsiteProviders } from './providers';

const base = {
  OIDC_GOOGLE_ISSUER: 'https://accounts.google.com',
  OIDC_APPLE_ISSUER: 'https://appleid.apple.com',
  OIDC_FACEBOOK_ISSUER: 'https://www.facebook.com',
  OIDC_MICROSOFT_ISSUER: 'https://login.microsoftonline.com/common/v2.0',
} as Env;

describe('social provider configuration', () => {
  it('counts a provider as configured only when its client id is set', () => {
    expect(getProviderConfig('google', base)).toBeNull();
    expect(listWebsiteProviders(base)).toEqual([]);
    const config = getProviderConfig('google', { ...base, OIDC_GOOGLE_CLIENT_ID: 'web-id' });
    expect(config).toMatchObject({
      issuer: 'https://accounts.google.com',
      clientId: 'web-id',
      audiences: ['web-id'],
      clientSecret: null,
      responseMode: 'query',
    });
  });

  it('accepts the app’s own client ids as further audiences; the first one is the website’s', () => {
    const config = getProviderConfig('apple_id', {
      ...base,
      OIDC_APPLE_CLIENT_ID: ' web.services.id , app.bundle.id ',
    });
    expect(config).toMatchObject({
      clientId: 'web.services.id',
      audiences: ['web.services.id', 'app.bundle.id'],
      responseMode: 'form_post',
    });
  });

  it('offers website buttons only for providers that can run the code flow, in a fixed order', () => {
    const env = {
      ...base,
      OIDC_MICROSOFT_CLIENT_ID: 'ms',
      OIDC_MICROSOFT_CLIENT_SECRET: 'ms-secret',
      OIDC_GOOGLE_CLIENT_ID: 'g',
      OIDC_GOOGLE_CLIENT_SECRET: 'g-secret',
      OIDC_FACEBOOK_CLIENT_ID: 'token-grant-only',
      OIDC_APPLE_CLIENT_ID: 'apple',
      OIDC_APPLE_TEAM_ID: 'TEAM',
      OIDC_APPLE_KEY_ID: 'KEY',
      OIDC_APPLE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----',
    } as Env;
    expect(listWebsiteProviders(env)).toEqual(['google', 'apple_id', 'microsoft']);
    expect(getProviderConfig('apple_id', env)!.apple).toEqual({
      teamId: 'TEAM',
      keyId: 'KEY',
      privateKey: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----',
    });
    expect(getProviderConfig('facebook', env)!.fallbackTokenEndpoint).toBe(
      'https://graph.facebook.com/oauth/access_token',
    );
  });
});
