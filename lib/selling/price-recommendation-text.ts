import { fill } from '@/lib/text/fill';
import type english from '@/messages/en/seller.json';
import type { PriceReason, PriceReasonCode, PriceRecommendation } from './price-recommender';

/** The price recommender's texts (`seller.upload.price.recommend`). */
export type RecommendTexts = (typeof english)['upload']['price']['recommend'];

export interface RecommendationLines {
  range: string | null;
  suggestion: string | null;
  use: string | null;
  reasons: { code: PriceReasonCode; text: string }[];
}

/**
 * The texts of a price recommendation as the seller reads them: the API's reason codes and values
 * put into the translated sentences, amounts formatted by `money`. A reason without a text in
 * the language is left out rather than shown as a code.
 */
export function recommendationLines(
  answer: PriceRecommendation,
  t: RecommendTexts,
  money: (cents: number) => string,
): RecommendationLines {
  const reasonText = (reason: PriceReason) => {
    const template = (t.reasons as Record<string, string | undefined>)[reason.code];
    return template ? fill(template, reasonArguments(reason, money)) : null;
  };
  return {
    range: answer.rangeCents
      ? fill(t.range, { low: money(answer.rangeCents.low), high: money(answer.rangeCents.high) })
      : null,
    suggestion: answer.suggestedCents !== null ? fill(t.suggestion, { price: money(answer.suggestedCents) }) : null,
    use: answer.suggestedCents !== null ? fill(t.use, { price: money(answer.suggestedCents) }) : null,
    reasons: answer.reasons.flatMap((reason) => {
      const text = reasonText(reason);
      return text ? [{ code: reason.code, text }] : [];
    }),
  };
}

/**
 * The arguments of each reason's text, named as the texts name them and built value by value from
 * what the API sends: passing the API's values through by name showed `{typical}` and `{price}`
 * to every seller, because the API says `typicalPages` and `priceCents`.
 */
function reasonArguments(reason: PriceReason, money: (cents: number) => string): Record<string, string | number> {
  switch (reason.code) {
    case 'based_on':
      return { ...reason.values };
    case 'typical_range':
      return { low: money(reason.values.low), high: money(reason.values.high) };
    case 'bestsellers_price':
      return { price: money(reason.values.priceCents), count: reason.values.count };
    case 'page_count':
      return { pages: reason.values.pages, typical: reason.values.typicalPages };
    case 'too_few_comparables':
      return { count: reason.values.count, needed: reason.values.needed };
  }
}
