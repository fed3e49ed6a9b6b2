import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { refreshPublicPages } from '@/lib/accounts/user-details';
import type { ClientSession } from '@/lib/api/route-auth';
import { clientIp, enforce, RATE_LIMITS } from '@/lib/security/rate-limit';
import { rememberKeeps } from './keeps-hint-cookie';
import type { SubscriptionInput } from './schemas';
import {
  keepsAnything,
  ownerOfSession,
  subscribe,
  unsubscribe,
  type SubscriptionAnswer,
  type SubscriptionOwner,
} from './subscriptions';

/** Anonymous writes are counted per address before they are done (they are rows anyone can mint). */
export async function limitAnonymousWrite(request: NextRequest, owner: SubscriptionOwner): Promise<void> {
  if (owner.userId === null)
    await enforce({
      key: `anonymous-subscription:ip:${clientIp(request)}`,
      ...RATE_LIMITS.anonymousSubscriptionWritesPerIp,
    });
}

/**
 * A favourite or follow added or removed for whoever the token stands for (an account, or the
 * anonymous identity), answered with the list's new total; the keeps hint follows the change,
 * and an account's follow refreshes the author's pages (they show the follower count).
 */
export async function changeSubscription(
  request: NextRequest,
  session: ClientSession,
  input: SubscriptionInput,
  change: 'subscribe' | 'unsubscribe',
): Promise<NextResponse> {
  const answer = await applySubscriptionChange(request, session, input, change);
  const response = NextResponse.json(answer);
  rememberKeeps(request, response, await keepsAnything(ownerOfSession(session)));
  return response;
}

/** The change itself, without the answer's cookie (the form route answers with a redirect). */
export async function applySubscriptionChange(
  request: NextRequest,
  session: ClientSession,
  input: SubscriptionInput,
  change: 'subscribe' | 'unsubscribe',
): Promise<SubscriptionAnswer> {
  const owner = ownerOfSession(session);
  await limitAnonymousWrite(request, owner);
  const subject = { type: input.subjectType, id: input.subjectId };
  const answer = change === 'subscribe' ? await subscribe(owner, subject) : await unsubscribe(owner, subject);
  if (owner.userId !== null && subject.type === 'author') refreshPublicPages(subject.id, { catalogue: false });
  return answer;
}
