import { capPreviewSize, getMaterialLabels, isNewMaterial, isOnSale, isStandaloneInteractive } from './labels';

const now = new Date('2026-11-21T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 24 * 60 * 60 * 1000);

describe('the new-material window (14 days)', () => {
  it('is new just under 14 days', () => expect(isNewMaterial(new Date(daysAgo(14).getTime() + 1000), now)).toBe(true));
  it('is not new at exactly 14 days', () => expect(isNewMaterial(daysAgo(14), now)).toBe(false));
  it('accepts ISO strings', () => expect(isNewMaterial(daysAgo(2).toISOString(), now)).toBe(true));
});

describe('labels', () => {
  const base = { bestInCategories: [] as number[], createdAt: daysAgo(100), salePriceCents: null, saleEndsAt: null };
  it('has none for an ordinary material', () => expect(getMaterialLabels(base, now)).toEqual([]));
  it('shows Bestseller, New and Sale in that order', () => {
    expect(
      getMaterialLabels(
        { bestInCategories: [3], createdAt: daysAgo(1), salePriceCents: 299, saleEndsAt: daysAgo(-3) },
        now,
      ),
    ).toEqual(['bestseller', 'new', 'sale']);
  });
  it('drops Sale once the sale has ended', () => {
    expect(isOnSale({ salePriceCents: 299, saleEndsAt: daysAgo(1) }, now)).toBe(false);
    expect(isOnSale({ salePriceCents: 299, saleEndsAt: null }, now)).toBe(true);
  });
});

describe('standalone interactive', () => {
  it('is standalone when flagged', () => {
    expect(
      isStandaloneInteractive({ isStandaloneInteractive: true, interactiveId: null, fileTypes: ['material_file'] }),
    ).toBe(true);
  });
  it('is standalone with an interactive id and no main file', () => {
    expect(
      isStandaloneInteractive({ isStandaloneInteractive: false, interactiveId: 7, fileTypes: ['cover', 'sources'] }),
    ).toBe(true);
  });
  it('is not standalone with an interactive id and a main file', () => {
    expect(
      isStandaloneInteractive({ isStandaloneInteractive: false, interactiveId: 7, fileTypes: ['material_file'] }),
    ).toBe(false);
  });
  it('is not standalone without flag or id', () => {
    expect(isStandaloneInteractive({ isStandaloneInteractive: false, interactiveId: null, fileTypes: [] })).toBe(false);
  });
});

describe('preview height cap (500)', () => {
  it('scales tall previews down keeping the ratio', () =>
    expect(capPreviewSize(794, 1123)).toEqual({ width: 353.52, height: 500 }));
  it('keeps the file’s ratio to a ten-thousandth, so the box does not change when the file loads', () => {
    for (const [width, height] of [
      [530, 750],
      [794, 1123],
      [1240, 1754],
    ] as const) {
      const capped = capPreviewSize(width, height);
      // 320 px wide, the box the attributes reserve and the box the file gets differ by < 0.01 px.
      expect(Math.abs((320 * capped.height) / capped.width - (320 * height) / width)).toBeLessThan(0.01);
    }
  });
  it('leaves small previews alone', () => expect(capPreviewSize(300, 400)).toEqual({ width: 300, height: 400 }));
});
