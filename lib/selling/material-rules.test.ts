import {
  materialPatchSchema,
  nextVersionOnUpload,
  priceBounds,
  priceProblems,
  publishProblems,
  releaseNotifiesBuyers,
  type PublishableMaterial,
} from './material-rules';

const ready: PublishableMaterial = {
  title: 'Bruchrechnen Klasse 5',
  descriptionText: 'Zwölf Arbeitsblätter zum Bruchrechnen mit Lösungen, für Übung und Wiederholung.',
  priceCents: 499,
  priceSet: true,
  schoolPriceCents: null,
  currency: 'EUR',
  hasMainFile: true,
  previewStatus: 'ready',
  hasCover: true,
  subjectIds: [1],
  gradeIds: [5],
  learningYearIds: [],
  materialTypeIds: [2],
  schoolTypes: [],
  keywordIds: [],
  lessonIds: [],
};

const codes = (material: PublishableMaterial) => publishProblems(material).map((p) => p.code);

describe('publishing rules', () => {
  it('lets a complete material be published', () => {
    expect(publishProblems(ready)).toEqual([]);
  });

  it('names every missing piece at once, with the field it belongs to', () => {
    const empty = {
      ...ready,
      title: ' ab ',
      descriptionText: 'kurz',
      hasMainFile: false,
      subjectIds: [],
      gradeIds: [],
      materialTypeIds: [],
    };
    expect(publishProblems(empty)).toEqual([
      { code: 'file_missing', field: 'file' },
      { code: 'title_too_short', field: 'title' },
      { code: 'description_too_short', field: 'description' },
      { code: 'subject_missing', field: 'subjectIds' },
      { code: 'grade_missing', field: 'gradeIds' },
      { code: 'material_type_missing', field: 'materialTypeIds' },
    ]);
  });

  it('needs no file for a bundle, but at least two materials in it', () => {
    const bundle = { ...ready, hasMainFile: false, previewStatus: 'none', hasCover: false };
    expect(codes({ ...bundle, bundleItems: 1 })).toEqual(['bundle_too_small']);
    expect(codes({ ...bundle, bundleItems: 2 })).toEqual([]);
  });

  it('waits for the seller to set a price or choose free', () => {
    expect(codes({ ...ready, priceCents: 0, priceSet: false })).toEqual(['price_missing']);
    expect(codes({ ...ready, priceCents: 0, priceSet: true })).toEqual([]);
  });

  it('waits for previews, and needs a cover when none could be made', () => {
    expect(codes({ ...ready, previewStatus: 'pending' })).toEqual(['previews_pending']);
    expect(codes({ ...ready, previewStatus: 'rendering' })).toEqual(['previews_pending']);
    expect(codes({ ...ready, previewStatus: 'failed' })).toEqual(['previews_failed']);
    expect(codes({ ...ready, previewStatus: 'none', hasCover: false })).toEqual(['cover_missing']);
    expect(codes({ ...ready, previewStatus: 'none', hasCover: true })).toEqual([]);
  });
});

describe('price rules', () => {
  it('carries the euro bounds into each currency and its exponent', () => {
    expect(priceBounds('EUR')).toEqual({ minPaid: 50, max: 50_000 });
    // Rough rates: sanity bounds of about 0.50 € and 500 € in every world's currency.
    expect(priceBounds('JPY')).toEqual({ minPaid: 80, max: 80_000 });
    expect(priceBounds('HUF')).toEqual({ minPaid: 20_000, max: 20_000_000 });
  });

  it('takes free and prices within bounds, refuses the rest', () => {
    expect(priceProblems({ priceCents: 0, schoolPriceCents: null, currency: 'EUR' })).toEqual([]);
    expect(priceProblems({ priceCents: 50, schoolPriceCents: null, currency: 'EUR' })).toEqual([]);
    expect(priceProblems({ priceCents: 49, schoolPriceCents: null, currency: 'EUR' })[0]!.code).toBe('price_too_low');
    expect(priceProblems({ priceCents: 50_001, schoolPriceCents: null, currency: 'EUR' })[0]!.code).toBe(
      'price_too_high',
    );
  });

  it('keeps the school licence between the single price and ten times it', () => {
    expect(priceProblems({ priceCents: 500, schoolPriceCents: 500, currency: 'EUR' })).toEqual([]);
    expect(priceProblems({ priceCents: 500, schoolPriceCents: 5000, currency: 'EUR' })).toEqual([]);
    expect(priceProblems({ priceCents: 500, schoolPriceCents: 499, currency: 'EUR' })[0]!.code).toBe(
      'school_price_below_single',
    );
    expect(priceProblems({ priceCents: 500, schoolPriceCents: 5001, currency: 'EUR' })[0]!.code).toBe(
      'school_price_too_high',
    );
  });
});

describe('the patch schema', () => {
  it('takes any subset and refuses unknown fields, wrong types and long lists', () => {
    expect(materialPatchSchema.safeParse({}).success).toBe(true);
    expect(materialPatchSchema.safeParse({ title: 'x' }).success).toBe(true);
    expect(materialPatchSchema.safeParse({ authorId: 2 }).success).toBe(false);
    expect(materialPatchSchema.safeParse({ priceCents: 4.99 }).success).toBe(false);
    expect(materialPatchSchema.safeParse({ priceCents: -1 }).success).toBe(false);
    expect(materialPatchSchema.safeParse({ subjectIds: [1, 2, 3, 4, 5, 6] }).success).toBe(false);
    expect(materialPatchSchema.safeParse({ subjectIds: [2_147_483_648] }).success).toBe(false);
    expect(materialPatchSchema.safeParse({ schoolTypes: ['grundschule'] }).success).toBe(true);
    expect(materialPatchSchema.safeParse({ schoolTypes: ['<script>'] }).success).toBe(false);
    expect(materialPatchSchema.safeParse({ title: 'x'.repeat(121) }).success).toBe(false);
  });
});

describe('version rules', () => {
  it('replaces a draft’s staged file in place as version 1', () => {
    expect(nextVersionOnUpload('draft', [])).toEqual({ version: 1, replaces: null });
    expect(nextVersionOnUpload('draft', [{ version: 1, published: false }])).toEqual({ version: 1, replaces: 1 });
  });

  it('stages the next version of a published material and keeps the released ones', () => {
    const released = [
      { version: 1, published: true },
      { version: 2, published: true },
    ];
    expect(nextVersionOnUpload('published', released)).toEqual({ version: 3, replaces: null });
    expect(nextVersionOnUpload('published', [...released, { version: 3, published: false }])).toEqual({
      version: 3,
      replaces: 3,
    });
    expect(nextVersionOnUpload('unpublished', released)).toEqual({ version: 3, replaces: null });
  });

  it('tells buyers only about versions after the first release', () => {
    expect(releaseNotifiesBuyers([{ version: 1, published: false }])).toBe(false);
    expect(
      releaseNotifiesBuyers([
        { version: 1, published: true },
        { version: 2, published: false },
      ]),
    ).toBe(true);
  });
});
