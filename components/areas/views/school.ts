import type { ViewRegistry } from '../lazy-view';

/** School accounts: not built yet (open in docs/spec-coverage.md); every route renders the shell. */
export const SCHOOL_VIEWS: ViewRegistry = {};
