/**
 * Buyers for measurements and multi-process checks, written straight into the database of
 * `getDb()`: an account, a billing address in Germany and a bearer token each (an app's
 * sign-in without its password hashing, 500 to a statement), so a script can give every
 * request a buyer of its own; and a purchase made by one of them through the API.
 */
import crypto from 'node:crypto';
import { hashToken } from '@/lib/accounts/tokens';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';

const BATCH = 500;
const TOKEN_LIFE_MS = 24 * 60 * 60 * 1000;

/** `count` new buyers named after `label`; answers their bearer tokens, in order. */
export async function mintBuyers(count: number, label = 'bench'): Promise<string[]> {
  const run = crypto.randomBytes(4).toString('hex');
  const tokens: string[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    const users = await getDb()
      .insert(t.users)
      .values(
        Array.from({ length: size }, (_, i) => ({
          email: `${label}-${run}-${start + i}@bench.test`,
          slug: `${label}-${run}-${start + i}`,
          publicName: `Bench Buyer ${start + i}`,
        })),
      )
      .returning({ id: t.users.id });
    await getDb()
      .insert(t.billingAddresses)
      .values(
        users.map((user) => ({
          userId: user.id,
          fullName: 'Bench Buyer',
          street: 'Messweg 1',
          postalCode: '10115',
          city: 'Berlin',
          countryCode: 'DE',
        })),
      );
    const batch = users.map(() => crypto.randomBytes(32).toString('base64url'));
    await getDb()
      .insert(t.accessTokens)
      .values(
        users.map((user, i) => ({
          tokenHash: hashToken(batch[i]!),
          userId: user.id,
          clientId: 'app',
          grantType: 'password',
          expiresAt: new Date(Date.now() + TOKEN_LIFE_MS),
        })),
      );
    tokens.push(...batch);
  }
  return tokens;
}

/**
 * Buys one material through the Kreide at `origin` as the buyer of `token`, with the test
 * payment (paid at once): when the checkout was sent and when it answered.
 */
export async function buyWithTestPayment(
  origin: string,
  token: string,
  materialId: number,
): Promise<{ sentAt: number; answeredAt: number }> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const added = await fetch(`${origin}/api/v1/cart/add?world=de`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ material_id: materialId }),
  });
  if (added.status !== 200) throw new Error(`adding ${materialId} to a cart answered ${added.status}`);
  const total = ((await added.json()) as { items: { cart: { finalPrice: number } } }).items.cart.finalPrice;
  const sentAt = Date.now();
  const ordered = await fetch(`${origin}/api/v3/orders/checkout?world=de`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      provider: 'test',
      idempotency_key: crypto.randomBytes(12).toString('hex'),
      expected_total: total,
      delivery_consent: true,
    }),
  });
  if (ordered.status !== 201)
    throw new Error(`checkout of ${materialId} answered ${ordered.status}: ${await ordered.text()}`);
  return { sentAt, answeredAt: Date.now() };
}
