import crypto from 'node:crypto';

/**
 * The shell of a search page (lib/http/search-shell.ts): the page as Next renders it for a world,
 * with markers where a search's own parts go. Asked for by the front door itself with a secret of
 * this process in a request header, so no visitor is ever shown one.
 */
export const SEARCH_SHELL_HEADER = 'x-kreide-search-shell';

/**
 * Where the results region goes. Long enough that React's payload carries it as a text row of its
 * own (`id:T<byte length>,…`, for strings of 1,024 characters or more), whose length the splice
 * sets; letters only, so no escaping anywhere changes it.
 */
export const SHELL_RESULTS_MARKER = `KreideSearchResults${'Z'.repeat(1100)}KreideSearchResultsEnd`;

/** Where the page title goes (the title, and the titles shared with social networks). */
export const SHELL_TITLE_MARKER = 'KreideSearchTitleMarker';

/** This process's secret for shell requests (one per process, both module graphs read it). */
export function searchShellToken(): string {
  process.env.KREIDE_SEARCH_SHELL_TOKEN ??= crypto.randomBytes(18).toString('base64url');
  return process.env.KREIDE_SEARCH_SHELL_TOKEN;
}

export function isSearchShellRequest(headerValue: string | string[] | null | undefined): boolean {
  const token = process.env.KREIDE_SEARCH_SHELL_TOKEN;
  if (typeof headerValue !== 'string' || !token || headerValue.length !== token.length) return false;
  return crypto.timingSafeEqual(Buffer.from(headerValue), Buffer.from(token));
}

/**
 * The query the shell is asked for with: Next writes the page's URL into its payload (the
 * router's tree and query), where an answer's own query goes instead.
 */
export const SHELL_QUERY_MARKER = 'kreideShellQuery=1';
