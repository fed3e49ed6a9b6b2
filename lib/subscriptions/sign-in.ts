import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { rememberKeeps } from './keeps-hint-cookie';
import { mergeAnonymousVisit } from './merge';
import { keepsAnything } from './subscriptions';

/**
 * At every sign-in of the website (password, provider, the confirmation of a sign-up): the
 * favourites and follows of the anonymous identity the browser came with join the account, and the
 * keeps hint says whether the account now keeps anything. On the server, so no page that aborts
 * its calls (the payment page) can lose them.
 */
export async function adoptAnonymousVisit(
  request: NextRequest,
  response: NextResponse,
  previousToken: string | null,
  userId: number,
): Promise<void> {
  await mergeAnonymousVisit(previousToken, userId);
  rememberKeeps(request, response, await keepsAnything({ userId }));
}
