import { expect, test, type Page } from '@playwright/test';
import { IMPRINT } from '@/lib/legal/imprint';
import { pathFor } from '@/lib/routing/localized-routes';
import type { WorldCode } from '@/lib/worlds/worlds';
import { untilInteractive } from './support/interactive';

/**
 * The legal pages as a visitor reaches them: from the footer of any page to the right part of
 * the terms and to the imprint, in two worlds, as the built server answers (status, robots
 * header), and without a cookie-consent prompt on either. What they show, version by version,
 * is checked closer to the data in tests/integration/legal-pages.test.tsx.
 */

async function interactive(page: Page) {
  await untilInteractive(page);
}

/** No prompt of any kind covers the page: no dialog, nothing about cookie consent. */
async function expectNoConsentPrompt(page: Page) {
  await interactive(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.locator('[data-testid*="consent" i], [id*="consent" i], [class*="consent" i]')).toHaveCount(0);
}

const HEADINGS: Record<'de' | 'gr', { withdrawal: RegExp; privacy: RegExp; imprint: string }> = {
  de: { withdrawal: /Widerrufsbelehrung/, privacy: /Datenschutzerklärung/, imprint: 'Impressum' },
  gr: { withdrawal: /Δικαίωμα υπαναχώρησης/, privacy: /Πολιτική απορρήτου/, imprint: 'Στοιχεία εταιρείας' },
};

for (const world of ['de', 'gr'] as const satisfies readonly WorldCode[]) {
  test(`the footer leads to the right part of the terms and to the imprint, with no consent prompt (${world})`, async ({
    page,
    request,
  }) => {
    const terms = pathFor(world, 'terms');
    const imprint = pathFor(world, 'imprint');
    const headings = HEADINGS[world];

    await page.goto(pathFor(world, 'home'));
    await interactive(page);
    const footer = page.locator('footer');
    await footer.locator(`a[href="${terms}#withdrawalProvisions"]`).click();
    await expect(page).toHaveURL(new RegExp(`${terms}#withdrawalProvisions$`));
    const withdrawal = page.locator('#withdrawalProvisions');
    await expect(withdrawal.getByRole('heading', { level: 2 })).toHaveText(headings.withdrawal);
    await expect(withdrawal).toBeInViewport();
    await expect(page.getByTestId('terms-version')).toContainText('1');
    await expectNoConsentPrompt(page);

    // The privacy policy is a part of the terms page, reached from the imprint too.
    await page.locator('footer').getByRole('link', { name: headings.imprint }).click();
    await expect(page).toHaveURL(new RegExp(`${imprint}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings.imprint);
    await expect(page.locator('address')).toContainText(IMPRINT.name);
    await expect(page.locator('[data-field="vatId"] dd')).toHaveText(IMPRINT.vatId);
    await expect(page.locator('[data-field="responsiblePerson"] dd')).toHaveText(IMPRINT.responsiblePerson);
    await expectNoConsentPrompt(page);
    await page.locator(`main a[href="${terms}#dataProtection"]`).click();
    await expect(page).toHaveURL(new RegExp(`${terms}#dataProtection$`));
    await expect(page.locator('#dataProtection').getByRole('heading', { level: 2 })).toHaveText(headings.privacy);
    await expect(page.locator('#dataProtection')).toBeInViewport();

    // Public, indexed pages; an unknown version is a 404.
    for (const path of [terms, imprint]) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()['x-robots-tag']).toBe('index, follow');
    }
    const unknown = await request.get(pathFor(world, 'terms-version', { version: '999999' }));
    expect(unknown.status()).toBe(404);
  });
}
