import type { ViewRegistry } from '../lazy-view';

/** School accounts: built by a later issue. */
export const SCHOOL_VIEWS: ViewRegistry = {};
