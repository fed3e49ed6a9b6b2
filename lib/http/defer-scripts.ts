import { LOGGED_IN_KEY } from '@/lib/browser-session/storage';
import { INTERACTIVE_EVENT } from '@/lib/browser-session/interactive-event';
import { CART_COUNT_COOKIE_PREFIX } from '@/lib/commerce/cart-count';

/**
 * The loader of a stored page's JavaScript (`DEFER_LOADER`). A stored page works without script:
 * its links are plain links, and search, filters and add-to-cart are forms. So on a first,
 * anonymous visit Next's runtime (~140 KB, as much main-thread work on a slow phone as the page's
 * own rendering) starts only when the visitor reaches for a control: a pointer pressed anywhere
 * but on a plain link, a key pressed, or focus moving into the page. Tapping a plain link loads
 * the next page without it.
 *
 * It starts at once, after the first paint and the page's eager images, when the page shows
 * something personal once it runs (this browser is signed in or has a cart: account menu, cart
 * count, terms prompt) or asks for it (`data-scripts="at-once"`: the material page, whose price
 * in the visitor's currency and buying controls are its purpose). After 3 s it starts regardless
 * of a stalled image.
 *
 * Until React has hydrated, a click on a scripted button is held and given to the button again
 * (once per button, in order) when the page is interactive, so the tap that woke the runtime does
 * what it says instead of falling on markup without handlers; text typed into a field meanwhile is
 * handed to React as one input event. Written in ES5 as one inline script; run in jsdom by
 * defer-loader.test.ts (timing) and defer-loader-intent.test.ts (when and what it starts).
 */
const PRELOAD = /<link rel="preload" as="script" fetchPriority="low" href="\/_next\/static\/[^"]+"\/>/g;
const ASYNC_SCRIPT = /<script src="(\/_next\/static\/[^"]+)" async=""><\/script>/g;
const LOADER_SOURCE = [
  'var d=document,started=false,ready=false,held=[];',
  // The held-back framework chunks, as scripts to run or as prefetch links.
  'function add(tag){var o=d.querySelectorAll("script[data-kreide-src]");for(var i=0;i<o.length;i++){var e=d.createElement(tag),u=o[i].getAttribute("data-kreide-src");if(tag==="script"){e.src=u;e.async=true}else{e.rel="prefetch";e.href=u}d.head.appendChild(e)}}',
  // Scripts are appended in their document order and run as they arrive, as Next's own are.
  // The page's payload first, in its order, as its inline scripts would have pushed it.
  'function load(){if(started)return;started=true;var f=d.querySelectorAll("script[data-kreide-flight]");if(f.length){var q=self.__next_f=self.__next_f||[];for(var j=0;j<f.length;j++){var v=JSON.parse(f[j].textContent);for(var k=0;k<v.length;k++)q.push(v[k])}}add("script")}',
  'function plainLink(t){return !!(t&&t.closest&&t.closest("a[href]"))}',
  // Only controls that do nothing without script: a form's buttons, checkboxes, menus (details)
  // and fields work natively, and React hydrates the state the visitor gave them.
  'function control(t){return t&&t.closest?t.closest("button[type=button],input[type=button],[role=button]"):null}',
  'function personal(){try{if(localStorage.getItem(' +
    JSON.stringify(LOGGED_IN_KEY) +
    ')==="1")return true}catch(e){}return /(?:^|; )' +
    CART_COUNT_COOKIE_PREFIX +
    '[a-z-]+=[1-9]/.test(d.cookie)}',
  'd.addEventListener("click",function(e){if(ready||e.defaultPrevented)return;var c=control(e.target);if(!c||plainLink(e.target))return;e.preventDefault();e.stopImmediatePropagation();if(held.indexOf(c)<0)held.push(c);load()},true);',
  'd.addEventListener(' +
    JSON.stringify(INTERACTIVE_EVENT) +
    ',function(){ready=true;var h=held;held=[];h.forEach(function(c){if(c.isConnected)c.click()});',
  // React tracks an input's value through its setter; the prototype's setter bypasses it, so the
  // input event below reads as a change from the value React hydrated.
  'var f=d.activeElement;if(f&&(f.tagName==="INPUT"||f.tagName==="TEXTAREA")&&f.value!==f.defaultValue){var v=f.value,set=Object.getOwnPropertyDescriptor(Object.getPrototypeOf(f),"value").set;f.value=f.defaultValue;set.call(f,v);f.dispatchEvent(new Event("input",{bubbles:true}))}});',
  // Pressing a link also focuses it: neither starts the runtime for a page about to be left.
  'function intent(e){if(e.type!=="keydown"&&plainLink(e.target))return;load()}',
  '["pointerdown","keydown","focusin"].forEach(function(t){d.addEventListener(t,intent,{capture:true,passive:true})});',
  // Fetched, not run, once the page has loaded: the tap that needs them then waits for no network.
  'if(!personal()&&!d.querySelector("[data-scripts=at-once]")){addEventListener("load",function(){if(!started)add("link")});return}',
  'function afterPaint(){requestAnimationFrame(function(){setTimeout(load,0)})}',
  'var eager=[].filter.call(d.images,function(m){return m.getAttribute("loading")!=="lazy"&&!(m.complete&&m.naturalWidth)});',
  'var left=eager.length;setTimeout(load,3000);if(!left)return afterPaint();',
  'function one(){if(--left===0)afterPaint()}',
  'eager.forEach(function(m){if(m.decode)m.decode().then(one,one);else if(m.complete)one();else{m.addEventListener("load",one);m.addEventListener("error",one)}});',
].join('');

export const DEFER_LOADER = `<script>(function(){${LOADER_SOURCE}})()</script>`;

/**
 * Joins consecutive RSC payload scripts (`self.__next_f.push(…)`, each pushing a JSON literal
 * onto an array) into one script: the same statements in the same order, but a cached page then
 * has a handful of scripts instead of dozens, and each one costs a nonce at serve time.
 */
const FLIGHT_JOIN = ')</script><script>self.__next_f.push(';
const FLIGHT_STARTS = ['<script>self.__next_f.push(', '<script>(self.__next_f=self.__next_f||[]).push('];

export function joinFlightScripts(html: string): string {
  let at = html.indexOf(FLIGHT_JOIN);
  if (at === -1) return html;
  let out = '';
  let from = 0;
  while (at !== -1) {
    // Only when the script before is a payload push too.
    const open = html.lastIndexOf('<script', at);
    if (open !== -1 && FLIGHT_STARTS.some((start) => html.startsWith(start, open))) {
      out += html.slice(from, at) + ');self.__next_f.push(';
      from = at + FLIGHT_JOIN.length;
    }
    at = html.indexOf(FLIGHT_JOIN, at + 1);
  }
  return out + html.slice(from);
}

/** Where the JSON array or object starting at `from` ends (the index after it), or -1. */
function endOfJson(text: string, from: number): number {
  if (text[from] !== '[' && text[from] !== '{') return -1;
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      // Past the string, its escapes included.
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '[' || c === '{') depth++;
    else if ((c === ']' || c === '}') && --depth === 0) return i + 1;
  }
  return -1;
}

const FLIGHT_PUSHES = ['(self.__next_f=self.__next_f||[]).push(', 'self.__next_f.push('];

/** The values a payload script pushes, as one JSON array's text; null for any other script. */
export function flightPayloadAsJson(script: string): string | null {
  const values: string[] = [];
  let at = 0;
  while (at < script.length) {
    const push = FLIGHT_PUSHES.find((start) => script.startsWith(start, at));
    if (!push) return null;
    const end = endOfJson(script, at + push.length);
    if (end === -1 || script[end] !== ')') return null;
    values.push(script.slice(at + push.length, end));
    at = end + 1;
    if (script[at] === ';') at++;
  }
  const json = `[${values.join(',')}]`;
  // Next writes `<` in the payload as \u003c; anything that could end the element is left alone.
  if (values.length === 0 || /<\/script/i.test(json)) return null;
  try {
    JSON.parse(json);
  } catch {
    return null;
  }
  return json;
}

const INLINE_SCRIPT = /<script>([^<]*(?:<(?!\/script>)[^<]*)*)<\/script>/g;

/**
 * The page's payload (the RSC data React hydrates from, about as large as the page's markup) as
 * inert JSON the loader pushes when it starts the runtime: a visit that never wakes it does not
 * parse and run it as script. Applied after the pushes are joined.
 */
export function inertFlightScripts(html: string): string {
  return html.replace(INLINE_SCRIPT, (whole, body: string) => {
    const json = flightPayloadAsJson(body);
    return json === null ? whole : `<script type="application/json" data-kreide-flight="">${json}</script>`;
  });
}

export function deferFrameworkScripts(html: string): string {
  if (!html.includes('</body>')) return html;
  let found = false;
  const rewritten = html.replace(PRELOAD, '').replace(ASYNC_SCRIPT, (_match, src: string) => {
    found = true;
    return `<script type="text/plain" data-kreide-src="${src}"></script>`;
  });
  return found ? rewritten.replace('</body>', `${DEFER_LOADER}</body>`) : html;
}
