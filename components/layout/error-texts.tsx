'use client';

import { createContext, useContext, type ReactNode } from 'react';

export interface ErrorTexts {
  title: string;
  text: string;
  retry: string;
}

const Context = createContext<ErrorTexts>({
  title: 'Something went wrong',
  text: 'Please try again.',
  retry: 'Try again',
});

/**
 * The three texts the client-side error state needs, in the world's language. A plain context
 * instead of next-intl's client provider keeps the message formatter (12 KB compressed) out of
 * every page's JavaScript.
 */
export function ErrorTextsProvider({ texts, children }: { texts: ErrorTexts; children: ReactNode }) {
  return <Context.Provider value={texts}>{children}</Context.Provider>;
}

export function useErrorTexts(): ErrorTexts {
  return useContext(Context);
}
