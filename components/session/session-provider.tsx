'use client';

import { Suspense, createContext, lazy, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { getSession } from '@/lib/browser-session/browser';
import {
  INITIAL_SESSION_STATE,
  type Session,
  type SessionPaths,
  type SessionState,
  type SessionUser,
} from '@/lib/browser-session/session';
import type { AcceptTermsTexts } from './accept-terms-prompt';
import type { ImpersonationTexts } from './impersonation-banner';

// Both load only when a session needs them: an anonymous page ships neither.
const AcceptTermsPrompt = lazy(() => import('./accept-terms-prompt').then((m) => ({ default: m.AcceptTermsPrompt })));
const ImpersonationBanner = lazy(() =>
  import('./impersonation-banner').then((m) => ({ default: m.ImpersonationBanner })),
);

export interface SessionTexts {
  terms: AcceptTermsTexts;
  impersonation: ImpersonationTexts;
}

/** What the server renders and hydration starts from: the same for every visitor. */
const INITIAL_STATE: SessionState = INITIAL_SESSION_STATE;

const initialState = () => INITIAL_STATE;
const subscribeNowhere = () => () => {};

const SessionContext = createContext<Session | null>(null);

function displayName(user: SessionUser | null): string {
  return (
    user?.details?.publicName ||
    user?.userName ||
    (typeof user?.email === 'string' ? user.email : '') ||
    String(user?.id ?? '')
  );
}

/**
 * Binds the page to the browser's session (lib/browser-session): starts validation when the browser may
 * be logged in (never for a visitor without the logged-in flag), and shows the accept-terms
 * prompt and the impersonation banner when the session calls for them.
 */
export function SessionProvider({
  paths,
  texts,
  session: given,
  children,
}: {
  paths: SessionPaths;
  texts: SessionTexts;
  session?: Session;
  children: ReactNode;
}) {
  const session = given ?? (typeof window === 'undefined' ? null : getSession());
  // Paths are plain data from the server; the session reads them only after a call answered.
  session?.configure(paths);
  const state = useSyncExternalStore(
    session ? session.subscribe : subscribeNowhere,
    session ? session.getState : initialState,
    initialState,
  );

  useEffect(() => {
    session?.start();
  }, [session]);

  return (
    <SessionContext.Provider value={session}>
      {session && state.impersonated ? (
        <Suspense fallback={null}>
          <ImpersonationBanner session={session} name={displayName(state.user)} texts={texts.impersonation} />
        </Suspense>
      ) : null}
      {children}
      {session && state.termsPrompt ? (
        <Suspense fallback={null}>
          <AcceptTermsPrompt session={session} texts={texts.terms} />
        </Suspense>
      ) : null}
    </SessionContext.Provider>
  );
}

/** The page's session state (the server's and the first render's: anonymous, unvalidated). */
export function useSessionState(): SessionState {
  const session = useContext(SessionContext);
  return useSyncExternalStore(
    session ? session.subscribe : subscribeNowhere,
    session ? session.getState : initialState,
    initialState,
  );
}

/** The page's session, for logout and the like; null on the server. */
export function useSession(): Session | null {
  return useContext(SessionContext);
}
