import 'server-only';
import { findRestoreCart, listRestorableLines } from './abandoned-carts';
import { copyLinesIntoCart, viewCart, type CartOwner, type CartView } from './cart';

/**
 * What restoring a cart from a reminder's link came to: its lines are in the visitor's cart
 * (`restored`, also when they were there already), none of them could be taken (`empty`: owned,
 * withdrawn, the visitor's own), or the link opens nothing (`invalid`: malformed, unknown,
 * expired, ordered meanwhile, or another world's).
 */
export type RestoreOutcome = 'restored' | 'empty' | 'invalid';

/**
 * Restores the cart of a reminder's token into the owner's cart: copies the lines its buyer
 * could still buy, by the rules of adding (lib/commerce/cart.ts `copyLinesIntoCart`). The
 * reminded cart itself stays as it is, and the link keeps working until it expires or the cart
 * is ordered, so opening it on a second device works too. The buyer's own cart is theirs
 * already: restoring it changes nothing. `cart` (with the token it is under) is null when no
 * cart was touched.
 */
export async function restoreCart(
  owner: CartOwner,
  token: string,
  now: Date = new Date(),
): Promise<{ outcome: RestoreOutcome; cart: CartView | null }> {
  const source = await findRestoreCart(token, now);
  if (!source || source.world !== owner.world) return { outcome: 'invalid', cart: null };
  if (owner.userId === source.userId) return { outcome: 'restored', cart: await viewCart(owner, now) };
  const { lines } = await listRestorableLines(source, now);
  if (lines.length === 0) return { outcome: 'empty', cart: null };
  const copied = await copyLinesIntoCart(
    owner,
    lines.map((line) => ({ materialId: line.materialId, licence: line.licence })),
  );
  const wanted = new Set(lines.map((line) => line.materialId));
  const inCart = copied.cart.cartItems.some((item) => wanted.has(item.material.id));
  return { outcome: inCart ? 'restored' : 'empty', cart: copied.cart };
}
