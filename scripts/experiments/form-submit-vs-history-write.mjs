// Does a same-document history write (what Next's router does once at hydration) cancel a GET
// form submission that the page has started but whose request has not left yet?
// Run: node scripts/experiments/form-submit-vs-history-write.mjs [trials]
// Needs only Playwright and Debian's Chromium; no app build. Prints, per variant, how many of the
// trials reached `/result?a=1` (the submission's destination) and how many stayed on `/`.
import http from 'node:http';
import { chromium } from 'playwright';

const TRIALS = Number(process.argv[2] ?? 10);
const PAGE = `<!doctype html><html><body>
<form action="/result" method="get"><input type="checkbox" name="a" value="1" checked><button type="submit">Go</button></form>
</body></html>`;

let resultRequests = 0;
const server = http.createServer((req, res) => {
  if (req.url.startsWith('/result')) {
    resultRequests += 1;
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>result</title><p>result</p>');
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' });
  res.end(PAGE);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

/** Each variant submits the form and writes history in its own way, inside the page. */
const WRITE = "history.replaceState(history.state, '', location.href)";
const VARIANTS = {
  'control: submit, no history write': `form.requestSubmit()`,
  'submit, then replaceState in the same task': `form.requestSubmit(); ${WRITE}`,
  'submit, then replaceState in a microtask': `form.requestSubmit(); queueMicrotask(() => { ${WRITE} })`,
  'submit, then replaceState after setTimeout 0': `form.requestSubmit(); setTimeout(() => { ${WRITE} }, 0)`,
  'submit, then replaceState after setTimeout 1': `form.requestSubmit(); setTimeout(() => { ${WRITE} }, 1)`,
  'submit, then replaceState after setTimeout 5': `form.requestSubmit(); setTimeout(() => { ${WRITE} }, 5)`,
  'submit, then replaceState after setTimeout 50': `form.requestSubmit(); setTimeout(() => { ${WRITE} }, 50)`,
  'button click, then replaceState in the same task': `form.querySelector('button').click(); ${WRITE}`,
  'submit, then pushState to the same URL': `form.requestSubmit(); history.pushState(history.state, '', location.href)`,
  'submit, then location.hash change': `form.requestSubmit(); location.hash = 'x'`,
  // What else a hydrating page can do in that window:
  'submit, then the form is removed (a client re-render)': `form.requestSubmit(); form.remove()`,
  'submit, then the form is replaced by a fresh copy': `form.requestSubmit(); form.replaceWith(form.cloneNode(true))`,
  'click whose capture listener replaces the form first (sync hydration)': `document.addEventListener('click', () => form.replaceWith(form.cloneNode(true)), { capture: true, once: true }); form.querySelector('button').click()`,
  'click whose capture listener writes history first': `document.addEventListener('click', () => { ${WRITE} }, { capture: true, once: true }); form.querySelector('button').click()`,
  'submit, then window.stop()': `form.requestSubmit(); window.stop()`,
  'submit, then location.replace(same URL)': `form.requestSubmit(); location.replace(location.href)`,
  'submit, then navigation.navigate(same URL, replace)': `form.requestSubmit(); navigation.navigate(location.href, { history: 'replace' })`,
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
console.log(`Chromium ${browser.version()}, ${TRIALS} trials per variant`);
for (const [name, code] of Object.entries(VARIANTS)) {
  let arrived = 0;
  const requestsBefore = resultRequests;
  for (let i = 0; i < TRIALS; i++) {
    const page = await browser.newPage();
    await page.goto(origin + '/');
    await page.evaluate(`(() => { const form = document.forms[0]; ${code} })()`);
    await page.waitForURL(/\/result/, { timeout: 1500 }).catch(() => undefined);
    if (page.url().includes('/result?a=1')) arrived += 1;
    await page.close();
  }
  console.log(`${name}: arrived ${arrived}/${TRIALS}, requests sent ${resultRequests - requestsBefore}`);
}

// Through the real input path: Playwright clicks the button (a trusted click), then the write.
{
  let arrived = 0;
  for (let i = 0; i < TRIALS; i++) {
    const page = await browser.newPage();
    await page.goto(origin + '/');
    await page.click('button', { noWaitAfter: true });
    await page.evaluate(WRITE).catch(() => undefined);
    await page.waitForURL(/\/result/, { timeout: 1500 }).catch(() => undefined);
    if (page.url().includes('/result?a=1')) arrived += 1;
    await page.close();
  }
  console.log(`trusted click, then replaceState from the next evaluate: arrived ${arrived}/${TRIALS}`);
}

await browser.close();
server.close();
