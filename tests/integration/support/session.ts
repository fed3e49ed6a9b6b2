import { POST as authenticate } from '@/app/api/v3/oauth2/authenticate/route';
import { DEMO_PASSWORD } from '@/lib/seed/seed';
import { apiRequest } from './request';

/** How a test signs in; every field has the default most tests want. */
export interface SignInOptions {
  /** Default: the password of the seeded demo accounts. */
  password?: string;
  /** The world the sign-in is posted from (`?world=`), which picks the language of any error. */
  world?: string;
  /** `web` (default) gets the httpOnly session cookie; `app` gets its access token in the body. */
  client?: 'web' | 'app';
  /**
   * Extra request headers: a client address of the test's own (sign-in limits count per
   * address, so a file that signs in often gives each caller one), or a cart cookie to merge.
   */
  headers?: Record<string, string>;
  /** As apiRequest's: another page origin, or `false` for none. */
  origin?: string | false;
}

/** A signed-in account as a test uses it. */
export interface SignedIn {
  /** The `Cookie` header value that carries the website session (empty for the app client). */
  cookie: string;
  userId: number;
  /** The app's bearer token; null for the website, which never sees its token. */
  accessToken: string | null;
}

/**
 * Posts the password grant to the real sign-in route and returns its answer unread, for the
 * tests of signing in itself (refusals, limits, origins, cart merging).
 */
export function requestSignIn(email: string, options: SignInOptions = {}): Promise<Response> {
  const query = options.world === undefined ? '' : `?world=${options.world}`;
  return authenticate(
    apiRequest(`/api/v3/oauth2/authenticate${query}`, {
      method: 'POST',
      body: {
        client_id: options.client ?? 'web',
        grant_type: 'password',
        username: email,
        password: options.password ?? DEMO_PASSWORD,
      },
      headers: options.headers,
      origin: options.origin,
    }),
  );
}

/** The session cookie a response sets, as the `Cookie` header a browser sends back. */
export function sessionCookieOf(response: Response): string {
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** Every cookie a response sets (cart token, count hint, session), as a browser sends them back. */
export function cookiesSetBy(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * Signs in through the real route (a test that needs a session should not forge one) and
 * returns the session with the account's id. Throws, failing the test or its hook, unless the
 * route answers 200: every later step would fail for a less obvious reason.
 */
export async function signInSession(email: string, options: SignInOptions = {}): Promise<SignedIn> {
  const response = await requestSignIn(email, options);
  if (response.status !== 200)
    throw new Error(`sign-in of ${email} answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { oauth_user_id: number; access_token: string | null };
  return { cookie: sessionCookieOf(response), userId: body.oauth_user_id, accessToken: body.access_token };
}

/** Signs in on the website (see signInSession) and returns the session's `Cookie` header value. */
export async function signIn(email: string, options: SignInOptions = {}): Promise<string> {
  return (await signInSession(email, options)).cookie;
}
