/**
 * Starts the page's JavaScript after the first paint instead of alongside the HTML. On a slow
 * mobile connection the ~170 KB of framework chunks otherwise compete with the HTML and the
 * first preview image for bandwidth and push the largest paint back; hydration then begins one
 * frame after the content is visible. Applied to HTML the in-process cache stores.
 */
const PRELOAD = /<link rel="preload" as="script" fetchPriority="low" href="\/_next\/static\/[^"]+"\/>/g;
const ASYNC_SCRIPT = /<script src="(\/_next\/static\/[^"]+)" async=""><\/script>/g;
export const DEFER_LOADER = `<script>(function(){function l(){var o=document.querySelectorAll('script[data-kreide-src]');for(var i=0;i<o.length;i++){var s=document.createElement('script');s.src=o[i].getAttribute('data-kreide-src');s.async=true;document.head.appendChild(s)}}requestAnimationFrame(function(){setTimeout(l,0)})})()</script>`;

export function deferFrameworkScripts(html: string): string {
  if (!html.includes('</body>')) return html;
  let found = false;
  const rewritten = html.replace(PRELOAD, '').replace(ASYNC_SCRIPT, (_match, src: string) => {
    found = true;
    return `<script type="text/plain" data-kreide-src="${src}"></script>`;
  });
  return found ? rewritten.replace('</body>', `${DEFER_LOADER}</body>`) : html;
}
