// How many content-visibility blocks and cards are laid out at the first layout (no scrolling), at
// Lighthouse's phone viewport, with the built CSS and with the CSS before the lower bounds (the
// inline stylesheet rewritten on the way). Start the built app, then:
// BASE=http://localhost:3481 node scripts/experiments/content-visibility-first-layout.mjs
import { chromium } from 'playwright';

const BASE = process.env.BASE ?? 'http://localhost:3481';
const OLD =
  '.shelf,.site-footer,#popular-authors,.material-classification{content-visibility:auto;contain-intrinsic-size:auto 420px}' +
  '.search-results .card:nth-child(n+9),.tab-panel .card:nth-child(n+9),.landing .card:nth-child(n+9){content-visibility:auto;contain-intrinsic-size:auto 330px}';
const NEW =
  /\.shelf\{content-visibility:auto;contain-intrinsic-size:auto 260px\}\.search-results \.card:nth-child\(n\+9\),\.tab-panel \.card:nth-child\(n\+9\),\.landing \.card:nth-child\(n\+9\)\{content-visibility:auto;contain-intrinsic-size:auto 200px\}/;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const pages = (
  process.env.PAGES ??
  '/de,/gr,/de/suchergebnisse?q=Br%C3%BCche,/gr/apotelesmata-anazitisis?q=%CE%BA%CE%BB%CE%AC%CF%83%CE%BC%CE%B1%CF%84%CE%B1,/de/angebote,/gr/prosfores'
).split(',');
for (const path of pages) {
  for (const css of ['old', 'new']) {
    const page = await browser.newPage({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
    });
    await page.route('**/_next/static/chunks/**', () => {});
    let replaced = false;
    await page.route(BASE + path, async (route) => {
      const response = await route.fetch();
      let body = await response.text();
      if (css === 'old') {
        const next = body.replace(NEW, OLD);
        replaced = next !== body;
        body = next;
      } else replaced = NEW.test(body);
      await route.fulfill({ response, body });
    });
    await page.goto(BASE + path, { waitUntil: 'domcontentloaded' });
    await page.waitForTimeout(1000);
    const r = await page.evaluate(() => {
      const blocks = [
        ...document.querySelectorAll('.shelf, .site-footer, #popular-authors, .material-classification, .card'),
      ].filter((e) => getComputedStyle(e).contentVisibility === 'auto');
      const skipped = blocks.filter((e) => !e.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }));
      const cards = [...document.querySelectorAll('.card')];
      const laidOut = cards.filter(
        (c) =>
          c.checkVisibility({ contentVisibilityAuto: true }) &&
          c.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }),
      );
      return {
        blocks: blocks.length,
        skipped: skipped.length,
        cards: cards.length,
        cardsLaidOut: laidOut.length,
        height: document.documentElement.scrollHeight,
      };
    });
    console.log(`${path} ${css} css (${replaced ? 'ok' : 'NOT FOUND'}): ${JSON.stringify(r)}`);
    await page.close();
  }
}
await browser.close();
