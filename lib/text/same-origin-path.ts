/**
 * The one helper for every redirect target that comes from input (`?next=`, a stored target
 * path, a repaired tracking link, a provider's return path). A target is resolved against our own
 * origin the way a browser would resolve it — which drops tabs and newlines and reads `\` as `/`,
 * so `/%09/evil.example` and `/\evil.example` become other hosts — and is refused when the
 * resolved origin is not ours. What comes back is the normalised path, query and fragment, never
 * the raw input, so the browser cannot read it differently from how it was checked.
 *
 * Works in the browser and on the server: relative targets only, resolved against a stand-in origin.
 */
const STAND_IN_ORIGIN = 'http://kreide.invalid';
const MAX_TARGET_LENGTH = 2000;

export function sameOriginPath(target: string | null | undefined): string | null {
  if (typeof target !== 'string' || target.length === 0 || target.length > MAX_TARGET_LENGTH) return null;
  // Only site-relative paths: an absolute URL of our own origin has no business in a parameter.
  if (!target.startsWith('/')) return null;
  let resolved: URL;
  try {
    resolved = new URL(target, STAND_IN_ORIGIN);
  } catch {
    return null;
  }
  if (resolved.origin !== STAND_IN_ORIGIN) return null;
  const path = resolved.pathname + resolved.search + resolved.hash;
  // A path that still starts with `//` after normalising would be protocol-relative again.
  if (path.startsWith('//') || path.startsWith('/\\')) return null;
  return path;
}

/** `sameOriginPath`, or the fallback when the target is refused. */
export function sameOriginPathOr(target: string | null | undefined, fallback: string): string {
  return sameOriginPath(target) ?? fallback;
}
