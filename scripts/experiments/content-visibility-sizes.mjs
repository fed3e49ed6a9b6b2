// Every content-visibility block's placeholder and real height, and whether the document ever got
// shorter, while each page is scrolled to its end half a screen at a time with the page's chunks
// held (gr, it, de; 1280 and 360 px). Start the built app, then:
// BASE=http://localhost:3481 [CSS=extra-rules.css] node scripts/experiments/content-visibility-sizes.mjs
import { chromium } from 'playwright';
import fs from 'node:fs';

const BASE = process.env.BASE ?? 'http://localhost:3481';
const CSS = process.env.CSS ? fs.readFileSync(process.env.CSS, 'utf8') : null;
const WORLDS = (process.env.WORLDS ?? 'gr,it,de').split(',');
const SEARCH = { gr: 'apotelesmata-anazitisis', it: 'risultati-ricerca', de: 'suchergebnisse' };
const OFFERS = { gr: 'prosfores', it: 'offerte', de: 'angebote' };
const SIZES = [
  { width: 1280, height: 720 },
  { width: 360, height: 740 },
];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});

async function discover(world) {
  const page = await browser.newPage();
  await page.route('**/_next/static/chunks/**', () => {});
  await page.goto(`${BASE}/${world}/${SEARCH[world]}`, { waitUntil: 'domcontentloaded' });
  const material = await page.locator('.search-results a.card-link').first().getAttribute('href');
  await page.goto(BASE + material, { waitUntil: 'domcontentloaded' });
  const landing = await page.locator('.material-classification a').first().getAttribute('href');
  const author = await page.locator('.material-author a').first().getAttribute('href');
  await page.close();
  return {
    search: `/${world}/${SEARCH[world]}`,
    material,
    landing,
    offers: `/${world}/${OFFERS[world]}`,
    author,
    home: `/${world}`,
  };
}

async function measure(url, size) {
  const page = await browser.newPage({ viewport: size });
  await page.route('**/_next/static/chunks/**', () => {});
  await page.goto(BASE + url, { waitUntil: 'domcontentloaded' });
  if (CSS) await page.addStyleTag({ content: CSS });
  await page.evaluate(() => document.fonts.ready);
  const result = await page.evaluate(async () => {
    const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const blocks = [...document.querySelectorAll('*')].filter((e) => getComputedStyle(e).contentVisibility === 'auto');
    const name = (e) =>
      e.tagName.toLowerCase() +
      (e.id ? '#' + e.id : '') +
      (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ')[0] : '');
    await frames();
    const first = blocks.map((e) => e.getBoundingClientRect().height);
    const heights = [document.documentElement.scrollHeight];
    const steps = [];
    const button = document.querySelector('.search-filters button[type="submit"]');
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      const asked = scrollY;
      const top = button?.getBoundingClientRect().top;
      await frames();
      heights.push(document.documentElement.scrollHeight);
      if (scrollY !== asked || (button && button.getBoundingClientRect().top !== top))
        steps.push({ asked, now: scrollY, buttonTop: top, buttonNow: button?.getBoundingClientRect().top });
    }
    const rendered = blocks.map((e) => e.getBoundingClientRect().height);
    const widths = blocks.map((e) => e.getBoundingClientRect().width);
    // Content box heights (what contain-intrinsic-size stands for).
    const content = blocks.map((e) => {
      const s = getComputedStyle(e);
      return (
        e.getBoundingClientRect().height -
        parseFloat(s.paddingTop) -
        parseFloat(s.paddingBottom) -
        parseFloat(s.borderTopWidth) -
        parseFloat(s.borderBottomWidth)
      );
    });
    const byName = {};
    blocks.forEach((e, i) => {
      const k = name(e);
      const b = (byName[k] ??= {
        n: 0,
        placeholder: new Set(),
        minReal: Infinity,
        maxReal: 0,
        minContent: Infinity,
        width: widths[i],
      });
      b.n++;
      b.placeholder.add(Math.round(first[i]));
      b.minReal = Math.min(b.minReal, Math.round(rendered[i]));
      b.maxReal = Math.max(b.maxReal, Math.round(rendered[i]));
      b.minContent = Math.min(b.minContent, Math.round(content[i]));
    });
    for (const k in byName) byName[k].placeholder = [...byName[k].placeholder].join('/');
    let decreases = 0;
    for (let i = 1; i < heights.length; i++) if (heights[i] < heights[i - 1]) decreases += heights[i - 1] - heights[i];
    return {
      startHeight: heights[0],
      endHeight: heights.at(-1),
      min: Math.min(...heights),
      max: Math.max(...heights),
      shrunkBy: decreases,
      clamped: steps,
      blocks: byName,
    };
  });
  await page.close();
  return result;
}

for (const world of WORLDS) {
  const urls = await discover(world);
  for (const [kind, url] of Object.entries(urls)) {
    if (!url) continue;
    for (const size of SIZES) {
      const r = await measure(url, size);
      console.log(
        `${world} ${kind} ${size.width}px ${url}: scrollHeight ${r.startHeight} -> ${r.endHeight} (min ${r.min}, shrank ${r.shrunkBy}); clamped ${JSON.stringify(r.clamped)}`,
      );
      for (const [k, b] of Object.entries(r.blocks))
        console.log(
          `   ${k} ×${b.n} w=${Math.round(b.width)} placeholder ${b.placeholder} real ${b.minReal}..${b.maxReal} content>=${b.minContent}`,
        );
    }
  }
}
await browser.close();
