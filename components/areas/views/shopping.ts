import type { ViewRegistry } from '../lazy-view';

/** Cart, payment, order confirmation and the landings of e-mail links: built by the buying issue. */
export const SHOPPING_VIEWS: ViewRegistry = {};
