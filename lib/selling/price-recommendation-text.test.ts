import { getMessages, type Messages } from '@/lib/i18n/messages';
import { formatPrice } from '@/lib/pricing/format-price';
import { LANGUAGES, WORLDS } from '@/lib/worlds/worlds';
import { recommendationLines, type RecommendTexts } from './price-recommendation-text';
import { PRICE_REASON_CODES, recommendPrice, type ComparableMaterial } from './price-recommender';

const comparable = (priceCents: number, overrides: Partial<ComparableMaterial> = {}): ComparableMaterial => ({
  priceCents,
  salesCount: 0,
  pages: 10,
  sameSubject: true,
  sameType: true,
  ...overrides,
});

/** Answers of the real recommender that, together, carry every reason code it has. */
const ANSWERS = [
  recommendPrice({
    currency: 'EUR',
    pages: 24,
    comparables: [199, 249, 299, 349, 399, 499, 599, 799].map((price, i) => comparable(price, { salesCount: i * 3 })),
  }),
  recommendPrice({ currency: 'EUR', pages: 4, comparables: [299, 399, 499].map((price) => comparable(price)) }),
  recommendPrice({ currency: 'EUR', pages: 10, comparables: [comparable(299)] }),
];

const recommendTexts = (language: (typeof LANGUAGES)[number]) =>
  (((getMessages(language).seller as Messages).upload as Messages).price as Messages)
    .recommend as unknown as RecommendTexts;

describe('price recommendation texts', () => {
  it('covers every reason code the recommender gives', () => {
    const codes = new Set(ANSWERS.flatMap((answer) => answer.reasons.map((reason) => reason.code)));
    expect([...codes].sort()).toEqual([...PRICE_REASON_CODES].sort());
  });

  it.each(LANGUAGES)('fills every placeholder with the values the API sends, in %s', (language) => {
    const locale = WORLDS.find((world) => world.language === language)?.locale ?? language;
    const money = (cents: number) => formatPrice(cents, 'EUR', locale);
    for (const answer of ANSWERS) {
      const lines = recommendationLines(answer, recommendTexts(language), money);
      expect(lines.reasons.map((reason) => reason.code)).toEqual(answer.reasons.map((reason) => reason.code));
      const shown = [lines.range, lines.suggestion, lines.use, ...lines.reasons.map((reason) => reason.text)];
      expect(shown.filter((text) => text !== null && /\{[^}]*\}/.test(text))).toEqual([]);
    }
  });
});
