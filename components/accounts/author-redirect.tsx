'use client';

import { useEffect } from 'react';
import { getApiClient } from '@/lib/browser-session/browser';

interface AuthorRedirectProps {
  /** `/{world}/autor/AUTHOR_ID/AUTHOR_SLUG`, the author page's path with its two values to fill. */
  authorPattern: string;
  salesHref: string;
  loginHref: string;
  text: string;
}

/**
 * The author redirect: a seller goes to their author page, anyone else to the sales cabinet,
 * and a visitor who is not signed in to the login page.
 */
export function AuthorRedirect({ authorPattern, salesHref, loginHref, text }: AuthorRedirectProps) {
  useEffect(() => {
    getApiClient()
      .get<{ id: number; slug: string; isSeller: boolean }>('v1/user')
      .then((user) => {
        window.location.replace(
          user.isSeller
            ? authorPattern.replace('AUTHOR_ID', String(user.id)).replace('AUTHOR_SLUG', encodeURIComponent(user.slug))
            : salesHref,
        );
      })
      .catch(() => window.location.replace(loginHref));
  }, [authorPattern, salesHref, loginHref]);
  return <p role="status">{text}</p>;
}
