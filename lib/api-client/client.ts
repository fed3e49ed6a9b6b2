import ky, { HTTPError, type KyInstance, type Options } from 'ky';

/** Calls slower than this are reported to the error-reporting service. */
export const SLOW_CALL_MS = 3000;

export interface ApiClientOptions {
  /** API base; `/api` on the same origin by default (NEXT_PUBLIC_API_BASE). */
  baseUrl: string;
  /** The world sent with every call (default de); a call may override it. */
  getWorld: () => string;
  /** Cart token for cart and payment-options calls, when the visitor has one. */
  getCartToken?: () => string | null | undefined;
  /** Bearer token for clients that hold one (the app); the web relies on its session cookie. */
  getAccessToken?: () => string | null | undefined;
  /** Hosts of partners that must not receive the world parameter. */
  partnerHosts?: readonly string[];
  /** Receives calls slower than 3 s (the error-reporting service, sampled by its caller). */
  onSlowCall?: (report: { method: string; url: string; durationMs: number }) => void;
  /** The session's rules around each API call (the browser's session, lib/browser-session). */
  guard?: CallGuard;
  /** True while the payment page is open: the calls it must not send are aborted (see below). */
  onPaymentPage?: () => boolean;
  /** Test seam for the clock. */
  now?: () => number;
  fetch?: typeof fetch;
}

export interface CallOptions {
  /** Overrides the world of this one call. */
  world?: string;
  searchParams?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Skips the terms check that runs before a versioned call. */
  noValidate?: boolean;
}

/**
 * What the session does around an API call: the terms check before it, the 401 handling after
 * it. Paths are relative to the API base (`v1/user`); calls to absolute URLs (partners) pass no
 * guard.
 */
export interface CallGuard {
  /** Runs before the call is sent; the call waits for it (the terms check). */
  before(path: string, call: CallOptions): Promise<void> | void;
  /** A 401 answer. Resolves true to send the call once more; `retried` marks the retry's own 401. */
  unauthorized(path: string, response: Response, retried: boolean): Promise<boolean>;
  /** Any other answer, so that only consecutive 401s for a path are counted. */
  answered(path: string): void;
  /** The retry `unauthorized` granted has settled: answered, failed or cut off. */
  retrySettled(path: string): void;
}

export interface ApiClient {
  get<T>(path: string, options?: CallOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  delete<T>(path: string, options?: CallOptions): Promise<T>;
  /** The underlying ky instance, for the rare call that needs it. */
  raw: KyInstance;
}

/** Paths that carry the cart token: cart and payment-options calls. */
export function needsCartToken(pathname: string): boolean {
  return /(^|\/)(cart|payment-options)(\/|$)/.test(pathname);
}

/**
 * Calls the payment page never sends: filters, the subjects menu, the anonymous subscriptions'
 * persist and both wishlist queries. Nothing the buyer does not need competes with paying.
 */
const ABORTED_ON_PAYMENT_PAGE = [
  /^v1\/filters$/,
  /^v3\/mega-menu\/get-subjects$/,
  /^v3\/subscriptions\/anonymous\/persist$/,
  /^v3\/elastic-indexer\/(wishlist|anonymous-wishlist|school-wishlist)\/query$/,
];

/** Whether a call (a path relative to the API base) is one the payment page must not send. */
export function abortedOnPaymentPage(path: string): boolean {
  const bare = path.replace(/^\//, '').split('?')[0]!;
  return ABORTED_ON_PAYMENT_PAGE.some((pattern) => pattern.test(bare));
}

/**
 * The one HTTP client every API call goes through, with these rules: credentials
 * always sent, a `world` query parameter on every call except to a partner host, the cart
 * token header on cart and payment-options calls, JSON bodies for posts without a file, the
 * body returned directly, calls slower than 3 s reported, and on the payment page the calls it
 * must not send aborted before they are sent (an AbortError, as a call cut off). With a guard, the session's rules
 * run around each API call: the terms check first, and at most one retry after a 401.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const now = options.now ?? (() => Date.now());
  const partnerHosts = new Set(options.partnerHosts ?? []);
  const base = options.baseUrl.replace(/\/$/, '');

  const raw = ky.create({ credentials: 'include', retry: 0, timeout: 60_000, fetch: options.fetch });

  function resolveUrl(path: string): string {
    if (/^https?:\/\//.test(path)) return path;
    const relative = `${base}/${path.replace(/^\//, '')}`;
    // Relative bases (`/api`) resolve against the page's origin in the browser.
    return typeof window === 'undefined' || /^https?:/.test(relative)
      ? relative
      : new URL(relative, window.location.origin).toString();
  }

  /**
   * Everything a call adds is decided here, before the request exists: rebuilding a Request in
   * a hook would turn its body into a stream, which browsers refuse to send over HTTP/1.1.
   */
  function requestOptions(url: string, call: CallOptions = {}): Options {
    const target = new URL(url, 'http://relative.invalid');
    const searchParams: Record<string, string> = {};
    for (const [key, value] of Object.entries(call.searchParams ?? {}))
      if (value !== undefined) searchParams[key] = String(value);
    const partner = partnerHosts.has(target.host);
    if (call.world) searchParams.world = call.world;
    else if (!partner && !target.searchParams.has('world')) searchParams.world = options.getWorld();
    const headers: Record<string, string> = { ...call.headers };
    const token = options.getAccessToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    const cartToken = options.getCartToken?.();
    if (cartToken && needsCartToken(target.pathname)) headers['X-Cart-Token'] = cartToken;
    return { searchParams, signal: call.signal, headers };
  }

  /** Runs one call and reports it when it took longer than 3 s, answered or failed. */
  async function timed<T>(method: string, url: string, call: () => Promise<T>): Promise<T> {
    const start = now();
    try {
      return await call();
    } finally {
      const durationMs = now() - start;
      if (durationMs > SLOW_CALL_MS) options.onSlowCall?.({ method, url, durationMs });
    }
  }

  /** Sends one call, through the guard when there is one: at most one retry after a 401. */
  async function send<T>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body: unknown,
    call: CallOptions = {},
  ): Promise<T> {
    if (!/^https?:\/\//.test(path) && options.onPaymentPage?.() && abortedOnPaymentPage(path))
      throw new DOMException(`${path} is not sent on the payment page`, 'AbortError');
    const url = resolveUrl(path);
    const attempt = () => {
      const opts = requestOptions(url, call);
      // Posts with a file go as multipart; everything else as JSON (UTF-8).
      if (body instanceof FormData) opts.body = body;
      else if (body !== undefined) opts.json = body;
      return timed(method, url, () => raw(url, { ...opts, method }).json<T>());
    };
    const guard = options.guard;
    if (!guard || /^https?:\/\//.test(path)) return attempt();
    const apiPath = path.replace(/^\//, '');

    /** One attempt; hands a 401's answer back, tells the guard of every other answer. */
    const answerOrUnauthorized = async (): Promise<{ answer: T } | { unauthorized: HTTPError }> => {
      try {
        const answer = await attempt();
        guard.answered(apiPath);
        return { answer };
      } catch (error) {
        if (!(error instanceof HTTPError)) throw error;
        if (error.response.status === 401) return { unauthorized: error };
        guard.answered(apiPath);
        throw error;
      }
    };

    await guard.before(apiPath, call);
    const first = await answerOrUnauthorized();
    if ('answer' in first) return first.answer;
    if (!(await guard.unauthorized(apiPath, first.unauthorized.response, false))) throw first.unauthorized;
    try {
      const second = await answerOrUnauthorized();
      if ('answer' in second) return second.answer;
      await guard.unauthorized(apiPath, second.unauthorized.response, true);
      throw second.unauthorized;
    } finally {
      guard.retrySettled(apiPath);
    }
  }

  return {
    raw,
    get: <T>(path: string, call?: CallOptions) => send<T>('GET', path, undefined, call),
    post: <T>(path: string, body?: unknown, call?: CallOptions) => send<T>('POST', path, body, call),
    patch: <T>(path: string, body?: unknown, call?: CallOptions) => send<T>('PATCH', path, body, call),
    put: <T>(path: string, body?: unknown, call?: CallOptions) => send<T>('PUT', path, body, call),
    delete: <T>(path: string, call?: CallOptions) => send<T>('DELETE', path, undefined, call),
  };
}
