import { renderToStaticMarkup } from 'react-dom/server';
import { getWorld } from '@/lib/worlds/worlds';
import { labelsHtml, Labels } from './labels';
import { Price, priceHtml } from './price';

const base = {
  world: getWorld('gr'),
  priceCents: 1250,
  currency: 'EUR',
  salePriceCents: null,
  saleEndsAt: null,
  freeLabel: 'Δωρεάν',
  previousPriceLabel: 'πριν <&>',
};

describe('prices and labels written as markup for cards', () => {
  it.each([
    ['a price', base],
    ['a sale', { ...base, salePriceCents: 990, saleEndsAt: '2999-01-01T00:00:00.000Z' }],
    ['an ended sale', { ...base, salePriceCents: 990, saleEndsAt: '2000-01-01T00:00:00.000Z' }],
    ['a free material', { ...base, priceCents: 0 }],
    ['a class of its own', { ...base, className: 'material-price' }],
  ])('read the same as the components elsewhere: %s', (_, props) => {
    expect(priceHtml(props).value).toBe(renderToStaticMarkup(<Price {...props} />));
  });

  it('labels read the same as the component', () => {
    const texts = { bestseller: 'Best"seller', new: 'Νέο', sale: '<Sale>' };
    expect(labelsHtml(['bestseller', 'new', 'sale'], texts)?.value).toBe(
      renderToStaticMarkup(<Labels labels={['bestseller', 'new', 'sale']} texts={texts} />),
    );
    expect(labelsHtml([], texts)).toBeNull();
  });
});
