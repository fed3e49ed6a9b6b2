import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { issueAnonymousToken } from '@/lib/accounts/authenticate';
import { isHttps, writeSessionCookie } from '@/lib/accounts/session';
import { refreshPublicPages } from '@/lib/accounts/user-details';
import type { ClientSession } from '@/lib/api/route-auth';
import { clientIp, enforce, RATE_LIMITS } from '@/lib/security/rate-limit';
import { rememberKeeps } from './keeps-hint-cookie';
import type { SubscriptionInput } from './schemas';
import {
  assertSubscribable,
  ownerOfSession,
  subscribe,
  unsubscribe,
  type SubscriptionAnswer,
  type SubscriptionOwner,
} from './subscriptions';

/** Anonymous writes are counted per address before they are done (they are rows anyone can mint). */
async function limitAnonymousWrite(request: NextRequest): Promise<void> {
  await enforce({
    key: `anonymous-subscription:ip:${clientIp(request)}`,
    ...RATE_LIMITS.anonymousSubscriptionWritesPerIp,
  });
}

/** What a change did, and the anonymous token made for it when the visitor had none. */
export interface SubscriptionChange {
  answer: SubscriptionAnswer;
  /** Whether the owner keeps anything afterwards (the keeps hint). */
  keeps: boolean;
  newToken: string | null;
}

/**
 * A favourite or follow added or removed for whoever the session is (an account, or the anonymous
 * identity). A visitor without a session who adds one is given an anonymous identity first (the
 * caller puts its token into the session cookie); removing without one changes nothing. An
 * account's follow refreshes the author's pages (they show the follower count).
 */
export async function applySubscriptionChange(
  request: NextRequest,
  session: ClientSession | null,
  input: SubscriptionInput,
  change: 'subscribe' | 'unsubscribe',
): Promise<SubscriptionChange> {
  if (!session && change === 'unsubscribe')
    return { answer: { subscribed: false, total: 0 }, keeps: false, newToken: null };
  const subject = { type: input.subjectType, id: input.subjectId };
  if (!session || session.userId === null) await limitAnonymousWrite(request);
  let newToken: string | null = null;
  let owner: SubscriptionOwner;
  if (session) owner = ownerOfSession(session);
  else {
    // Refused before an identity is made for it: a bad id leaves no token row behind.
    await assertSubscribable({ userId: null, tokenId: 0 }, subject);
    const made = await issueAnonymousToken(clientIp(request));
    newToken = made.token;
    owner = { userId: null, tokenId: made.tokenId };
  }
  const { keeps, ...answer } =
    change === 'subscribe' ? await subscribe(owner, subject) : await unsubscribe(owner, subject);
  if (owner.userId !== null && subject.type === 'author') refreshPublicPages(subject.id, { catalogue: false });
  return { answer, keeps, newToken };
}

/** Puts a new anonymous identity into the session cookie and the keeps hint after a change. */
export async function rememberChange(request: NextRequest, response: NextResponse, done: SubscriptionChange) {
  if (done.newToken) await writeSessionCookie(response, done.newToken, isHttps(request));
  rememberKeeps(request, response, done.keeps);
}

/** The JSON routes' answer: the list's new total, with the cookies of the change. */
export async function changeSubscription(
  request: NextRequest,
  session: ClientSession | null,
  input: SubscriptionInput,
  change: 'subscribe' | 'unsubscribe',
): Promise<NextResponse> {
  const done = await applySubscriptionChange(request, session, input, change);
  const response = NextResponse.json(done.answer);
  await rememberChange(request, response, done);
  return response;
}
