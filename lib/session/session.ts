import type { ApiClient, CallGuard, CallOptions } from '@/lib/api/client';
import { LOGGED_IN_KEY, USER_ID_KEY, type SessionStorage } from './storage';

export const VALIDATE_PATH = 'v3/oauth2/validate';
export const AUTHENTICATE_PATH = 'v3/oauth2/authenticate';
export const LOGOUT_PATH = 'v3/oauth2/logout';
export const USER_PATH = 'v1/user';
export const ACTUAL_TERMS_PATH = 'v3/terms/get-actual-agb';
export const ACCEPT_TERMS_PATH = 'v3/terms/accept-agb';
export const END_IMPERSONATION_PATH = 'v3/oauth2/login-as/end';

/** SPEC §8: a run of more 401s than this for one URL is rejected without another try. */
export const MAX_CONSECUTIVE_401 = 5;
/** SPEC §4: the wrong-account logout waits this long, so the tracked event can leave. */
export const WRONG_ACCOUNT_LOGOUT_MS = 1000;

/** The fields of the User (SPEC §3) the session itself reads; the rest pass through. */
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
  /** The logged-in flag (SPEC §4): from storage until validation confirms or clears it. */
  loggedIn: boolean;
  userId: number | null;
  user: SessionUser | null;
  /** Whether the world's actual terms are accepted; assumed until validation says otherwise. */
  termsAccepted: boolean;
  /** Whether the cookie's token is valid; null while unknown. */
  tokenValid: boolean | null;
  /** An admin acting as this user: no tracking, no tag pushes, a banner (SPEC §4, §6). */
  impersonated: boolean;
  /** The last failure to get any session (validation and the anonymous fallback both failed). */
  authError: unknown;
  /** The accept-terms prompt is open. */
  termsPrompt: boolean;
}

/** How one validation ended. */
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

/** Calls of the versioned API (`v1/…`, `v3/…`) get the terms check first (SPEC §5). */
export function isVersionedPath(path: string): boolean {
  return /^v\d+\//.test(pathOnly(path));
}

/** The calls that must reach the server whatever the terms say: authenticate and validate. */
export function skipsTermsCheck(path: string): boolean {
  const p = pathOnly(path);
  return p === AUTHENTICATE_PATH || p === VALIDATE_PATH;
}

/** 401s that are rejected at once (SPEC §8): authenticate and item-tags URLs. */
export function isNeverRetried(path: string): boolean {
  const p = pathOnly(path);
  return p === AUTHENTICATE_PATH || /(^|\/)item-tags(\/|$)/.test(p);
}

/** The change-email confirmation is exempt from the 401 refresh (SPEC §4). */
export function isChangeEmailConfirm(path: string): boolean {
  const p = pathOnly(path);
  return /(change-email|email-change)/.test(p) && /confirm/.test(p);
}

interface ErrorFacts {
  status?: number;
  reason?: string;
  userId?: number;
}

/** Status and `error.details` of a failed call, read from a copy so callers can still read it. */
async function readError(source: unknown): Promise<ErrorFacts> {
  const response = (source as { response?: unknown } | null)?.response ?? source;
  if (!response || typeof (response as Response).status !== 'number' || typeof (response as Response).clone !== 'function') return {};
  const status = (response as Response).status;
  try {
    const body = (await (response as Response).clone().json()) as { error?: { details?: { reason?: unknown; oauth_user_id?: unknown } } };
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
 * The session state machine of SPEC §4 and §8, free of React: the provider binds it to the page,
 * the API client calls its guard around every call. Everything it touches comes in through
 * `deps`, so each rule is testable with a fake location, memory storage and MSW.
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

  const anonymous: Partial<SessionState> = { loggedIn: false, userId: null, user: null, impersonated: false, termsPrompt: false, termsAccepted: true };

  /** SPEC §4: a 401 on validate while logged in marks logged out and goes to the login page. */
  function sendToLogin() {
    forgetLogin();
    update({ ...anonymous, tokenValid: false, validated: true });
    if (!paths) location.reload();
    else if (location.pathname() !== paths.login) location.assign(paths.login);
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
      // A call cut off by leaving the page (or a dropped connection) is no answer about the
      // user: only an answered failure clears the session, or a navigation would log out.
      if ((await readError(error)).status === undefined) {
        update({ authError: error, validated: true });
        return 'error';
      }
      await logout();
      return 'loggedOut';
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
      update({ termsAccepted: false, termsPrompt: true, tokenValid: true, userId: facts.userId ?? state.userId, validated: true });
      return 'termsNotAccepted';
    }
    if (state.loggedIn) {
      if (facts.status === 401) {
        sendToLogin();
        return 'loggedOut';
      }
      // A server or network failure says nothing about the login: replacing the cookie with an
      // anonymous token here would log the user out on a hiccup.
      update({ authError: error, validated: true });
      return 'error';
    }
    if (facts.status === 401) update({ tokenValid: false });
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
      await api.get(LOGOUT_PATH);
    } catch {
      // The client forgets the login even when the server cannot be reached.
    }
    forgetLogin();
    storage.clearSession();
    update({ ...anonymous, tokenValid: false, validated: true });
    if (options.toLogin && paths) location.assign(paths.login);
    else location.reload();
  }

  const guard: CallGuard = {
    async before(path: string, call: CallOptions) {
      if (call.noValidate || !isVersionedPath(path) || skipsTermsCheck(path)) return;
      if (validation || mayBeLoggedIn()) await validate();
      if (!state.termsAccepted) await whenTermsAccepted();
    },
    async unauthorized(path: string, response: Response, retried: boolean) {
      const key = pathOnly(path);
      const count = (consecutive401.get(key) ?? 0) + 1;
      consecutive401.set(key, count);
      if (retried || count > MAX_CONSECUTIVE_401 || isNeverRetried(key) || isChangeEmailConfirm(key)) return false;
      if (key === VALIDATE_PATH) {
        if (state.loggedIn && (await readError(response)).reason !== 'terms_not_accepted') sendToLogin();
        return false;
      }
      if (state.loggedIn) {
        const outcome = await revalidate();
        if (outcome === 'termsNotAccepted') {
          // The call goes on after the user accepted, where they were.
          await whenTermsAccepted();
          return state.loggedIn;
        }
        return outcome === 'loggedIn';
      }
      if (!state.termsAccepted) return false;
      return loginAnonymously();
    },
    answered(path: string) {
      consecutive401.delete(pathOnly(path));
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
