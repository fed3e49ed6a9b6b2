'use client';

import { useSyncExternalStore } from 'react';
import { isSocialError, type SocialError } from '@/lib/social-sign-in/social-errors';

const subscribe = () => () => {};
const readError = () => new URLSearchParams(window.location.search).get('social_error');

/**
 * The failure of a provider sign-in the callback sent back (`?social_error=`). The login page is
 * the same cached HTML for everyone, so only the browser knows the query.
 */
export function SocialSignInError({ texts }: { texts: Record<SocialError, string> }) {
  const error = useSyncExternalStore(subscribe, readError, () => null);
  if (!isSocialError(error)) return null;
  return (
    <p role="alert" className="form-error" data-testid="social-error">
      {texts[error]}
    </p>
  );
}
