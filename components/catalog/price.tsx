import { formatPrice } from '@/lib/pricing/format-price';
import { isOnSale } from '@/lib/catalog/labels';
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

/**
 * A material's price in the world's format (lib/pricing/format-price.ts), with the old price
 * struck through during a sale.
 */
export function Price({
  world,
  priceCents,
  currency,
  salePriceCents,
  saleEndsAt,
  freeLabel,
  previousPriceLabel,
  className,
}: PriceProps) {
  if (priceCents === 0) return <span className={`price price-free ${className ?? ''}`}>{freeLabel}</span>;
  const sale = isOnSale({ salePriceCents, saleEndsAt });
  return (
    <span className={`price ${className ?? ''}`} data-testid="price">
      {sale && salePriceCents !== null ? (
        <>
          <span className="price-current">{formatPrice(salePriceCents, currency, world.locale)}</span>{' '}
          <del className="price-previous" aria-label={previousPriceLabel}>
            {formatPrice(priceCents, currency, world.locale)}
          </del>
        </>
      ) : (
        <span className="price-current">{formatPrice(priceCents, currency, world.locale)}</span>
      )}
    </span>
  );
}
