import type { ApiClient, CallGuard, CallOptions } from '@/lib/api-client/client';
import { LOGGED_IN_KEY, USER_ID_KEY, type SessionStorage } from './storage';

export const VALIDATE_PATH = 'v3/oauth2/validate';
export const AUTHENTICATE_PATH = 'v3/oauth2/authenticate';
export const LOGOUT_PATH = 'v3/oauth2/logout';
export const USER_PATH = 'v1/user';
export const ACTUAL_TERMS_PATH = 'v3/terms/get-actual-agb';
export const ACCEPT_TERMS_PATH = 'v3/terms/accept-agb';
export const END_IMPERSONATION_PATH = 'v3/oauth2/login-as/end';

/** A run of more 401s than this for one URL is rejected without another try. */
export const MAX_CONSECUTIVE_401 = 5;
/** The wrong-account logout waits this long, so the tracked event can leave. */
export const WRONG_ACCOUNT_LOGOUT_MS = 1000;

/** The fields of the user the session itself reads; the rest pass through. */
export interface SessionUser {
  id: number;
  loggedInAsAnotherUser: boolean;
  isAgbAccepted?: boolean;
  userName?: string | null;
  details?: { publicName?: string | null; imagePath?: string | null };
  [field: string]: unknown;
}

/** The actual terms of a world as `GET v3/terms/get-actual-agb` answers them. */
export type { ActualTerms } from '@/lib/accounts/terms';
import type { ActualTerms } from '@/lib/accounts/terms';

export interface SessionState {
  /** Validation has settled for this page, or was never needed. */
  validated: boolean;
  /** The logged-in flag: from storage until validation confirms or clears it. */
  loggedIn: boolean;
  userId: number | null;
  user: SessionUser | null;
  /** Whether the world's actual terms are accepted; assumed until validation says otherwise. */
  termsAccepted: boolean;
  /** Whether the cookie's token is valid; null while unknown. */
  tokenValid: boolean | null;
  /** An admin acting as this user: no tracking, no tag pushes, a banner. */
  impersonated: boolean;
  /**
   * The last failure to get a session: validation and the anonymous fallback both failed, or a
   * browser that may hold a login got no usable answer to validation or user load (login kept).
   */
  authError: unknown;
  /** The accept-terms prompt is open. */
  termsPrompt: boolean;
}

/**
 * How one validation ended. `anonymous`: the visitor goes on without a login, on a valid
 * client-credentials token (also after a refused login fell back to one). `loggedOut`: the user
 * could not be loaded and the session was cleared as logout does. `error`: no session could be
 * had, or the failure said nothing about the login (see `authError`).
 */
export type ValidationOutcome = 'loggedIn' | 'anonymous' | 'termsNotAccepted' | 'loggedOut' | 'wrongAccount' | 'error';

export interface SessionLocation {
  pathname(): string;
  reload(): void;
  assign(url: string): void;
}

/** The world's localised paths the session needs (from pathFor on the server). */
export interface SessionPaths {
  login: string;
  /** The register-confirm page's path up to its token. */
  registerConfirm: string;
}

export interface SessionDeps {
  /** A client without a guard: the session's own calls must not wait for the session. */
  api: Pick<ApiClient, 'get' | 'post'>;
  storage: SessionStorage;
  location: SessionLocation;
  paths?: SessionPaths;
  tracker?: { trackEvent(name: string, data?: Record<string, unknown>): unknown };
  timers?: { setTimeout(callback: () => void, ms: number): unknown };
}

export interface Session {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  configure(paths: SessionPaths): void;
  /** Page load: validates only when the browser may hold a login (flag set or storage unusable). */
  start(): void;
  /** Resolves once the session is known (validation settled, or none needed). */
  ready(): Promise<void>;
  /** The page's one validation; callers during a pending validation share it. */
  validate(): Promise<ValidationOutcome>;
  /** A fresh validation (after a 401); concurrent callers share it. */
  revalidate(): Promise<ValidationOutcome>;
  /** Clears token, flags and session storage, then reloads (or goes to the login page). */
  logout(options?: { toLogin?: boolean }): Promise<void>;
  getActualTerms(): Promise<ActualTerms>;
  /** Accepts the shown terms; calls waiting for them go on, on the same page. */
  acceptTerms(termsVersionId: number): Promise<void>;
  /** Ends an impersonation and goes where the server says (the admin's own session). */
  endImpersonation(): Promise<void>;
  /** The rules around every call of the page's API client. */
  guard: CallGuard;
}

function pathOnly(path: string): string {
  return path.replace(/^\//, '').split(/[?#]/)[0] ?? '';
}

/** Calls of the versioned API (`v1/…`, `v3/…`) get the terms check first. */
export function isVersionedPath(path: string): boolean {
  return /^v\d+\//.test(pathOnly(path));
}

/** The calls that must reach the server whatever the terms say: authenticate and validate. */
export function skipsTermsCheck(path: string): boolean {
  const p = pathOnly(path);
  return p === AUTHENTICATE_PATH || p === VALIDATE_PATH;
}

/** 401s that are rejected at once: authenticate and item-tags URLs. */
export function isNeverRetried(path: string): boolean {
  const p = pathOnly(path);
  return p === AUTHENTICATE_PATH || /(^|\/)item-tags(\/|$)/.test(p);
}

/** The change-email confirmation is exempt from the 401 refresh. */
export function isChangeEmailConfirm(path: string): boolean {
  const p = pathOnly(path);
  return /(change-email|email-change)/.test(p) && /confirm/.test(p);
}

/**
 * Answers to `GET v1/user` that say the login itself is gone: the session is cleared for them.
 * Anything else — no answer (a request cut off by navigation, a dropped connection, a time-out)
 * or a server failure — says nothing about the login, so nothing the user did is thrown away.
 */
const USER_GONE_STATUSES = new Set([401, 403, 404]);

interface ErrorFacts {
  status?: number;
  reason?: string;
  userId?: number;
}

/** Status and `error.details` of a failed call, read from a copy so callers can still read it. */
async function readError(source: unknown): Promise<ErrorFacts> {
  const response = (source as { response?: unknown } | null)?.response ?? source;
  if (
    !response ||
    typeof (response as Response).status !== 'number' ||
    typeof (response as Response).clone !== 'function'
  )
    return {};
  const status = (response as Response).status;
  try {
    const body = (await (response as Response).clone().json()) as {
      error?: { details?: { reason?: unknown; oauth_user_id?: unknown } };
    };
    const details = body?.error?.details;
    return {
      status,
      reason: typeof details?.reason === 'string' ? details.reason : undefined,
      userId: typeof details?.oauth_user_id === 'number' ? details.oauth_user_id : undefined,
    };
  } catch {
    return { status };
  }
}

/** A session before validation: what the server renders and every page starts from. */
export const INITIAL_SESSION_STATE: SessionState = {
  validated: false,
  loggedIn: false,
  userId: null,
  user: null,
  termsAccepted: true,
  tokenValid: null,
  impersonated: false,
  authError: null,
  termsPrompt: false,
};

/**
 * The session state machine (validation, login state, terms, 401 handling), free of React: the
 * provider binds it to the page, the API client calls its guard around every call. Everything it
 * touches comes in through `deps`, so each rule is testable with a fake location, memory storage
 * and MSW.
 */
export function createSession(deps: SessionDeps): Session {
  const { api, storage, location } = deps;
  const timers = deps.timers ?? { setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms) };
  let paths = deps.paths;
  let state: SessionState = { ...INITIAL_SESSION_STATE, loggedIn: storage.get(LOGGED_IN_KEY) === '1' };
  const listeners = new Set<() => void>();
  let validation: Promise<ValidationOutcome> | null = null;
  let forced: Promise<ValidationOutcome> | null = null;
  let anonymousLogin: Promise<boolean> | null = null;
  let termsWaiters: Array<() => void> = [];
  /** A refused login is sent to the login page once no 401-hit call is waiting for its retry. */
  let loginPageDue = false;
  let callsAwaitingRetry = 0;
  const consecutive401 = new Map<string, number>();

  function update(patch: Partial<SessionState>) {
    state = { ...state, ...patch };
    if (state.termsAccepted && termsWaiters.length > 0) {
      const waiting = termsWaiters;
      termsWaiters = [];
      for (const resume of waiting) resume();
    }
    for (const listener of listeners) listener();
  }

  function whenTermsAccepted(): Promise<void> {
    return state.termsAccepted ? Promise.resolve() : new Promise((resolve) => termsWaiters.push(resolve));
  }

  /** A browser may hold a login when the flag says so, or when storage cannot tell. */
  function mayBeLoggedIn(): boolean {
    return state.loggedIn || !storage.isPersistent();
  }

  function forgetLogin() {
    storage.remove(LOGGED_IN_KEY);
    storage.remove(USER_ID_KEY);
  }

  const anonymous: Partial<SessionState> = {
    loggedIn: false,
    userId: null,
    user: null,
    impersonated: false,
    termsPrompt: false,
    termsAccepted: true,
  };

  /** Goes to the login page when a refused login asked for it and no retried call is in flight. */
  function goToLoginWhenIdle() {
    if (!loginPageDue || callsAwaitingRetry > 0) return;
    loginPageDue = false;
    if (!paths) location.reload();
    else if (location.pathname() !== paths.login) location.assign(paths.login);
  }

  /** A call that waited on a 401 decision has been rejected, or its retry has settled. */
  function callSettled() {
    callsAwaitingRetry = Math.max(0, callsAwaitingRetry - 1);
    goToLoginWhenIdle();
  }

  /**
   * The server refused a logged-in visitor's token (a 401 on validate, not for the terms): the
   * user is marked logged out, goes on as anonymous through client credentials (`authError` only
   * when that fails too), and is sent to the login page — after the calls that hit the 401 were
   * retried as anonymous, so an action the user just took (a follow, a favourite) is not lost to
   * the navigation.
   */
  async function loginRefused(): Promise<ValidationOutcome> {
    forgetLogin();
    update({ ...anonymous, tokenValid: false });
    loginPageDue = true;
    const anonymousNow = await loginAnonymously();
    goToLoginWhenIdle();
    return anonymousNow ? 'anonymous' : 'error';
  }

  /** Anonymous through client credentials; concurrent callers share one request. */
  function loginAnonymously(): Promise<boolean> {
    anonymousLogin ??= api
      .post(AUTHENTICATE_PATH, { client_id: 'web', grant_type: 'client_credentials' })
      .then(
        () => {
          forgetLogin();
          update({ ...anonymous, tokenValid: true, authError: null, validated: true });
          return true;
        },
        (error: unknown) => {
          update({ authError: error, validated: true });
          return false;
        },
      )
      .finally(() => {
        anonymousLogin = null;
      });
    return anonymousLogin;
  }

  async function loggedIn(userId: number): Promise<ValidationOutcome> {
    storage.set(LOGGED_IN_KEY, '1');
    update({ loggedIn: true, userId, tokenValid: true, termsAccepted: true, termsPrompt: false, authError: null });
    let user: SessionUser;
    try {
      user = await api.get<SessionUser>(USER_PATH);
    } catch (error) {
      const { status } = await readError(error);
      if (status !== undefined && USER_GONE_STATUSES.has(status)) {
        await logout();
        return 'loggedOut';
      }
      update({ authError: error, validated: true });
      return 'error';
    }
    const stored = storage.get(USER_ID_KEY);
    // An admin starting to act as a user arrives with the admin's id stored: not a wrong account.
    if (stored !== null && stored !== String(userId) && !user.loggedInAsAnotherUser) {
      void deps.tracker?.trackEvent('wrongAccountLogin', { storedUserId: Number(stored), userId });
      timers.setTimeout(() => void logout(), WRONG_ACCOUNT_LOGOUT_MS);
      update({ validated: true });
      return 'wrongAccount';
    }
    storage.set(USER_ID_KEY, String(userId));
    update({ user, impersonated: Boolean(user.loggedInAsAnotherUser), validated: true });
    return 'loggedIn';
  }

  async function validationFailed(error: unknown): Promise<ValidationOutcome> {
    const facts = await readError(error);
    if (facts.status === 401 && facts.reason === 'terms_not_accepted') {
      // The token is valid: keep the session, ask for the terms.
      update({
        termsAccepted: false,
        termsPrompt: true,
        tokenValid: true,
        userId: facts.userId ?? state.userId,
        validated: true,
      });
      return 'termsNotAccepted';
    }
    if (facts.status === 401) {
      if (state.loggedIn) return loginRefused();
      update({ tokenValid: false });
    } else if (mayBeLoggedIn()) {
      // No answer, a server failure or any refusal but a 401 says nothing about the token.
      // Client credentials would write an anonymous token over the session cookie and log the
      // user out on a hiccup (or on a validation cut off by navigation): the login is kept and
      // the failure stored.
      update({ authError: error, validated: true });
      return 'error';
    }
    return (await loginAnonymously()) ? 'anonymous' : 'error';
  }

  async function runValidation(): Promise<ValidationOutcome> {
    let answer: { oauth_user_id: number | null };
    try {
      answer = await api.get<{ oauth_user_id: number | null }>(VALIDATE_PATH);
    } catch (error) {
      return validationFailed(error);
    }
    const userId = answer?.oauth_user_id;
    const onRegisterConfirm = paths ? location.pathname().startsWith(paths.registerConfirm) : false;
    if (typeof userId === 'number' && !onRegisterConfirm) return loggedIn(userId);
    // The token is valid and anonymous (or the register-confirm page, which signs in on its own):
    // it already is the client-credentials identity, so no new one is asked for.
    forgetLogin();
    update({ ...anonymous, tokenValid: true, authError: null, validated: true });
    return 'anonymous';
  }

  function validate(): Promise<ValidationOutcome> {
    validation ??= runValidation();
    return validation;
  }

  function revalidate(): Promise<ValidationOutcome> {
    if (forced) return forced;
    forced = runValidation().finally(() => {
      forced = null;
    });
    validation = forced;
    return forced;
  }

  async function logout(options: { toLogin?: boolean } = {}): Promise<void> {
    try {
      // A POST: the server refuses a cookie session's logout by GET, which any cross-site link could trigger.
      await api.post(LOGOUT_PATH);
    } catch {
      // The client forgets the login even when the server cannot be reached.
    }
    forgetLogin();
    storage.clearSession();
    update({ ...anonymous, tokenValid: false, validated: true });
    if (options.toLogin && paths) location.assign(paths.login);
    else location.reload();
  }

  /**
   * Whether a call that got a 401 (and may be retried) is sent again: logged in, after
   * revalidation; otherwise, when the terms are accepted, on a fresh anonymous token.
   */
  async function retryAfter401(): Promise<boolean> {
    if (state.loggedIn) {
      const outcome = await revalidate();
      if (outcome === 'termsNotAccepted') {
        // The call goes on after the user accepted, where they were.
        await whenTermsAccepted();
        return state.loggedIn;
      }
      // Anonymous too: the revalidation fell back to client credentials (or found the token
      // anonymous), and the call is sent again on that identity.
      return outcome === 'loggedIn' || outcome === 'anonymous';
    }
    if (!state.termsAccepted) return false;
    return loginAnonymously();
  }

  const guard: CallGuard = {
    async before(path: string, call: CallOptions) {
      if (call.noValidate || !isVersionedPath(path) || skipsTermsCheck(path)) return;
      if (validation || mayBeLoggedIn()) await validate();
      if (!state.termsAccepted) await whenTermsAccepted();
    },
    async unauthorized(path: string, response: Response, retried: boolean) {
      // Every 401 answer for a URL counts, the retry's own included; any other answer for that
      // URL (`answered`) ends its streak. The fifth in a row may still be retried, the sixth not.
      const key = pathOnly(path);
      const count = (consecutive401.get(key) ?? 0) + 1;
      consecutive401.set(key, count);
      if (retried || count > MAX_CONSECUTIVE_401 || isNeverRetried(key) || isChangeEmailConfirm(key)) return false;
      if (key === VALIDATE_PATH) {
        if (state.loggedIn && (await readError(response)).reason !== 'terms_not_accepted') await loginRefused();
        return false;
      }
      callsAwaitingRetry += 1;
      let retry = false;
      try {
        retry = await retryAfter401();
        return retry;
      } finally {
        if (!retry) callSettled();
      }
    },
    answered(path: string) {
      consecutive401.delete(pathOnly(path));
    },
    retrySettled() {
      callSettled();
    },
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    configure(next) {
      paths = next;
    },
    start() {
      if (mayBeLoggedIn()) void validate();
    },
    async ready() {
      if (validation || mayBeLoggedIn()) await validate();
    },
    validate,
    revalidate,
    logout,
    getActualTerms: () => api.get<ActualTerms>(ACTUAL_TERMS_PATH),
    async acceptTerms(termsVersionId) {
      await api.post(ACCEPT_TERMS_PATH, { terms_version_id: termsVersionId });
      update({ termsPrompt: false });
      // Learns the user the terms hid; calls waiting in `before` resume once it says accepted.
      const outcome = await revalidate();
      if (outcome !== 'termsNotAccepted') update({ termsAccepted: true });
    },
    async endImpersonation() {
      const answer = await api.post<{ redirect: string }>(END_IMPERSONATION_PATH);
      // The admin's own id comes next: not a wrong account.
      storage.remove(USER_ID_KEY);
      location.assign(answer.redirect);
    },
    guard,
  };
}
