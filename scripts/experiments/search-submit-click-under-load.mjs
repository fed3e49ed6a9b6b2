// Scripts held (no React at all), filters checked, submit button clicked by Playwright, with the
// CPU loaded: did the click reach the button, did `submit` fire, did a request leave, and where
// was the page scrolled? Start the app, then load the CPU (e.g. three `node -e 'for(;;){}'`) and
// run: BASE=http://localhost:3412 P=/gr/apotelesmata-anazitisis TRIALS=14 node scripts/experiments/search-submit-click-under-load.mjs
import { chromium } from 'playwright';

const BASE = process.env.BASE ?? 'http://localhost:3412';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const out = {};
for (let i = 0; i < Number(process.env.TRIALS ?? 20); i++) {
  const path = process.env.P ?? (i % 2 ? '/gr/apotelesmata-anazitisis' : '/it/risultati-ricerca');
  const page = await browser.newPage();
  await page.addInitScript(() => {
    const log = (s) => sessionStorage.setItem('probe', (sessionStorage.getItem('probe') ?? '') + s + ';');
    const button = () => document.querySelector('.search-filters button[type="submit"]').getBoundingClientRect();
    addEventListener(
      'click',
      (e) => {
        const b = button();
        const target = e.target.tagName + '.' + (e.target.className || e.target.type || '');
        log(
          `click:${target} y=${Math.round(e.clientY)} scrollY=${Math.round(scrollY)} button=${Math.round(b.top)}..${Math.round(b.bottom)}`,
        );
      },
      true,
    );
    addEventListener('submit', (e) => log('submit' + (e.defaultPrevented ? '-prevented' : '')));
    addEventListener('invalid', (e) => log('invalid:' + e.target.name), true);
    let last = -1;
    addEventListener(
      'scroll',
      () => {
        if (scrollY === last) return;
        last = scrollY;
        log(
          `scroll ${Math.round(scrollY)} height=${document.documentElement.scrollHeight} @${Math.round(performance.now())}`,
        );
      },
      true,
    );
  });
  const sent = [];
  page.on('request', (r) => r.isNavigationRequest() && r.url().includes('subject=') && sent.push(r.url()));
  // Held for good: no framework script runs, so nothing but the browser handles the click.
  await page.route('**/_next/static/chunks/**', () => {});
  const response = await page.goto(BASE + path, { waitUntil: 'domcontentloaded' });
  const cache = response?.headers()['x-kreide-cache'] ?? 'MISS';
  await page.locator('.search-filters input[name="subject"]').first().check();
  await page.locator('.search-filters input[name="price"][value="paid"]').check();
  await page.locator('.search-filters button[type="submit"]').click({ noWaitAfter: true });
  const arrived = await page.waitForURL(/subject=/, { timeout: 10000, waitUntil: 'commit' }).then(
    () => true,
    () => false,
  );
  const probe = await page.evaluate(() => sessionStorage.getItem('probe')).catch(() => 'page gone');
  const key = `${path} ${cache} arrived=${arrived} request sent=${sent.length > 0}`;
  out[key] = (out[key] ?? 0) + 1;
  if (!arrived) console.log(i, key, probe);
  await page.close();
}
console.log(JSON.stringify(out, null, 1));
await browser.close();
