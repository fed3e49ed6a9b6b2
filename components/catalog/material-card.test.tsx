/** @jest-environment jsdom */
jest.mock('next-intl/server', () => ({ getTranslations: jest.fn() }));
import { getWorld } from '@/lib/worlds/worlds';
import type { MaterialCard } from '@/lib/catalog/materials';
import { formatPrice } from '@/lib/pricing/format-price';
import { materialCardHtml } from './material-card';

const texts = {
  labels: { bestseller: 'Bestseller', new: 'Neu', sale: 'Sale' },
  free: 'Kostenlos',
  previousPrice: 'vorher',
  keep: 'Merken',
};
const material: MaterialCard = {
  id: 7,
  world: 'de',
  title: 'Brüche <img src=x onerror=alert(1)> & "Dezimalzahlen"',
  slug: 'brueche',
  priceCents: 450,
  currency: 'EUR',
  salePriceCents: 300,
  saleEndsAt: null,
  bestInCategories: [3],
  createdAt: '2020-01-01T00:00:00.000Z',
  coverPath: 'covers/7.webp',
  authorName: "Frau O'Brien </p><script>x()</script>",
  ratingAverage: null,
  ratingCount: 0,
};

function card(overrides: Partial<MaterialCard> = {}, eager = false, world = getWorld('de')) {
  const holder = document.createElement('div');
  holder.innerHTML = materialCardHtml(world, { ...material, ...overrides }, eager, texts).value;
  return holder.querySelector('article.card')!;
}

describe('a material card written as markup', () => {
  it('shows the title and author as text, however they are written', () => {
    const article = card();
    expect(article.querySelector('.card-title')?.textContent).toBe(material.title);
    expect(article.querySelector('.card-author')?.textContent).toBe(material.authorName);
    expect(article.querySelectorAll('script')).toHaveLength(0);
    expect(article.querySelectorAll('img')).toHaveLength(1);
  });

  it('links the world’s localised material path and loads the cover lazily unless asked', () => {
    expect(card().querySelector('a.card-link')?.getAttribute('href')).toBe('/de/material/7/brueche');
    expect(card({}, false, getWorld('it')).querySelector('a.card-link')?.getAttribute('href')).toMatch(
      /^\/it\/materiale\/7\/brueche$/,
    );
    const cover = card().querySelector('img.card-cover')!;
    expect(cover.getAttribute('src')).toBe('/media/covers/7.webp');
    expect(cover.getAttribute('loading')).toBe('lazy');
    expect(card({}, true).querySelector('img')?.getAttribute('loading')).toBe('eager');
    expect(card({ coverPath: null }).querySelector('img')).toBeNull();
  });

  it('shows the sale price with the previous one struck through, and its labels', () => {
    const article = card();
    expect(article.querySelector('[data-testid="price"] .price-current')?.textContent).toBe(
      formatPrice(300, 'EUR', 'de-DE'),
    );
    expect(article.querySelector('del.price-previous')?.textContent).toBe(formatPrice(450, 'EUR', 'de-DE'));
    expect(article.querySelector('del.price-previous')?.getAttribute('aria-label')).toBe('vorher');
    expect([...article.querySelectorAll('.label')].map((l) => l.getAttribute('data-label'))).toEqual([
      'bestseller',
      'sale',
    ]);
  });

  it('says free for a free material and shows no labels when none apply', () => {
    const article = card({ priceCents: 0, salePriceCents: null, bestInCategories: [] });
    expect(article.querySelector('.price-free')?.textContent).toBe('Kostenlos');
    expect(article.querySelector('.labels')).toBeNull();
  });
});

describe('the heart on a card', () => {
  it('is a submit button of the page’s keep form that adds the favourite without script, the same for every visitor', () => {
    const article = card();
    expect(article.querySelectorAll('form')).toHaveLength(0);
    const button = article.querySelector('button.keep-heart')!;
    expect(button.getAttribute('form')).toBe('keep-material');
    expect(button.getAttribute('name')).toBe('subjectId');
    expect(button.getAttribute('value')).toBe('7');
    expect(button.getAttribute('data-keep')).toBe('material');
    expect(button.getAttribute('data-keep-id')).toBe('7');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.getAttribute('aria-label')).toBe('Merken');
  });
});
