import { formatPrice } from '@/lib/pricing/format-price';
import { isOnSale } from '@/lib/catalog/labels';
import { markup, type SafeHtml } from '@/lib/text/html';
import type { World } from '@/lib/worlds/worlds';

interface PriceProps {
  world: World;
  priceCents: number;
  currency: string;
  salePriceCents: number | null;
  saleEndsAt: string | null;
  freeLabel: string;
  previousPriceLabel: string;
  className?: string;
}

/** What a price shows: "free", or the price to pay and, during a sale, the previous one. */
function priceParts({
  world,
  priceCents,
  currency,
  salePriceCents,
  saleEndsAt,
}: PriceProps): { free: true } | { free: false; current: string; previous: string | null } {
  if (priceCents === 0) return { free: true };
  const previous = formatPrice(priceCents, currency, world.locale);
  if (isOnSale({ salePriceCents, saleEndsAt }) && salePriceCents !== null)
    return { free: false, current: formatPrice(salePriceCents, currency, world.locale), previous };
  return { free: false, current: previous, previous: null };
}

/**
 * A material's price in the world's format (lib/pricing/format-price.ts), with the old price
 * struck through during a sale.
 */
export function Price(props: PriceProps) {
  const { freeLabel, previousPriceLabel, className } = props;
  const parts = priceParts(props);
  if (parts.free) return <span className={`price price-free ${className ?? ''}`}>{freeLabel}</span>;
  return (
    <span className={`price ${className ?? ''}`} data-testid="price">
      {parts.previous !== null ? (
        <>
          <span className="price-current">{parts.current}</span>{' '}
          <del className="price-previous" aria-label={previousPriceLabel}>
            {parts.previous}
          </del>
        </>
      ) : (
        <span className="price-current">{parts.current}</span>
      )}
    </span>
  );
}

/** The same price as markup, for cards written as HTML (components/catalog/material-card.tsx). */
export function priceHtml(props: PriceProps): SafeHtml {
  const { freeLabel, previousPriceLabel, className } = props;
  const parts = priceParts(props);
  if (parts.free) return markup`<span class="price price-free ${className ?? ''}">${freeLabel}</span>`;
  const current = markup`<span class="price-current">${parts.current}</span>`;
  const previous =
    parts.previous === null
      ? null
      : markup` <del class="price-previous" aria-label="${previousPriceLabel}">${parts.previous}</del>`;
  return markup`<span class="price ${className ?? ''}" data-testid="price">${current}${previous}</span>`;
}
