import { getDb } from '@/lib/db/client';
import { enqueueAccountMail, type AccountMailInput, type AccountMailKind } from '@/lib/mail/account-mails';
import { issueAccountToken, type AccountTokenPurpose } from './account-tokens';

/** One account mail to queue: its kind and what it says. */
export interface AccountMailOrder extends AccountMailInput {
  kind: AccountMailKind;
}

/**
 * Issues a mailed token and queues the mails that carry it in one transaction: a link is stored
 * exactly when its mail is queued, a rolled-back token sends nothing, and the mail server is
 * never waited for on the request (a failing one delays the mail; the queue retries it). Only
 * database writes happen inside: the embedded database serves nothing else meanwhile.
 */
export async function mailNewToken(
  userId: number,
  purpose: AccountTokenPurpose,
  compose: (token: string) => AccountMailOrder | AccountMailOrder[],
  payload: unknown = null,
): Promise<string> {
  return getDb().transaction(async (tx) => {
    const token = await issueAccountToken(userId, purpose, payload, tx);
    const orders = compose(token);
    for (const { kind, ...input } of Array.isArray(orders) ? orders : [orders])
      await enqueueAccountMail(kind, input, { db: tx });
    return token;
  });
}
