import { expect, test, type Page } from '@playwright/test';
import { pathFor } from '../../lib/routing/localized-routes';
import type { WorldCode } from '../../lib/worlds/worlds';
import { confirmedAccount, freshAddress } from './support/accounts';
import { untilInteractive } from './support/interactive';

/**
 * Folders in the cabinet, as a teacher sorts favourites at home (gr): a folder inside a folder,
 * a favourite put into it, the folder moved and archived and restored, the success message that
 * clears after 8 s, everything still there after a reload, and a whole search added in one step.
 */
const world: WorldCode = 'gr';

async function signIn(page: Page, email: string) {
  await page.goto(pathFor(world, 'login'));
  await untilInteractive(page);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill('kreide-demo');
  await page.locator('#login-password').press('Enter');
  await expect(page).not.toHaveURL(new RegExp(pathFor(world, 'login')));
}

async function heartFirstMaterials(page: Page, count: number): Promise<string[]> {
  await page.goto(pathFor(world, 'home'));
  const ids = [
    ...new Set(
      await page
        .locator('.shelf .card button[data-keep="material"]')
        .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-keep-id')!)),
    ),
  ].slice(0, count);
  for (const id of ids) {
    const sent = page.waitForResponse((response) => response.url().includes('/subscribe'));
    await page.locator(`button[data-keep="material"][data-keep-id="${id}"]`).first().click();
    expect((await sent).status()).toBe(200);
  }
  return ids;
}

const notice = (page: Page) => page.getByTestId('folder-notice');
const folderLink = (page: Page, title: string) => page.getByTestId('folder-link').filter({ hasText: title });

test('a teacher sorts favourites into folders, moves, archives and restores one, and adds a search (gr)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = freshAddress('folders-gr');
  await confirmedAccount(page.request, world, { email, password: 'kreide-demo', name: 'Δασκάλα Φάκελοι' });
  await signIn(page, email);
  const [first] = await heartFirstMaterials(page, 2);

  await page.goto(pathFor(world, 'cabinet-folders'));
  await untilInteractive(page);
  await expect(page.getByTestId('folders-empty')).toBeVisible();
  await expect(page.getByTestId('folder-materials-total')).toContainText('2');

  // Τάξη Ε › Κλάσματα
  const create = page.getByTestId('folder-create');
  await create.locator('input[name="title"]').fill('Τάξη Ε');
  await create.locator('button[type="submit"]').click();
  await expect(notice(page)).toContainText('Τάξη Ε');
  await expect(folderLink(page, 'Τάξη Ε')).toBeVisible();
  await create.locator('input[name="title"]').fill('Κλάσματα');
  await create.locator('select[name="parent_id"]').selectOption({ label: 'Τάξη Ε' });
  await create.locator('button[type="submit"]').click();
  await expect(page.locator('ul ul [data-testid="folder-link"]', { hasText: 'Κλάσματα' })).toBeVisible();

  // A favourite into the inner folder.
  const item = page.locator(`[data-testid="folder-materials"] li[data-material-id="${first}"]`);
  await item.getByTestId('material-folders').locator('summary').click();
  await item.getByLabel('Τάξη Ε › Κλάσματα').check();
  await item.getByTestId('material-folders').locator('button[type="submit"]').click();
  await expect(notice(page)).not.toBeEmpty();
  await expect(item.getByTestId('material-folders').locator('summary')).toContainText('(1)');

  // The success message clears after 8 s.
  await expect(notice(page)).toBeEmpty({ timeout: 12_000 });

  await folderLink(page, 'Κλάσματα').click();
  await expect(page.getByTestId('folder-heading')).toHaveText('Τάξη Ε › Κλάσματα');
  await expect(page.locator('[data-testid="folder-materials"] li')).toHaveCount(1);
  await untilInteractive(page);

  // Moved to the top; the outer folder cannot go into it (it is not offered, the server refuses too).
  const toolbar = page.getByTestId('folder-toolbar');
  await toolbar.locator('select').selectOption({ value: '' });
  await toolbar.locator('select').locator('..').locator('button[type="submit"]').click();
  await expect(page.getByTestId('folder-heading')).toHaveText('Κλάσματα');
  await expect(page.locator('ul ul [data-testid="folder-link"]')).toHaveCount(0);

  // Archived: out of the tree, in the archive; restored: back; a reload shows the same.
  await toolbar.getByTestId('folder-archive').click();
  await expect(page.getByTestId('folder-restore')).toBeVisible();
  await expect(page.getByTestId('folder-archive-list')).toContainText('Κλάσματα');
  await page.reload();
  await expect(page.getByTestId('folder-archive-list').locator('summary')).toContainText('(1)');
  await untilInteractive(page);
  await page.getByTestId('folder-restore').click();
  await expect(page.getByTestId('folder-archive')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('folder-archive-list').locator('summary')).toContainText('(0)');
  await expect(page.locator('[data-testid="folder-materials"] li')).toHaveCount(1);

  // A whole search, from the search page, into a folder in one step.
  await page.goto(`${pathFor(world, 'search')}?sort=newest`);
  const total = Number(await page.getByTestId('result-count').getAttribute('data-total'));
  expect(total).toBeGreaterThan(0);
  await page.getByTestId('search-to-folder').click();
  await expect(page.getByTestId('folder-add-search-count')).toContainText(String(Math.min(total, 1000)));
  await untilInteractive(page);
  const add = page.getByTestId('folder-add-search');
  await add.locator('select').selectOption({ label: 'Τάξη Ε' });
  await add.locator('button[type="submit"]').click();
  await expect(notice(page)).toContainText(String(Math.min(total, 1000)));
  await folderLink(page, 'Τάξη Ε').click();
  // The search's materials, and the favourite that was there already if the search did not hold it.
  await expect(page.getByTestId('folder-materials-total')).toContainText(String(Math.min(total, 1000)));
});
