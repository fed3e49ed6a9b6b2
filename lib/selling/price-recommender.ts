/**
 * The price recommender on the seller's price field: what similar materials of the same world
 * sell for, as a typical range and one suggested price with the reasons behind it. Pure, so the
 * rule can be read, tested and explained on its own; lib/selling/price-comparables.ts finds the
 * materials it is fed with.
 *
 * The rule, step by step (every amount is an integer count of the currency's minor unit):
 *
 * 1. Weight. Each comparable counts with
 *      sales      1 + ln(1 + sales): a bestseller says more about what buyers accept than an
 *                 unsold material, but the logarithm keeps one hit from drowning out the rest;
 *    × subject    2 when it shares our subject;
 *    × type       1.5 when it shares our material type (the subject says more about the audience);
 *    × pages      1 / (1 + |ln(their pages / our pages)|): 1 for the same page count, about 0.6
 *                 for double or half, about 0.5 for triple or a third.
 * 2. Range. The weighted 25th to 75th percentile of the prices. Percentiles pick real prices of
 *    real materials (no interpolation), so the range is always a pair of prices someone charges;
 *    a material right on a quartile is counted inside the range, at either end alike.
 * 3. Suggestion. The weighted median price, nudged for our page count against the comparables'
 *    typical (weighted median) page count: the price follows the fourth root of the page ratio
 *    (twice the pages, about 19 % more), held within 0.8–1.25 ×, and not nudged at all when our
 *    page count is within 10 % of the typical one. The result is kept inside the range, then moved
 *    to the nearest price that ends like the prices people expect: one minor unit below a multiple
 *    of 50 (€4.49 or €4.99), of 500 from €100.00 on, of 5 000 from €1 000.00 on, and so on (the
 *    ending scales with the amount, so 1 499.99 forints or 4 999 won look as natural as €4.99).
 *    When no such price lies inside the range, the unrounded one is suggested.
 * 4. Limits. The suggestion never goes below the world's minimum paid price or above the maximum,
 *    even where the comparables do; the range stays as observed, since it tells what others charge.
 * 5. Honesty. With fewer than three comparables there is no range and no suggestion, only the
 *    reason `too_few_comparables`: two prices are an anecdote, not a market.
 *
 * The reasons are machine codes with values; the UI translates them.
 */

/** The reason codes a recommendation can carry, in the order they are given. */
export const PRICE_REASON_CODES = [
  'based_on',
  'typical_range',
  'bestsellers_price',
  'page_count',
  'too_few_comparables',
] as const;

export type PriceReasonCode = (typeof PRICE_REASON_CODES)[number];

/** One published, paid material like ours, as lib/selling/price-comparables.ts finds them. */
export interface ComparableMaterial {
  priceCents: number;
  salesCount: number;
  pages: number;
  sameSubject: boolean;
  sameType: boolean;
}

/**
 * The values each reason code carries, by name. The UI builds its texts' arguments from these
 * names one by one (lib/selling/price-recommendation-text.ts), so a renamed value is a type error
 * there instead of a placeholder shown to the seller.
 */
export interface PriceReasonValues {
  based_on: { count: number; sameSubject: number; sameType: number; sameSubjectAndType: number };
  typical_range: { low: number; high: number; currency: string };
  bestsellers_price: { priceCents: number; count: number; currency: string };
  page_count: { pages: number; typicalPages: number; direction: 'more' | 'fewer' | 'similar' };
  too_few_comparables: { count: number; needed: number };
}

export type PriceReason = { [C in PriceReasonCode]: { code: C; values: PriceReasonValues[C] } }[PriceReasonCode];

export interface PriceRecommendation {
  currency: string;
  /** How many comparables the recommendation is based on (after dropping unusable ones). */
  comparables: number;
  /** The weighted 25th–75th percentile of the comparables' prices; null with too few. */
  rangeCents: { low: number; high: number } | null;
  /** The suggested price; null with too few comparables. */
  suggestedCents: number | null;
  /** Machine codes with their values, translated by the UI. */
  reasons: PriceReason[];
}

/** Below this many comparables nothing is recommended. */
export const MIN_COMPARABLES = 3;
/** The lowest paid price when the caller does not pass the world's own. */
export const DEFAULT_MINIMUM_CENTS = 50;
/** The highest price ever suggested when the caller does not pass one. */
export const DEFAULT_MAXIMUM_CENTS = 100_00;

const SAME_SUBJECT_FACTOR = 2;
const SAME_TYPE_FACTOR = 1.5;
/** How strongly the price follows the page count: price ∝ pages^0.25. */
const PAGE_ELASTICITY = 0.25;
const PAGE_NUDGE_MIN = 0.8;
const PAGE_NUDGE_MAX = 1.25;
/** Page counts within this share of the typical one count as "similar" and are not nudged for. */
const SIMILAR_PAGES_TOLERANCE = 0.1;
/** The pages column is a smallint; nothing larger is a real page count. */
const MAX_PAGES = 32_767;

export function recommendPrice(input: {
  currency: string;
  pages: number;
  comparables: ComparableMaterial[];
  /** The world's minimum paid price (default 50). */
  minimumCents?: number;
  /** The highest price to suggest (default 100_00). */
  maximumCents?: number;
}): PriceRecommendation {
  const minimum = input.minimumCents ?? DEFAULT_MINIMUM_CENTS;
  const maximum = input.maximumCents ?? DEFAULT_MAXIMUM_CENTS;
  if (!Number.isSafeInteger(minimum) || minimum < 1) throw new RangeError(`recommendPrice: bad minimum ${minimum}`);
  if (!Number.isSafeInteger(maximum) || maximum < minimum)
    throw new RangeError(`recommendPrice: bad maximum ${maximum}`);

  const ourPages = sanePages(input.pages);
  // A price that is not a positive whole amount cannot be compared with; it is left out, not guessed.
  const usable = input.comparables
    .filter((c) => Number.isSafeInteger(c.priceCents) && c.priceCents > 0)
    .map((c) => ({
      priceCents: c.priceCents,
      salesCount: Number.isFinite(c.salesCount) && c.salesCount > 0 ? c.salesCount : 0,
      pages: sanePages(c.pages),
      sameSubject: c.sameSubject === true,
      sameType: c.sameType === true,
    }));

  if (usable.length < MIN_COMPARABLES) {
    return {
      currency: input.currency,
      comparables: usable.length,
      rangeCents: null,
      suggestedCents: null,
      reasons: [{ code: 'too_few_comparables', values: { count: usable.length, needed: MIN_COMPARABLES } }],
    };
  }

  const weighted = usable.map((c) => ({ ...c, weight: weightOf(c, ourPages) }));
  const prices = weightedQuantiles(weighted, (c) => c.priceCents);
  const { low, high } = prices.range;
  const typicalPages = weightedQuantiles(weighted, (c) => c.pages).median;

  const direction = pageDirection(ourPages, typicalPages);
  const nudge =
    direction === 'similar'
      ? 1
      : clamp(Math.pow(ourPages / typicalPages, PAGE_ELASTICITY), PAGE_NUDGE_MIN, PAGE_NUDGE_MAX);
  const suggestedCents = fitSuggestion(Math.round(prices.median * nudge), { low, high }, minimum, maximum);

  const reasons: PriceReason[] = [
    {
      code: 'based_on',
      values: {
        count: usable.length,
        sameSubject: usable.filter((c) => c.sameSubject).length,
        sameType: usable.filter((c) => c.sameType).length,
        sameSubjectAndType: usable.filter((c) => c.sameSubject && c.sameType).length,
      },
    },
    { code: 'typical_range', values: { low, high, currency: input.currency } },
  ];
  const bestsellers = bestsellersPrice(usable);
  if (bestsellers) {
    reasons.push({ code: 'bestsellers_price', values: { ...bestsellers, currency: input.currency } });
  }
  reasons.push({ code: 'page_count', values: { pages: ourPages, typicalPages, direction } });

  return { currency: input.currency, comparables: usable.length, rangeCents: { low, high }, suggestedCents, reasons };
}

/** A whole page count within the column's bounds; anything unusable counts as one page. */
function sanePages(pages: number): number {
  if (!Number.isFinite(pages) || pages < 1) return 1;
  return Math.min(MAX_PAGES, Math.round(pages));
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

function weightOf(c: { salesCount: number; pages: number; sameSubject: boolean; sameType: boolean }, ourPages: number) {
  const sales = 1 + Math.log1p(c.salesCount);
  const similarity = (c.sameSubject ? SAME_SUBJECT_FACTOR : 1) * (c.sameType ? SAME_TYPE_FACTOR : 1);
  const pageCloseness = 1 / (1 + Math.abs(Math.log(c.pages / ourPages)));
  return sales * similarity * pageCloseness;
}

/**
 * Weighted quantiles that are prices (or page counts) of real materials, never interpolated:
 * sorted by value, each material holds a stretch of the total weight as long as its weight.
 * `fromBelow(p)` is the value whose stretch reaches the share p counted from the cheapest,
 * `fromAbove(p)` the one counted from the dearest. When p falls exactly between two materials,
 * both are on the inside: the range 25–75 % then includes the materials at its edges on both
 * sides alike, and the median is the mean of the two, as the median of an even count is.
 */
function weightedQuantiles<T extends { weight: number }>(items: T[], valueOf: (item: T) => number) {
  const sorted = [...items].sort((a, b) => valueOf(a) - valueOf(b));
  const total = sorted.reduce((sum, item) => sum + item.weight, 0);
  // Summing floats in another order gives a slightly different total: allow for that noise, or
  // an exact quarter of equal weights would fall on one side in one direction only.
  const reached = (cumulative: number, share: number) => cumulative >= share * total * (1 - 1e-12);
  const walk = (order: T[], share: number) => {
    let cumulative = 0;
    for (const item of order) {
      cumulative += item.weight;
      if (reached(cumulative, share)) return valueOf(item);
    }
    return valueOf(order[order.length - 1]!);
  };
  const fromBelow = (p: number) => walk(sorted, p);
  const fromAbove = (p: number) => walk([...sorted].reverse(), 1 - p);
  return {
    range: { low: fromBelow(0.25), high: fromAbove(0.75) },
    median: Math.round((fromBelow(0.5) + fromAbove(0.5)) / 2),
  };
}

function pageDirection(ours: number, typical: number): 'more' | 'fewer' | 'similar' {
  if (ours > typical * (1 + SIMILAR_PAGES_TOLERANCE)) return 'more';
  if (ours * (1 + SIMILAR_PAGES_TOLERANCE) < typical) return 'fewer';
  return 'similar';
}

/**
 * The median price of the best-selling quarter (at least one material), or null when none of
 * them ever sold: "bestsellers" that never sold would be a misleading name for a handful of prices.
 */
function bestsellersPrice(items: { priceCents: number; salesCount: number }[]) {
  const top = [...items].sort((a, b) => b.salesCount - a.salesCount).slice(0, Math.ceil(items.length / 4));
  if (!top.some((c) => c.salesCount > 0)) return null;
  const prices = top.map((c) => c.priceCents).sort((a, b) => a - b);
  // The lower middle for an even count: a price someone actually charges, not an average of two.
  return { priceCents: prices[Math.floor((prices.length - 1) / 2)]!, count: top.length };
}

/**
 * Steps 3 and 4 of the rule: inside the range and the allowed limits, at the nearest familiar
 * price ending. When the whole range lies outside the limits, the nearer limit itself.
 */
function fitSuggestion(target: number, range: { low: number; high: number }, minimum: number, maximum: number): number {
  const low = Math.max(range.low, minimum);
  const high = Math.min(range.high, maximum);
  if (low > high) return range.high < minimum ? minimum : maximum;
  const inside = clamp(target, low, high);
  return nearestFamiliarPrice(inside, low, high) ?? inside;
}

/**
 * The price ending "…49 / …99" scaled to the amount: one minor unit below a multiple of 50 below
 * 10 000 minor units, of 500 below 100 000, and so on — about two significant figures.
 */
function familiarStep(amount: number): number {
  const digits = String(Math.max(1, Math.trunc(amount))).length;
  return 50 * 10 ** Math.max(0, digits - 4);
}

/** The familiar price (see familiarStep) nearest to `target` within [low, high]; the lower one on a tie. */
function nearestFamiliarPrice(target: number, low: number, high: number): number | null {
  const step = familiarStep(target);
  const k = Math.round((target + 1) / step);
  let best: number | null = null;
  for (const candidate of [(k - 1) * step - 1, k * step - 1, (k + 1) * step - 1]) {
    if (candidate < low || candidate > high) continue;
    const distance = Math.abs(candidate - target);
    if (best === null || distance < Math.abs(best - target)) best = candidate;
  }
  return best;
}
