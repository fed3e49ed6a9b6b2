import { expect, test, type APIRequestContext } from '@playwright/test';
import { untilInteractive } from './support/interactive';

/**
 * Anonymous search pages answered by the front door from the page's shell, without Next
 * (lib/http/search-shell.ts): the same results as the search API, a payload React can read (every
 * text row as long as it says), and a page that hydrates.
 */
const WORLDS = [
  { world: 'de', path: 'suchergebnisse', query: 'Arbeitsblatt' },
  { world: 'gr', path: 'apotelesmata-anazitisis', query: 'Φύλλο εργασίας' },
] as const;

/** Searches until the world's shell is ready (the first search asks for it) and one answers from it. */
async function fromShell(request: APIRequestContext, base: string) {
  for (let attempt = 0; attempt < 60; attempt++) {
    // A page answered before is stored: each attempt asks a query of its own.
    const url = `${base}&price_max=${900 + attempt}.${Date.now() % 100}`;
    const answer = await request.get(url, { headers: { accept: 'text/html' } });
    if (answer.headers()['x-kreide-cache'] === 'SHELL') return answer;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no answer from the search shell for ${base}`);
}

/** The text rows of a payload, each with the byte length it declares and whether what follows is a row. */
function textRowsOf(html: string): { declared: number; wellFormed: boolean }[] {
  const inert = /<script type="application\/json" data-kreide-flight="">([\s\S]*?)<\/script>/.exec(html);
  expect(inert, 'the page carries its payload').not.toBeNull();
  const payload = (JSON.parse(inert![1]!) as unknown[][])
    .map((push) => (typeof push[1] === 'string' ? push[1] : ''))
    .join('');
  const bytes = Buffer.from(payload, 'utf8');
  const rows: { declared: number; wellFormed: boolean }[] = [];
  for (const match of payload.matchAll(/(?:^|\n|[\]}"])([0-9a-f]+):T([0-9a-f]+),/g)) {
    const declared = parseInt(match[2]!, 16);
    const start = Buffer.byteLength(payload.slice(0, match.index + match[0].length), 'utf8');
    const after = bytes.subarray(start + declared, start + declared + 12).toString('utf8');
    rows.push({ declared, wellFormed: after === '' || /^[0-9a-f]+:/.test(after) });
  }
  return rows;
}

for (const { world, path, query } of WORLDS) {
  test(`search in ${world}: an anonymous search answered from the page's shell shows the search's results and hydrates`, async ({
    page,
    request,
  }) => {
    const url = `/${world}/${path}?q=${encodeURIComponent(query)}&page=2`;
    const answer = await fromShell(request, url);
    const answeredUrl = answer.url().replace(/^https?:\/\/[^/]+/, '');
    const html = await answer.text();

    // The results of the search API for the same query, in the same order.
    const api = (await (await request.get(`/api/v3/search?world=${world}&${answeredUrl.split('?')[1]}`)).json()) as {
      total: number;
      items: { id: number }[];
    };
    expect(api.total).toBeGreaterThan(0);
    const shown = [...html.matchAll(/<article class="card"><a href="\/[a-z]+\/[^/]+\/(\d+)\//g)].map((m) =>
      Number(m[1]),
    );
    expect(shown).toEqual(api.items.map((item) => item.id));
    expect(html).toContain(`data-total="${api.total}"`);
    expect(html).toMatch(new RegExp(`<title>[^<]*${query.split(' ')[0]}`));

    const rows = textRowsOf(html);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => !row.wellFormed)).toEqual([]);

    // In the browser: the runtime reads the payload and hydrates without an error.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const loaded = await page.goto(answeredUrl);
    expect(loaded?.headers()['x-kreide-cache']).toMatch(/^(SHELL|HIT)$/);
    const firstTitle = await page.locator('.search-results .card-title').first().textContent();
    await untilInteractive(page);
    await expect(page.locator('.search-results .card-title').first()).toHaveText(firstTitle!);
    expect(errors).toEqual([]);
    // The form still works as a form once React runs.
    await page.locator('.search-filters input[name="price"][value="free"]').check();
    await page.locator('.search-filters button[type="submit"]').click();
    await expect(page).toHaveURL(/price=free/);
    await expect(page.getByTestId('result-count')).toBeVisible();
  });
}
