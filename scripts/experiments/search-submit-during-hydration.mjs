// Submits the search filters at each phase of hydration, chosen by a condition checked between
// tasks inside the page (not by waiting), and records whether the submission left and arrived.
// Run against a started app: BASE=http://localhost:3411 node scripts/experiments/search-submit-during-hydration.mjs
import { chromium } from 'playwright';

const BASE = process.env.BASE ?? 'http://localhost:3411';
const PATH = process.env.SEARCH_PATH ?? '/it/risultati-ricerca';
const TRIALS = Number(process.argv[2] ?? 3);

/** In-page conditions, checked after every task; the first task where it holds submits. */
const ALL_PHASES = {
  'before any script (chunks held)': 'true',
  'hydrateRoot called (document is a React container)':
    "Object.keys(document).some((k) => k.startsWith('__reactContainer'))",
  // Never met when hydration renders and commits in one task: that trial then reports no click.
  'form reached by hydration, not committed':
    "Object.keys(form).some((k) => k.startsWith('__reactFiber')) && !(history.state && history.state.__NA)",
  "router's first history write done": 'Boolean(history.state && history.state.__NA)',
  'html[data-interactive]': "document.documentElement.hasAttribute('data-interactive')",
};
const PHASES = process.env.PHASE
  ? Object.fromEntries(Object.entries(ALL_PHASES).filter(([name]) => name.startsWith(process.env.PHASE)))
  : ALL_PHASES;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
for (const [phase, condition] of Object.entries(PHASES)) {
  for (let trial = 0; trial < TRIALS; trial++) {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message.slice(0, 80)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text().slice(0, 80)));
    const sent = [];
    page.on('request', (r) => r.isNavigationRequest() && r.url().includes('subject=') && sent.push(r.url()));
    page.on('requestfailed', (r) => r.url().includes('subject=') && errors.push(`failed: ${r.failure()?.errorText}`));
    const waiting = [];
    let holding = true;
    await page.route('**/_next/static/chunks/**', async (route) => {
      if (holding) await new Promise((resolve) => waiting.push(resolve));
      await route.continue().catch(() => undefined);
    });
    // An unknown parameter is dropped by the page but makes the URL one the HTML cache has not seen.
    const url = process.env.FORCE_MISS ? `${BASE}${PATH}?probe=${Date.now()}` : BASE + PATH;
    const response = await page.goto(url, { waitUntil: 'domcontentloaded' });
    const cache = response?.headers()['x-kreide-cache'] ?? 'MISS';
    await page.locator('.search-filters input[name="subject"]').first().check();
    await page.locator('.search-filters input[name="price"][value="paid"]').check();
    await page.evaluate((condition) => {
      const form = document.querySelector('form.search-filters');
      form.__probe = true;
      const check = new Function('form', `return (${condition})`);
      const channel = new MessageChannel();
      window.__probe = { navigateerror: 0 };
      navigation.addEventListener('navigateerror', () => (window.__probe.navigateerror += 1));
      channel.port1.onmessage = () => {
        if (!check(form)) return channel.port2.postMessage(0);
        window.__probe.container = Object.keys(document).some((k) => k.startsWith('__reactContainer'));
        window.__probe.interactive = document.documentElement.hasAttribute('data-interactive');
        form.querySelector('button[type="submit"]').click();
        window.__probe.formConnected = form.isConnected;
        window.__probe.sameForm = document.querySelector('form.search-filters')?.__probe === true;
        window.__probe.clicked = true;
      };
      channel.port2.postMessage(0);
    }, condition);
    // Chunks go only after the probe is armed, so hydration happens while it watches.
    if (condition !== 'true') {
      holding = false;
      for (const go of waiting.splice(0)) go();
    }
    const arrived = await page
      .waitForURL(/subject=/, { timeout: 8000 })
      .then(() => true)
      .catch(() => false);
    const probe = arrived ? null : await page.evaluate(() => window.__probe).catch(() => null);
    console.log(
      `${phase} [${cache}]: request sent ${sent.length > 0}, arrived ${arrived}` +
        (probe ? `, stayed: ${JSON.stringify(probe)}` : '') +
        (errors.length ? `, errors: ${errors.join(' | ')}` : ''),
    );
    holding = false;
    for (const go of waiting.splice(0)) go();
    await page.close();
  }
}
await browser.close();
