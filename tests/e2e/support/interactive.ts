import type { Page } from '@playwright/test';

/**
 * Waits until React has hydrated the page (`<html data-interactive>`). A stored public page on an
 * anonymous first visit starts Next's runtime only when the visitor reaches for it: a key, a tap
 * on something other than a plain link, focus (lib/http/defer-scripts.ts). Shift is a key press
 * that types nothing and changes nothing on the page.
 */
export async function untilInteractive(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
}
