import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { UPLOAD_STEPS } from '@/lib/selling/upload-steps';
import { pathFor, pathForRoute } from '@/lib/routing/localized-routes';
import { ROUTES } from '@/lib/routing/routes';
import type { WorldCode } from '@/lib/worlds/worlds';
import { signedInContext, type DemoAccount } from './support/sessions';
import { untilInteractive } from './support/interactive';

/**
 * What a teacher meets in the cabinet and account pages, measured in the browser: no page scrolls
 * sideways on a 320 px phone, every control is readable in every state it can be in, wide tables
 * scroll inside a region the keyboard reaches and show every column on a desktop, a released
 * version stays confirmed, and a missing cabinet page leads back to the cabinet's first page.
 * In de and gr.
 */

const WORLDS: WorldCode[] = ['de', 'gr'];

/** A route whose address needs an id (`:id`; an optional `:id?` does not count). */
const needsParams = (pattern: string) => /:\w+(?![\w?])/.test(pattern);
/** Every page of the cabinet, account and school areas that needs no id in its address. */
const AREA_PAGES = ROUTES.filter(
  (route) => ['cabinet', 'account', 'school'].includes(route.area) && !needsParams(route.de),
).map((route) => route.id);
/** Pages that only send the visitor on (a script that asks who is signed in, then navigates). */
const REDIRECT_ROUTES = ['author-redirect'] as const;
const REDIRECTS = new Set<string>(WORLDS.flatMap((world) => REDIRECT_ROUTES.map((id) => pathForRoute(world, id))));
const CABINET_PAGES = ROUTES.filter((route) => route.area === 'cabinet' && !needsParams(route.de)).map(
  (route) => route.id,
);

function signedIn(browser: Browser, baseURL: string, email: DemoAccount, viewport = { width: 1280, height: 900 }) {
  return signedInContext(browser, baseURL, email, { viewport });
}

async function interactive(page: Page) {
  await untilInteractive(page);
}

async function worksheet(pages: number, text: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.HelveticaBold);
  for (let i = 1; i <= pages; i++)
    document.addPage([595, 842]).drawText(`${text} ${i}`, { x: 60, y: 760, size: 28, font });
  return Buffer.from(await document.save());
}

/** A published material of the signed-in seller with rendered previews, set up through the API. */
async function publishedMaterial(context: BrowserContext, baseURL: string, world: WorldCode): Promise<number> {
  const headers = { origin: baseURL };
  const created = await context.request.post(`/api/v3/seller/materials/upload?world=${world}`, {
    headers,
    multipart: {
      file: { name: 'layout.pdf', mimeType: 'application/pdf', buffer: await worksheet(2, 'Layout Version eins') },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await expect
    .poll(
      async () =>
        (
          (await (await context.request.get(`/api/v3/seller/materials/${id}?world=${world}`)).json()) as {
            previews: { status: string };
          }
        ).previews.status,
      { timeout: 30_000 },
    )
    .toBe('ready');
  const filters = (await (await context.request.get(`/api/v1/filters?world=${world}`)).json()) as {
    filters: Record<'subject' | 'class_grade' | 'material_type', { id: number }[]>;
  };
  const saved = await context.request.patch(`/api/v3/seller/materials/${id}?world=${world}`, {
    headers,
    data: {
      title: `Layout ${world} ${Date.now()}`,
      description:
        '<p>Zwölf Arbeitsblätter mit Lösungen zum Üben und Wiederholen im Unterricht der fünften Klasse.</p>',
      priceCents: 299,
      subjectIds: [filters.filters.subject[0]!.id],
      gradeIds: [filters.filters.class_grade[4]!.id],
      materialTypeIds: [filters.filters.material_type[0]!.id],
    },
  });
  expect(saved.status()).toBe(200);
  expect(
    (await context.request.post(`/api/v3/seller/materials/${id}/publish?world=${world}`, { headers })).status(),
  ).toBe(200);
  return id;
}

/** How far the page is wider than the window (0 when it does not scroll sideways). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

const CONTROLS = 'main a[href], main button, main input, main select, main textarea, main summary';

/**
 * The contrast of every visible control's text with what is behind it, computed from the page's
 * own styles: colours with alpha and `opacity` blended down to the page's background. Installed
 * in the page once per load, so measuring a control's states costs one call, not one per state.
 */
async function installContrastProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const hasText = (el: Element) => {
      if (el instanceof HTMLInputElement) {
        if (['checkbox', 'radio', 'range', 'color', 'hidden', 'image'].includes(el.type)) return '';
        return el.type === 'file' ? 'file' : el.value || el.placeholder;
      }
      if (el instanceof HTMLTextAreaElement) return el.value || el.placeholder;
      if (el instanceof HTMLSelectElement) return el.selectedOptions[0]?.text ?? '';
      return (el as HTMLElement).innerText.trim();
    };
    window.kreideCarriesText = (el) => Boolean(hasText(el));
    window.kreideLowContrast = (selector: string, state: string, only?: number): string[] => {
      type Rgba = [number, number, number, number];
      const parse = (value: string): Rgba | null => {
        const m = value.match(/rgba?\(([^)]+)\)/);
        if (!m) return null;
        const p = m[1]!
          .split(/[\s,/]+/)
          .filter(Boolean)
          .map(Number);
        return [p[0]!, p[1]!, p[2]!, p[3] ?? 1];
      };
      const over = (top: Rgba, bottom: Rgba): Rgba => {
        const a = top[3];
        return [
          top[0] * a + bottom[0] * (1 - a),
          top[1] * a + bottom[1] * (1 - a),
          top[2] * a + bottom[2] * (1 - a),
          1,
        ];
      };
      const mix = (a: Rgba, b: Rgba, share: number): Rgba => over([a[0], a[1], a[2], share], b);
      const luminance = (c: Rgba) => {
        const ch = c.slice(0, 3).map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * ch[0]! + 0.7152 * ch[1]! + 0.0722 * ch[2]!;
      };
      /** The background behind `el`, composited from the page down to it. */
      const backgroundOf = (el: Element | null): Rgba => {
        const chain: Element[] = [];
        for (let node = el; node; node = node.parentElement) chain.unshift(node);
        let bg: Rgba = [255, 255, 255, 1];
        for (const node of chain) {
          const color = parse(getComputedStyle(node).backgroundColor);
          if (color && color[3] > 0) bg = over(color, bg);
        }
        return bg;
      };
      const opacityOf = (el: Element) => {
        let opacity = 1;
        let topmost: Element | null = null;
        for (let node: Element | null = el; node; node = node.parentElement) {
          const own = Number(getComputedStyle(node).opacity);
          if (own < 1) {
            opacity *= own;
            topmost = node;
          }
        }
        return { opacity, topmost };
      };
      const found: string[] = [];
      const all = [...document.querySelectorAll(selector)];
      all.forEach((el, index) => {
        if (only !== undefined && index !== only) return;
        // A file input's own colour says nothing of what a teacher reads: that is its button
        // (`::file-selector-button`) or, when the input is visually hidden, the label standing for it.
        let target: Element = el;
        let pseudo: string | null = null;
        let text = hasText(el);
        if (el instanceof HTMLInputElement && el.type === 'file') {
          const box = el.getBoundingClientRect();
          if (box.width <= 2 || box.height <= 2 || opacityOf(el).opacity === 0) {
            const label = el.closest('label');
            if (!label) {
              found.push(`${state} <input type=file name="${el.name}"> hidden, with no visible label`);
              return;
            }
            target = label;
            text = label.innerText.trim();
          } else {
            pseudo = '::file-selector-button';
            text = `${el.name}: file selector button`;
          }
        }
        const rect = target.getBoundingClientRect();
        const style = getComputedStyle(target);
        if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden') return;
        if (!text) return;
        // A gradient or image behind the text cannot be read from computed colours.
        for (let node: Element | null = target; node; node = node.parentElement)
          if (getComputedStyle(node).backgroundImage !== 'none') return;
        const { opacity, topmost } = opacityOf(target);
        let bg = backgroundOf(target);
        const textStyle = pseudo ? getComputedStyle(target, pseudo) : style;
        if (pseudo) {
          const own = parse(textStyle.backgroundColor);
          if (own && own[3] > 0) bg = over(own, bg);
        }
        let fg = over(parse(textStyle.color) ?? [0, 0, 0, 1], bg);
        if (topmost) {
          const backdrop = backgroundOf(topmost.parentElement);
          fg = mix(fg, backdrop, opacity);
          bg = mix(bg, backdrop, opacity);
        }
        const [light, dark] = [luminance(fg), luminance(bg)].sort((a, b) => b - a) as [number, number];
        const ratio = (light + 0.05) / (dark + 0.05);
        const size = parseFloat(textStyle.fontSize);
        const large = size >= 24 || (size >= 18.66 && Number(textStyle.fontWeight) >= 700);
        if (ratio < (large ? 3 : 4.5))
          found.push(
            `${state} <${target.tagName.toLowerCase()}${pseudo ?? ''} class="${target.getAttribute('class') ?? ''}"> "${text.slice(0, 40)}" ${ratio.toFixed(2)}:1 (${textStyle.color} on rgb(${bg.slice(0, 3).map(Math.round).join(', ')}))`,
          );
      });
      return found;
    };
  });
}

declare global {
  interface Window {
    /** Installed in the page by installContrastProbe: the low-contrast controls of one state. */
    kreideLowContrast?: (selector: string, state: string, only?: number) => string[];
    /** Whether a control shows text of its own (a checkbox does not, in any state). */
    kreideCarriesText?: (el: Element) => boolean;
  }
}

/** The controls below 4.5:1 (3:1 for large text) as the page is now, or those of one control (`only`). */
async function lowContrast(page: Page, state: string, only?: number): Promise<string[]> {
  return page.evaluate(({ selector, state, only }) => window.kreideLowContrast!(selector, state, only), {
    selector: CONTROLS,
    state,
    only,
  });
}

/**
 * Every control of the page in every state it can be in: as it is, disabled (buttons and file
 * inputs, the controls the app disables while it works or uploads; it never disables a select or
 * a text field, so forcing that would measure a state no teacher meets), marked current the way
 * the app marks it (`aria-current` on links and buttons of a navigation), hovered and focused.
 */
async function contrastInEveryState(page: Page): Promise<string[]> {
  await installContrastProbe(page);
  const found = await lowContrast(page, 'default');
  // Disabled and current, forced onto every control that can have them, then put back.
  const forced = async (state: 'disabled' | 'current') => {
    await page.evaluate(
      ({ selector, state }) => {
        for (const el of document.querySelectorAll(selector)) {
          const marker = `data-forced-${state}`;
          const disableable = el instanceof HTMLButtonElement || (el instanceof HTMLInputElement && el.type === 'file');
          if (state === 'disabled' && disableable && !el.disabled) {
            el.disabled = true;
            el.setAttribute(marker, '');
          }
          if (state === 'current' && el.closest('nav') && !el.hasAttribute('aria-current')) {
            el.setAttribute('aria-current', el.tagName === 'BUTTON' ? 'step' : 'page');
            el.setAttribute(marker, '');
          }
        }
      },
      { selector: CONTROLS, state },
    );
    found.push(...(await lowContrast(page, state)));
    await page.evaluate(
      ({ state }) => {
        for (const el of document.querySelectorAll(`[data-forced-${state}]`)) {
          if (state === 'disabled') (el as HTMLButtonElement).disabled = false;
          else el.removeAttribute('aria-current');
          el.removeAttribute(`data-forced-${state}`);
        }
      },
      { state },
    );
  };
  await forced('disabled');
  await forced('current');
  // Hovered with the real mouse (a hovered control hovers its ancestors too, which a forced
  // `:hover` would not), then measured hovered, and hovered and focused, in one call: three round
  // trips a control. Only one control of each look is hovered: controls whose chain from the page
  // down to them has the same tags, classes, inline styles and the attributes and positions our
  // stylesheets select on (styleSignature) get the same styles when hovered or focused, so a list
  // of fifty material links costs one control's round trips, not fifty.
  const representatives = await page.evaluate((selector) => {
    // What a selector in our stylesheets can tell two controls apart by (grep the CSS for
    // attribute selectors and structural pseudo-classes when adding one).
    const STYLED_ATTRIBUTES = ['aria-invalid', 'aria-current', 'aria-selected', 'aria-expanded', 'type', 'disabled'];
    const styleSignature = (el: Element) => {
      const parts: string[] = [];
      for (let node: Element | null = el; node; node = node.parentElement) {
        const attributes = STYLED_ATTRIBUTES.map((name) => node!.getAttribute(name) ?? '').join(',');
        // `:nth-child(n + 9)` is the only structural pseudo-class in our stylesheets, `:empty` the
        // only one about content.
        const position = [...(node.parentElement?.children ?? [])].indexOf(node) >= 8 ? 'ninth or later' : '';
        const empty = node.childNodes.length === 0 ? 'empty' : '';
        parts.push(
          `${node.tagName}.${node.getAttribute('class') ?? ''}[${node.getAttribute('style') ?? ''}|${attributes}|${position}|${empty}]`,
        );
      }
      return parts.join('<');
    };
    const seen = new Set<string>();
    const chosen: number[] = [];
    document.querySelectorAll(selector).forEach((el, i) => {
      // Nothing to read in any state (the classification step's 270 checkboxes): not hovered.
      if (!window.kreideCarriesText!(el)) return;
      // Visible as Playwright counts it: a box with an area, not `visibility: hidden`.
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') return;
      const signature = styleSignature(el);
      if (seen.has(signature)) return;
      seen.add(signature);
      chosen.push(i);
    });
    return chosen;
  }, CONTROLS);
  for (const i of representatives) {
    const centre = await page.evaluate(
      ({ selector, i }) => {
        const el = document.querySelectorAll(selector)[i];
        if (!el) return null;
        el.scrollIntoView({ block: 'center', inline: 'center' });
        const seen = el.getBoundingClientRect();
        return { x: seen.left + seen.width / 2, y: seen.top + seen.height / 2 };
      },
      { selector: CONTROLS, i },
    );
    if (!centre) continue;
    await page.mouse.move(centre.x, centre.y);
    found.push(
      ...(await page.evaluate(
        ({ selector, i }) => {
          const el = document.querySelectorAll(selector)[i] as HTMLElement;
          const hovered = window.kreideLowContrast!(selector, 'hover', i);
          el.focus();
          const focused = window.kreideLowContrast!(selector, 'focus', i);
          el.blur();
          return [...hovered, ...focused];
        },
        { selector: CONTROLS, i },
      )),
    );
  }
  await page.mouse.move(0, 0);
  return [...new Set(found)];
}

for (const world of WORLDS) {
  test(`no cabinet or account page scrolls sideways at 320 px, for a buyer and a seller (${world})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const wide: string[] = [];
    for (const email of ['buyer@demo.test', 'seller@demo.test'] as const) {
      const context = await signedIn(browser, baseURL!, email, { width: 320, height: 720 });
      const page = await context.newPage();
      const paths = AREA_PAGES.map((id) => pathForRoute(world, id));
      if (email === 'seller@demo.test') {
        const id = await publishedMaterial(context, baseURL!, world);
        for (const step of UPLOAD_STEPS) paths.push(`${pathFor(world, 'cabinet-first-upload')}/${id}?step=${step}`);
      }
      for (const path of paths) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBeLessThan(500);
        // The author redirect leaves for the author page or the sales on its own once it knows
        // who is asking: measure where it lands, after that navigation, not while it is running
        // (the next `goto` would be aborted by it).
        if (REDIRECTS.has(path)) await page.waitForURL((url) => url.pathname !== path);
        if (path.includes('?step=')) await interactive(page);
        const overflow = await sidewaysOverflow(page);
        if (overflow > 0) wide.push(`${email} ${path} (${new URL(page.url()).pathname}): ${320 + overflow} px`);
      }
      await context.close();
    }
    expect(wide).toEqual([]);
  });

  test(`every control of the cabinet is readable in every state (${world})`, async ({ browser, baseURL }) => {
    test.setTimeout(480_000);
    const context = await signedIn(browser, baseURL!, 'seller@demo.test');
    const page = await context.newPage();
    const id = await publishedMaterial(context, baseURL!, world);
    const paths = [
      ...CABINET_PAGES.map((route) => pathForRoute(world, route)),
      ...UPLOAD_STEPS.map((step) => `${pathFor(world, 'cabinet-first-upload')}/${id}?step=${step}`),
    ];
    const unreadable: string[] = [];
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(500);
      await interactive(page);
      if (path.includes('step=price')) await expect(page.getByTestId('price-recommendation')).toBeVisible();
      for (const line of await contrastInEveryState(page)) unreadable.push(`${path}: ${line}`);
    }
    expect(unreadable).toEqual([]);
    await context.close();
  });

  test(`the sales tables show every column at 1280 px and scroll in a keyboard region at 320 px (${world})`, async ({
    browser,
    baseURL,
  }) => {
    const context = await signedIn(browser, baseURL!, 'seller@demo.test');
    const page = await context.newPage();
    const cut: string[] = [];
    for (const route of ['cabinet-sales', 'cabinet-evaluation', 'cabinet-materials', 'cabinet-fees'] as const) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(pathFor(world, route));
      const regions = page.locator('main [role="region"]');
      if (route === 'cabinet-sales') await expect(page.getByTestId('sales-list')).toBeVisible();
      for (let i = 0; i < (await regions.count()); i++) {
        const region = regions.nth(i);
        if (!(await region.isVisible())) continue;
        const hidden = await region.evaluate((el) => el.scrollWidth - el.clientWidth);
        if (hidden > 0) cut.push(`${route}: ${await region.getAttribute('aria-label')} cut off by ${hidden} px`);
      }
      await page.setViewportSize({ width: 320, height: 720 });
      await page.goto(pathFor(world, route));
      expect(await sidewaysOverflow(page), route).toBeLessThanOrEqual(0);
      for (let i = 0; i < (await regions.count()); i++) {
        await expect(regions.nth(i)).toHaveAttribute('tabindex', '0');
        await expect(regions.nth(i)).toHaveAttribute('aria-label', /\S/);
      }
      const axe = await new AxeBuilder({ page }).withRules(['scrollable-region-focusable']).analyze();
      expect(axe.violations.map((v) => `${route}: ${v.id}`)).toEqual([]);
    }
    // At 1280 px every column shows: no table region has to scroll.
    expect(cut).toEqual([]);
    await context.close();
  });
}

test('the credit history fits 320 px whichever order references it lists (gr)', async ({ browser, baseURL }) => {
  // The demo buyer has credit entries in gr once a journey refunded to credit; her welcome credit
  // is always there. An order reference is one word whose width depends on its random letters:
  // the widest letters stand in for it, so the check does not depend on which ones were drawn.
  const context = await signedIn(browser, baseURL!, 'buyer@demo.test', { width: 320, height: 720 });
  const page = await context.newPage();
  await page.goto(pathFor('gr', 'cabinet-credit'));
  await expect(page.getByTestId('credit-history')).toBeVisible();
  await page.getByTestId('credit-history').evaluate((table) => {
    for (const cell of table.querySelectorAll('tbody td:nth-child(2)'))
      cell.textContent = 'Επιστροφή χρημάτων · K-WWWWWWWWWW';
  });
  expect(await sidewaysOverflow(page)).toBe(0);
  await context.close();
});

test('a released version stays confirmed and announced after the panel closes and the previews refresh (gr)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const world: WorldCode = 'gr';
  const context = await signedIn(browser, baseURL!, 'seller@demo.test');
  const page = await context.newPage();
  const id = await publishedMaterial(context, baseURL!, world);
  await page.goto(`${pathFor(world, 'cabinet-first-upload')}/${id}?step=files`);
  await interactive(page);
  await page.getByTestId('main-file').setInputFiles({
    name: 'layout-v2.pdf',
    mimeType: 'application/pdf',
    buffer: await worksheet(3, 'Layout Version zwei'),
  });
  await expect(page.getByTestId('release-version')).toBeVisible();
  await page.getByTestId('release').click();
  await expect(page.getByTestId('release-version')).toHaveCount(0);
  const notice = page.getByTestId('release-notice');
  await expect(notice).toHaveAttribute('role', 'status');
  await expect(notice).toContainText('2');
  await expect(notice).toBeVisible();
  // The new version's previews render and the steps read the material again: still there.
  await expect(page.getByTestId('preview-status')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await page.waitForTimeout(1_500);
  await expect(notice).toContainText('2');
  await expect(notice).toBeVisible();
  await context.close();
});

for (const world of WORLDS) {
  test(`a material that is not one's own in the upload steps is the cabinet's not-found page, leading to the bought materials and home (${world})`, async ({
    browser,
    baseURL,
  }) => {
    // A seller asking for an id they have no material under, and a teacher who does not sell asking
    // for a material's steps at all (no "become a seller" offer on a material's address), both get
    // a 404 with the cabinet's not-found state; another seller's material is selling.spec.ts's.
    for (const email of ['seller@demo.test', 'buyer@demo.test'] as const) {
      const context = await signedIn(browser, baseURL!, email);
      const page = await context.newPage();
      const response = await page.goto(`${pathFor(world, 'cabinet-first-upload')}/999999999?step=details`);
      expect(response?.status(), email).toBe(404);
      const state = page.locator('[data-state="not-found"]');
      await expect(state).toBeVisible();
      await expect(page.getByTestId('become-seller-panel')).toHaveCount(0);
      const links = await state
        .locator('a')
        .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      expect(links, email).toEqual([pathFor(world, 'cabinet-bought'), pathFor(world, 'home')]);
      await context.close();
    }
  });
}
