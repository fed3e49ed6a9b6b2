/**
 * A real OpenID Connect provider (the `oidc-provider` package) standing in for Google, Apple,
 * Facebook and Microsoft in tests. Each provider is its own `Provider` instance mounted under a
 * path of one HTTP server; Microsoft's mount imitates the multi-tenant 'common' endpoint, whose
 * discovery document names the issuer as the template `…/{tenantid}/v2.0` and whose ID tokens
 * carry the tenant in `tid`.
 *
 * Sign-in page: any e-mail address signs in (the account is made on the spot, its subject derived
 * from the address); "e-mail verified" is a checkbox; Cancel answers access_denied; a test may post
 * `id_token_ttl` (seconds) to get a short-lived ID token.
 *
 * Run it for the browser tests: `npx tsx tests/e2e/support/oidc-test-provider.ts`
 * (OIDC_TEST_PORT, default 3112; OIDC_TEST_APP_ORIGIN, the app, default http://localhost:3111;
 * OIDC_TEST_HOST, default 127.0.0.1). It prints one JSON line when it listens: origin, issuers
 * and the app's OIDC_* environment. Port 0 picks a free port (the integration tests do that).
 *
 * Every mount signs with the same key, so a token of one mount passes another mount's key check
 * and only its issuer tells it apart: the tests use that to prove the issuer check.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { pathFor } from '@/lib/routing/localized-routes';
import { WORLD_CODES } from '@/lib/worlds/worlds';
import {
  OIDC_TEST_OTHER_CLIENT,
  OIDC_TEST_PORT,
  OIDC_TEST_PROVIDERS,
  OIDC_TEST_TENANT,
  oidcTestAppEnv,
  oidcTestClientId,
  oidcTestClientSecret,
  oidcTestConfiguredIssuer,
  oidcTestMountPath,
  type OidcTestProvider,
} from './oidc-test-provider-env';

interface TestAccount {
  accountId: string;
  email: string;
  emailVerified: boolean;
  name: string;
  idTokenTtl: number;
}

export interface RunningOidcTestProvider {
  origin: string;
  /** The issuer each mount puts into its tokens. */
  issuers: Record<OidcTestProvider, string>;
  /** The OIDC_* variables the app needs to use this server. */
  appEnv: Record<string, string>;
  close(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function signingKey() {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
}

function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) req.destroy(new Error('form too large'));
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

function loginPage(action: string, clientId: string, provider: OidcTestProvider): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test OpenID Provider</title></head>
<body>
  <main>
    <h1>Test OpenID Provider (${escapeHtml(provider)})</h1>
    <p>Sign in to <strong>${escapeHtml(clientId)}</strong>.</p>
    <form method="post" action="${escapeHtml(action)}">
      <label>E-mail <input id="op-email" name="email" type="email" required autofocus></label>
      <label>Name <input id="op-name" name="name" type="text"></label>
      <label><input id="op-email-verified" name="email_verified" type="checkbox" value="true" checked> E-mail verified</label>
      <button id="op-submit" type="submit">Sign in</button>
      <button id="op-cancel" type="submit" formaction="${escapeHtml(action.replace(/\/login$/, '/abort'))}" formnovalidate>Cancel</button>
    </form>
  </main>
</body></html>`;
}

/** Starts the provider server. `appOrigin` is where the app runs (its redirect URIs live there). */
export async function startOidcTestProvider(options: {
  port?: number;
  host?: string;
  appOrigin: string;
}): Promise<RunningOidcTestProvider> {
  const host = options.host ?? '127.0.0.1';
  const appOrigin = options.appOrigin.replace(/\/$/, '');
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  const key = signingKey();
  const accounts = new Map<string, TestAccount>();

  const mounts = OIDC_TEST_PROVIDERS.map((provider) => {
    const mountPath = oidcTestMountPath(provider);
    const redirectUris = [`${appOrigin}/api/v3/oauth2/social/${provider}/callback`];
    // Microsoft comes back to the app's Microsoft redirect page of the world the sign-in started in.
    if (provider === 'microsoft')
      redirectUris.push(...WORLD_CODES.map((world) => `${appOrigin}${pathFor(world, 'microsoft-redirect')}`));
    const oidc = new Provider(`${origin}${mountPath}`, {
      clients: [
        {
          client_id: oidcTestClientId(provider),
          client_secret: oidcTestClientSecret(provider),
          redirect_uris: redirectUris,
          response_types: ['code'],
          grant_types: ['authorization_code'],
        },
        {
          client_id: OIDC_TEST_OTHER_CLIENT.id,
          client_secret: OIDC_TEST_OTHER_CLIENT.secret,
          redirect_uris: [`${appOrigin}/other-app/callback`],
          response_types: ['code'],
          grant_types: ['authorization_code'],
        },
      ],
      jwks: { keys: [key] },
      cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
      // The scopes and claims each real provider offers: Apple has a `name` scope but never puts the
      // name into the ID token (it posts it once as `user`), Facebook names `public_profile`.
      claims: {
        openid: provider === 'microsoft' ? ['sub', 'tid'] : ['sub'],
        email: ['email', 'email_verified'],
        ...(provider === 'apple_id'
          ? { name: [] }
          : provider === 'facebook'
            ? { public_profile: ['name'] }
            : { profile: ['name'] }),
      },
      // Put the scope's claims into the ID token (as Google and Microsoft do), not only userinfo.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      interactions: {
        url: (_ctx: unknown, interaction: { uid: string }) => `${mountPath}/interaction/${interaction.uid}`,
      },
      pkce: { required: () => true },
      async findAccount(_ctx: unknown, id: string) {
        const account = accounts.get(id);
        if (!account) return undefined;
        return {
          accountId: id,
          idTokenTtl: account.idTokenTtl,
          async claims() {
            return {
              sub: id,
              email: account.email,
              // Apple sends the flag as a string.
              email_verified: provider === 'apple_id' ? String(account.emailVerified) : account.emailVerified,
              name: account.name,
              ...(provider === 'microsoft' ? { tid: OIDC_TEST_TENANT } : {}),
            };
          },
        };
      },
      ttl: {
        IdToken: (ctx: { oidc?: { entities?: { Account?: { idTokenTtl?: number } } } }) =>
          ctx.oidc?.entities?.Account?.idTokenTtl ?? 3600,
        AccessToken: 3600,
        AuthorizationCode: 60,
        Grant: 3600,
        Interaction: 600,
        Session: 3600,
      },
      renderError(ctx: { type: string; body: string }, out: Record<string, string>) {
        ctx.type = 'html';
        ctx.body = `<!doctype html><html lang="en"><head><title>Test OpenID Provider error</title></head><body><h1>Error</h1><pre id="op-error">${escapeHtml(JSON.stringify(out))}</pre></body></html>`;
      },
    });
    return { provider, mountPath, oidc, callback: oidc.callback() };
  });

  async function handleInteraction(
    mount: (typeof mounts)[number],
    req: http.IncomingMessage,
    res: http.ServerResponse,
    uid: string,
    action: 'show' | 'login' | 'abort',
  ) {
    const details = await mount.oidc.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    const clientId = String(details.params.client_id);
    if (action === 'abort') {
      await mount.oidc.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (action === 'show') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(loginPage(`${mount.mountPath}/interaction/${uid}/login`, clientId, mount.provider));
      return;
    }
    const form = await readForm(req);
    const email = (form.get('email') ?? '').trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('e-mail required');
      return;
    }
    const accountId = `user-${crypto.createHash('sha256').update(email).digest('hex').slice(0, 16)}`;
    const ttl = Number(form.get('id_token_ttl'));
    accounts.set(accountId, {
      accountId,
      email,
      emailVerified: form.get('email_verified') === 'true',
      name: form.get('name')?.trim() || email.split('@')[0]!,
      idTokenTtl: Number.isInteger(ttl) && ttl > 0 ? ttl : 3600,
    });
    // Sign-in and consent in one step: the test user grants whatever the client asked for.
    const grant = new mount.oidc.Grant({ accountId, clientId });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await mount.oidc.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  /** Microsoft's 'common' discovery: the mount's own document with the issuer as a template. */
  async function commonDiscovery(res: http.ServerResponse) {
    const own = await fetch(`${origin}${oidcTestMountPath('microsoft')}/.well-known/openid-configuration`);
    const document = (await own.json()) as Record<string, unknown>;
    document.issuer = `${origin}/{tenantid}/v2.0`;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(document));
  }

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', origin);
    const run = async () => {
      if (url.pathname === '/common/v2.0/.well-known/openid-configuration') return commonDiscovery(res);
      const mount = mounts.find((m) => url.pathname === m.mountPath || url.pathname.startsWith(`${m.mountPath}/`));
      if (!mount) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
        return;
      }
      const rest = url.pathname.slice(mount.mountPath.length);
      const interaction = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(rest);
      if (interaction) {
        const action = req.method === 'POST' && interaction[2] ? (interaction[2] as 'login' | 'abort') : 'show';
        return handleInteraction(mount, req, res, interaction[1]!, action);
      }
      // Mounted like Express would: the provider sees the path below its mount.
      (req as http.IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
      req.url = `${rest || '/'}${url.search}`;
      mount.callback(req, res);
    };
    run().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(`test provider: ${error instanceof Error ? error.message : String(error)}`);
    });
  });

  const issuers = Object.fromEntries(OIDC_TEST_PROVIDERS.map((p) => [p, `${origin}${oidcTestMountPath(p)}`])) as Record<
    OidcTestProvider,
    string
  >;
  return {
    origin,
    issuers,
    appEnv: oidcTestAppEnv(origin),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Run as a script: start on the fixed port of the browser tests and report readiness on stdout.
if (require.main === module) {
  const port = Number(process.env.OIDC_TEST_PORT ?? OIDC_TEST_PORT);
  const appOrigin = process.env.OIDC_TEST_APP_ORIGIN ?? `http://localhost:${process.env.E2E_PORT ?? 3111}`;
  startOidcTestProvider({ port, host: process.env.OIDC_TEST_HOST, appOrigin })
    .then((running) => {
      process.stdout.write(
        `${JSON.stringify({ ready: true, origin: running.origin, issuers: running.issuers, appEnv: running.appEnv, configuredIssuers: Object.fromEntries(OIDC_TEST_PROVIDERS.map((p) => [p, oidcTestConfiguredIssuer(running.origin, p)])) })}\n`,
      );
      const stop = () => void running.close().then(() => process.exit(0));
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
