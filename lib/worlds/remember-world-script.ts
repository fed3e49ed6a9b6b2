import { WORLD_COOKIE, WORLD_COOKIE_MAX_AGE_SECONDS } from './choose-world';

/**
 * Tiny inline script that remembers the last visited world in a cookie and local storage, so a
 * path without a world leads back to it. It runs in the page instead of the proxy, so public HTML
 * stays identical for every visitor and the proxy stays off the hot path. It reads the world from
 * `<html data-world>`, so its text — and its CSP hash — is the same on every page.
 */
export const REMEMBER_WORLD_SCRIPT = `(function(){try{var w=document.documentElement.getAttribute('data-world');document.cookie='${WORLD_COOKIE}='+w+';path=/;max-age=${WORLD_COOKIE_MAX_AGE_SECONDS};samesite=lax';localStorage.setItem('${WORLD_COOKIE}',w)}catch(e){}})();`;
