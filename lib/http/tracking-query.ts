/** Query parameters that tracking links append (utm_*, click ids). */
const TRACKING = /^(utm_[a-z]+|gclid|fbclid|msclkid|mc_cid|mc_eid|_ga|_gl)=/i;

/**
 * A link whose query value has a malformed marker before a tracking parameter
 * (`?ref=news?utm_source=x`, `&amp;utm_medium=y`) is rewritten into a well-formed query.
 * Returns the repaired query, or null when the query was fine.
 */
export function repairTrackingQuery(query: string): string | null {
  let changed = false;
  const repaired = query
    .replace(/&amp;(?=[^&=]+=)/gi, () => {
      changed = true;
      return '&';
    })
    .replace(
      /(?:\?|%3F|&amp%3B)((?:utm_[a-z]+|gclid|fbclid|msclkid|mc_cid|mc_eid|_ga|_gl)=)/gi,
      (_m, param: string) => {
        changed = true;
        return `&${param}`;
      },
    )
    .replace(/^&+/, '');
  if (!changed) return null;
  // Keep only well-formed pairs; a dangling marker is dropped.
  return repaired
    .split('&')
    .filter((pair) => pair.length > 0)
    .filter((pair, i, all) => !TRACKING.test(pair) || all.indexOf(pair) === i)
    .join('&');
}
