'use client';

import { useEffect, useState } from 'react';
import { useLoggedInFlag } from '@/components/session/use-logged-in-flag';
import { getApiClient } from '@/lib/browser-session/browser';

interface FollowButtonProps {
  authorId: number;
  loginHref: string;
  texts: { follow: string; following: string };
}

// One request per page for every follow button on it.
let followed: Promise<Set<number>> | undefined;
function loadFollowed(): Promise<Set<number>> {
  followed ??= getApiClient()
    .get<{ items: { subjectId: number }[] }>('v1/subscriptions', { searchParams: { type: 'author', limit: 200 } })
    .then((answer) => new Set(answer.items.map((item) => item.subjectId)))
    .catch(() => new Set<number>());
  return followed;
}

/**
 * The follow entry of an author card. The server renders a link to sign in (the page is the
 * same for everyone); a signed-in visitor gets a toggle that follows or unfollows at once.
 */
export function FollowButton({ authorId, loginHref, texts }: FollowButtonProps) {
  const loggedIn = useLoggedInFlag() === true;
  const [following, setFollowing] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    void loadFollowed().then((ids) => live && setFollowing(ids.has(authorId)));
    return () => {
      live = false;
    };
  }, [loggedIn, authorId]);

  if (!loggedIn) {
    return (
      <a
        className="button follow-entry"
        href={loginHref}
        rel="nofollow"
        data-testid="follow-entry"
        // Back to this page after signing in; added on click so the markup stays the server's.
        onClick={(event) => {
          event.currentTarget.href = `${loginHref}?next=${encodeURIComponent(window.location.pathname)}`;
        }}
      >
        {texts.follow}
      </a>
    );
  }

  async function toggle() {
    const next = !following;
    setBusy(true);
    try {
      await getApiClient().post(next ? 'v3/subscriptions/subscribe' : 'v3/subscriptions/unsubscribe', {
        subjectId: authorId,
        subjectType: 'author',
      });
      setFollowing(next);
      followed = undefined;
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="button follow-entry"
      aria-pressed={following ?? false}
      disabled={busy || following === null}
      onClick={() => void toggle()}
      data-testid="follow-entry"
    >
      {following ? texts.following : texts.follow}
    </button>
  );
}
