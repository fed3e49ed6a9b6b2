import { getTranslations } from 'next-intl/server';
import { formatPrice } from '@/lib/pricing/format-price';
import type { World } from '@/lib/worlds/worlds';
import styles from './commerce.module.css';

interface PriceSplitProps {
  world: World;
  currency: string;
  originalPrice: number;
  voucherDiscount: number;
  usedCredits: number;
  vat: { kind: string; country: string; rateBasisPoints: number; amount: number };
  finalPrice: number;
  /** Anonymous carts are taxed by the world's country until the billing address is known. */
  signedIn: boolean;
}

/** A VAT rate in basis points as the world writes a percentage (1900 → "19 %" in de). */
function formatRate(rateBasisPoints: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(rateBasisPoints / 10_000);
}

/**
 * The price split a buyer sees before paying and on the order: original price, voucher, credit,
 * the VAT contained for the buyer's country (or why there is none), and the total.
 */
export async function PriceSplit(props: PriceSplitProps) {
  const t = await getTranslations('cart');
  const money = (minor: number) => formatPrice(minor, props.currency, props.world.locale);
  const vatLine =
    props.vat.kind === 'eu-consumer' || props.vat.kind === 'domestic-business'
      ? t('split.vatIncluded', {
          rate: formatRate(props.vat.rateBasisPoints, props.world.locale),
          country: props.vat.country,
        })
      : t(`split.vatKinds.${props.vat.kind}`, { country: props.vat.country });
  return (
    <dl className={styles.split} data-testid="price-split">
      <dt>{t('split.original')}</dt>
      <dd data-testid="split-original">{money(props.originalPrice)}</dd>
      {props.voucherDiscount > 0 ? (
        <>
          <dt>{t('split.voucher')}</dt>
          <dd data-testid="split-voucher">−{money(props.voucherDiscount)}</dd>
        </>
      ) : null}
      {props.usedCredits > 0 ? (
        <>
          <dt>{t('split.credits')}</dt>
          <dd data-testid="split-credits">−{money(props.usedCredits)}</dd>
        </>
      ) : null}
      <dt>{vatLine}</dt>
      <dd data-testid="split-vat">{money(props.vat.amount)}</dd>
      <dt className={styles.total}>{t('total')}</dt>
      <dd className={styles.total} data-testid="split-total">
        {money(props.finalPrice)}
      </dd>
      {props.signedIn ? null : <dd className={styles.hint}>{t('split.vatAtCheckout')}</dd>}
    </dl>
  );
}
