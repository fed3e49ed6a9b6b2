import { expect, test, type Page } from '@playwright/test';
import { untilInteractive } from './support/interactive';

/**
 * The structured data crawlers read, as a browser gets it from the built server: every JSON-LD
 * block parses in the page itself, the home page describes the site and its search box (whose
 * address works), an author page the person. What the items hold is checked against schema.org
 * in tests/integration/structured-data.test.tsx.
 */

type Item = Record<string, unknown>;

/** The top-level items of the page's JSON-LD, parsed by the browser. */
async function structuredData(page: Page): Promise<Item[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('script[type="application/ld+json"]')].flatMap((script) => {
      const data: unknown = JSON.parse(script.textContent ?? '');
      return (Array.isArray(data) ? data : [data]) as Record<string, unknown>[];
    }),
  );
}

for (const world of ['de', 'gr'] as const) {
  test(`the home and an author page of ${world} carry structured data a crawler can parse and follow`, async ({
    page,
  }) => {
    await page.goto(`/${world}`);
    const home = await structuredData(page);
    expect(home.map((item) => item['@type'])).toEqual(['WebSite', 'Organization']);
    const search = home[0]!.potentialAction as { target: { urlTemplate: string } };
    expect(search.target.urlTemplate).toMatch(new RegExp(`/${world}/[^/?]+\\?q=\\{search_term_string\\}$`));
    // The search box's address leads to the world's search results for the words put into it.
    const response = await page.goto(search.target.urlTemplate.replace('{search_term_string}', 'test'));
    expect(response?.status()).toBe(200);
    await expect(page.locator('#search-q')).toHaveValue('test');

    await page.goto(`/${world}`);
    // A link followed while the page's scripts start can be lost (seen once in gr: the page
    // stayed); this journey is about the structured data, so it follows the link once they ran.
    await untilInteractive(page);
    const author = page.locator('section[aria-labelledby="popular-authors"] a').first();
    const name = (await author.innerText()).trim();
    await author.click();
    await expect(page.locator('h1')).toHaveText(name);
    const [profile, ...rest] = await structuredData(page);
    expect(rest).toEqual([]);
    expect(profile).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: page.url(),
      mainEntity: { '@type': 'Person', name },
    });
  });
}
