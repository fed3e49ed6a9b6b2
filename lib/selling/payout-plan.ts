/**
 * The arithmetic of a monthly payout, without a database: which order items a run settles, what
 * each seller is owed per currency, and whether it is paid or carried over. lib/selling/payouts.ts
 * reads the items and writes the plan; this module decides.
 */
import { convertCents } from '@/lib/pricing/exchange-rates';

/** A month, 'YYYY-MM' (UTC). */
export const PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The first instant of a period and of the month after it (UTC); null for a malformed period. */
export function periodBounds(period: string): { start: Date; end: Date } | null {
  const match = PERIOD_PATTERN.exec(period);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]) - 1;
  return { start: new Date(Date.UTC(year, month, 1)), end: new Date(Date.UTC(year, month + 1, 1)) };
}

/** The month before the one `now` is in (UTC): what the run on the 1st pays out. */
export function previousPeriod(now: Date): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * The smallest payout sent, in euro cents: a transfer of a few cents costs more to handle than it
 * is worth, and sellers are used to a threshold (TPT, Gumroad). A smaller balance waits for the
 * next month. Other currencies use the same value converted at the reference rates.
 */
export const MINIMUM_PAYOUT_EUR_MINOR = 1000;

/**
 * The minimum payout in `currency`'s minor units: MINIMUM_PAYOUT_EUR_MINOR at the reference rate
 * (a threshold, not an amount that is paid, so the rate's rounding is harmless). A currency
 * without a rate has no known minimum and is never paid by this rule.
 */
export function minimumPayoutMinor(currency: string): number {
  return convertCents(MINIMUM_PAYOUT_EUR_MINOR, 'EUR', currency) ?? Number.MAX_SAFE_INTEGER;
}

/** One order item as a run sees it. */
export interface PayoutItem {
  orderItemId: number;
  sellerId: number;
  /** The order's currency. */
  currency: string;
  /** The seller's share recorded with the sale (the tier of that moment), in minor units. */
  shareMinor: number;
  /** When the order was paid. */
  paidAt: Date;
  /** When the item was refunded; null while it is not. */
  refundedAt: Date | null;
  /** What an earlier run paid for the item (its sale line); null while nothing was paid. */
  paidOutMinor: number | null;
  /** Whether an earlier run already took the refund back (its refund line). */
  refundSettled: boolean;
}

export type PayoutStatus = 'paid' | 'carried_over' | 'held_no_bank_details' | 'held_unsupported_currency';

/** A line of a planned payout. */
export interface PlannedLine {
  orderItemId: number;
  /** What the line is due for: the item's share, or taking a paid share back. */
  due: 'sale' | 'refund';
  /** As stored: `due` when the payout is paid; 'carry' (settles nothing) when it is not. */
  kind: 'sale' | 'refund' | 'carry';
  amountMinor: number;
}

export interface PlannedPayout {
  sellerId: number;
  currency: string;
  amountMinor: number;
  status: PayoutStatus;
  lines: PlannedLine[];
}

export interface PayoutRules {
  /** The end of the run's period: sales and refunds from this instant on belong to later runs. */
  periodEnd: Date;
  /** Whether a provider can send money in this currency. */
  canPay(currency: string): boolean;
  hasBankDetails(sellerId: number): boolean;
  /** The smallest amount paid in this currency (minor units). */
  minimumMinor(currency: string): number;
}

/**
 * What an item adds to a run, if anything:
 * - an item never paid out is due with its recorded share once its order was paid before the
 *   period's end, unless it was refunded meanwhile (whenever that was): a share refunded before
 *   it was paid is simply never paid;
 * - an item paid out by an earlier run and refunded before the period's end is taken back with
 *   what was paid for it, once;
 * - anything else (a refund after the period's end, a settled refund) waits or is done.
 */
export function lineDue(item: PayoutItem, periodEnd: Date): Omit<PlannedLine, 'kind'> | null {
  if (item.paidOutMinor === null) {
    if (item.refundedAt !== null || item.paidAt >= periodEnd || item.shareMinor === 0) return null;
    return { orderItemId: item.orderItemId, due: 'sale', amountMinor: item.shareMinor };
  }
  if (item.refundSettled || item.refundedAt === null || item.refundedAt >= periodEnd || item.paidOutMinor === 0)
    return null;
  return { orderItemId: item.orderItemId, due: 'refund', amountMinor: -item.paidOutMinor };
}

/**
 * Groups what is due by seller and currency and decides each payout: held when no provider pays
 * the currency or the seller has no bank details, carried over when the sum is below the minimum
 * (zero and negative sums included: refunds larger than new sales), paid otherwise. Only a paid
 * payout settles its lines; the others keep them as `carry` lines, so the next run finds exactly
 * the same items again (minus any refunded meanwhile) and the carried amount is never counted
 * twice or lost. Sorted by seller, then currency; lines by item, sales before refunds.
 */
export function planPayouts(items: readonly PayoutItem[], rules: PayoutRules): PlannedPayout[] {
  const groups = new Map<string, { sellerId: number; currency: string; lines: Omit<PlannedLine, 'kind'>[] }>();
  for (const item of items) {
    const line = lineDue(item, rules.periodEnd);
    if (!line) continue;
    const key = `${item.sellerId}|${item.currency}`;
    let group = groups.get(key);
    if (!group) {
      group = { sellerId: item.sellerId, currency: item.currency, lines: [] };
      groups.set(key, group);
    }
    group.lines.push(line);
  }
  const planned = [...groups.values()].map((group): PlannedPayout => {
    const amountMinor = group.lines.reduce((sum, line) => sum + line.amountMinor, 0);
    const status: PayoutStatus = !rules.canPay(group.currency)
      ? 'held_unsupported_currency'
      : !rules.hasBankDetails(group.sellerId)
        ? 'held_no_bank_details'
        : amountMinor <= 0 || amountMinor < rules.minimumMinor(group.currency)
          ? 'carried_over'
          : 'paid';
    const lines = group.lines
      .map((line): PlannedLine => ({ ...line, kind: status === 'paid' ? line.due : 'carry' }))
      .sort((a, b) => a.orderItemId - b.orderItemId || (a.due === b.due ? 0 : a.due === 'sale' ? -1 : 1));
    return { sellerId: group.sellerId, currency: group.currency, amountMinor, status, lines };
  });
  return planned.sort(
    (a, b) => a.sellerId - b.sellerId || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0),
  );
}
