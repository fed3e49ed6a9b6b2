/**
 * Starts the page's JavaScript once the first paint and the page's eager images are on screen,
 * instead of alongside the HTML. On a slow mobile connection the ~140 KB of framework chunks
 * otherwise share the bandwidth with the HTML and the above-the-fold images (a card's cover, the
 * first preview) and push the largest paint back; hydration then begins right after it.
 * Eager images are those without `loading="lazy"`; each counts once it is decoded or has failed,
 * and after 3 s the scripts start regardless, so a stalled image never keeps a page inert.
 * Applied to HTML the in-process cache stores.
 */
const PRELOAD = /<link rel="preload" as="script" fetchPriority="low" href="\/_next\/static\/[^"]+"\/>/g;
const ASYNC_SCRIPT = /<script src="(\/_next\/static\/[^"]+)" async=""><\/script>/g;
export const DEFER_LOADER =
  '<script>(function(){' +
  'var started=false;' +
  "function load(){if(started)return;started=true;var o=document.querySelectorAll('script[data-kreide-src]');for(var i=0;i<o.length;i++){var s=document.createElement('script');s.src=o[i].getAttribute('data-kreide-src');s.async=true;document.head.appendChild(s)}}" +
  'function afterPaint(){requestAnimationFrame(function(){setTimeout(load,0)})}' +
  "var eager=[].filter.call(document.images,function(m){return m.getAttribute('loading')!=='lazy'&&!(m.complete&&m.naturalWidth)});" +
  'var left=eager.length;if(!left)return afterPaint();' +
  'function one(){if(--left===0)afterPaint()}' +
  "eager.forEach(function(m){if(m.decode)m.decode().then(one,one);else if(m.complete)one();else{m.addEventListener('load',one);m.addEventListener('error',one)}});" +
  'setTimeout(load,3000)' +
  '})()</script>';

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

export function deferFrameworkScripts(html: string): string {
  if (!html.includes('</body>')) return html;
  let found = false;
  const rewritten = html.replace(PRELOAD, '').replace(ASYNC_SCRIPT, (_match, src: string) => {
    found = true;
    return `<script type="text/plain" data-kreide-src="${src}"></script>`;
  });
  return found ? rewritten.replace('</body>', `${DEFER_LOADER}</body>`) : html;
}
