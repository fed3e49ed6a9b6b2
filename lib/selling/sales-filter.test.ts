import {
  MATERIALS_PAGE_SIZE,
  materialsPageOf,
  bucketStart,
  evaluationPeriod,
  evaluationQuerySchema,
  isoDay,
  parseIsoDay,
  periodBuckets,
  periodEnd,
  periodError,
  salesQuerySchema,
} from './sales-filter';

const day = (text: string) => parseIsoDay(text)!;

describe('sales filters', () => {
  it('reads calendar days and nothing else', () => {
    expect(isoDay(day('2024-02-29'))).toBe('2024-02-29');
    for (const bad of [
      '2025-02-29',
      '2025-13-01',
      '2025-2-3',
      ' 2025-02-03',
      '2025-02-03T00:00',
      '1969-12-31',
      '',
      'heute',
    ])
      expect(parseIsoDay(bad)).toBeNull();
  });

  it('refuses a start after the end and periods over three calendar years', () => {
    expect(periodError(day('2025-03-02'), day('2025-03-01'))).toBe('periodOrder');
    expect(periodError(day('2025-03-01'), day('2025-03-01'))).toBeNull();
    expect(periodError(day('2023-01-01'), day('2025-12-31'))).toBeNull();
    expect(periodError(day('2023-01-01'), day('2026-01-01'))).toBe('periodTooLong');
    expect(periodError(day('2024-02-29'), day('2027-02-27'))).toBeNull();
    expect(periodError(day('2024-02-29'), day('2027-02-28'))).toBe('periodTooLong');
    expect(periodError(undefined, day('2025-01-01'))).toBeNull();
  });

  it('parses the API query with the kinds the pages translate', () => {
    const ok = salesQuerySchema.parse({ from: '2025-01-01', to: '2025-01-31', orderWorld: 'es', materialId: '7' });
    expect(ok).toEqual({
      from: day('2025-01-01'),
      to: day('2025-01-31'),
      orderWorld: 'es',
      materialId: 7,
      page: 1,
      materialsPage: 1,
    });
    const kinds = (input: Record<string, string>) => {
      const result = salesQuerySchema.safeParse(input);
      return result.success
        ? []
        : result.error.issues.map((issue) => (issue.code === 'custom' ? issue.params?.key : issue.code));
    };
    expect(kinds({ from: '2025-02-30' })).toEqual(['invalidDate']);
    expect(kinds({ from: '2025-02-02', to: '2025-02-01' })).toEqual(['periodOrder']);
    expect(kinds({ from: '2020-01-01', to: '2024-01-01' })).toEqual(['periodTooLong']);
    expect(kinds({ world: 'de' })).toHaveLength(1);
    expect(kinds({ materialId: '0' })).toHaveLength(1);
    expect(evaluationQuerySchema.safeParse({ granularity: 'year' }).success).toBe(false);
  });

  it('fills a missing period with the last 30 days, or 30 days from or up to the given end', () => {
    const now = new Date('2026-03-15T18:30:00Z');
    expect(evaluationPeriod({}, now)).toEqual({ from: day('2026-02-14'), to: day('2026-03-15') });
    expect(evaluationPeriod({ from: day('2026-01-01') }, now)).toEqual({
      from: day('2026-01-01'),
      to: day('2026-01-30'),
    });
    expect(evaluationPeriod({ to: day('2026-01-30') }, now)).toEqual({
      from: day('2026-01-01'),
      to: day('2026-01-30'),
    });
  });

  it('cuts buckets as date_trunc does in UTC: days, ISO weeks from Monday, months', () => {
    const late = new Date('2026-03-15T23:59:59.999Z'); // a Sunday
    expect(isoDay(bucketStart(late, 'day'))).toBe('2026-03-15');
    expect(isoDay(bucketStart(late, 'week'))).toBe('2026-03-09');
    expect(isoDay(bucketStart(day('2026-03-16'), 'week'))).toBe('2026-03-16');
    expect(isoDay(bucketStart(late, 'month'))).toBe('2026-03-01');
    expect(periodBuckets(day('2026-02-27'), day('2026-03-02'), 'day')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(periodBuckets(day('2026-03-04'), day('2026-03-16'), 'week')).toEqual([
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
    ]);
    expect(periodBuckets(day('2025-11-30'), day('2026-02-01'), 'month')).toEqual([
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    expect(periodBuckets(day('2023-01-01'), day('2025-12-31'), 'day')).toHaveLength(365 + 366 + 365);
    expect(periodEnd(day('2026-03-15')).toISOString()).toBe('2026-03-16T00:00:00.000Z');
  });

  it('cuts per-material tables into pages of 50, keeping the order and the total', () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({ materialId: i + 1 }));
    expect(MATERIALS_PAGE_SIZE).toBe(50);
    const first = materialsPageOf(rows, 1);
    expect(first.materials.map((row) => row.materialId)).toEqual(rows.slice(0, 50).map((row) => row.materialId));
    expect(first).toMatchObject({ materialsTotal: 120, materialsPage: 1 });
    expect(materialsPageOf(rows, 3).materials.map((row) => row.materialId)).toEqual(
      Array.from({ length: 20 }, (_, i) => 101 + i),
    );
    expect(materialsPageOf(rows, 4)).toEqual({ materials: [], materialsTotal: 120, materialsPage: 4 });
    expect(materialsPageOf([], 1)).toEqual({ materials: [], materialsTotal: 0, materialsPage: 1 });
  });
});
