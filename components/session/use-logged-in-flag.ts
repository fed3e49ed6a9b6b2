'use client';

import { useSyncExternalStore } from 'react';
import { LOGGED_IN_KEY } from '@/lib/browser-session/storage';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

function read(): boolean {
  try {
    return window.localStorage.getItem(LOGGED_IN_KEY) === '1';
  } catch {
    return false;
  }
}

const unknownOnServer = () => null;

/**
 * The browser's logged-in flag (the token itself stays in the httpOnly cookie): null while the
 * server renders and hydration runs (pages are the same for every visitor), then whether this
 * browser says it is logged in.
 */
export function useLoggedInFlag(): boolean | null {
  return useSyncExternalStore(subscribe, read, unknownOnServer);
}
