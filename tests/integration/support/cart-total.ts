import { GET as viewRoute } from '@/app/api/v1/cart/view/route';
import { apiRequest } from './request';

/**
 * The cart's final price as the buyer is shown it now (`v1/cart/view`): what a checkout must send
 * as `expected_total`, so a test orders at the price a real client would have displayed.
 */
export async function shownCartTotal(headers: Record<string, string>, world = 'de'): Promise<number> {
  const answer = await viewRoute(apiRequest(`/api/v1/cart/view?world=${world}`, { headers }), {
    params: Promise.resolve({}),
  });
  const body = (await answer.json()) as { items: { cart: { finalPrice: number } } };
  return body.items.cart.finalPrice;
}
