/**
 * The event the page dispatches on `document` once React has hydrated it (InteractiveMarker); a
 * stored page's script loader (lib/http/defer-scripts.ts) then hands on a tap it held meanwhile. A module
 * of its own so the browser bundle takes the name without the loader.
 */
export const INTERACTIVE_EVENT = 'kreide:interactive';
