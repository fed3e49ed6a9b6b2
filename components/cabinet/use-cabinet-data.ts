'use client';

import { HTTPError } from 'ky';
import useSWR, { type KeyedMutator } from 'swr';
import { getApiClient } from '@/lib/browser-session/browser';

export type CabinetData<T> =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'failed'; retry: () => void }
  | { status: 'ready'; data: T; mutate: KeyedMutator<T> };

/**
 * Loads a personal settings resource through the API client once the page runs in the browser
 * (the page's HTML is the same for everybody). A 401 means nobody is signed in. No refetch on
 * focus: that would replace what the user is typing.
 */
export function useCabinetData<T>(path: string): CabinetData<T> {
  const { data, error, mutate } = useSWR<T, unknown>(path, (key: string) => getApiClient().get<T>(key), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
  if (error instanceof HTTPError && error.response.status === 401) return { status: 'signed-out' };
  if (error) return { status: 'failed', retry: () => void mutate() };
  if (data === undefined) return { status: 'loading' };
  return { status: 'ready', data, mutate };
}
