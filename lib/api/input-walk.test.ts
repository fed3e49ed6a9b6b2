import { databaseErrorCode } from './database-errors';
import { MAX_INPUT_DEPTH, findUnstorableText } from './input-walk';

describe('input PostgreSQL cannot store', () => {
  it('finds NUL and lone surrogates in values and keys, with the path', () => {
    expect(findUnstorableText({ a: [{ b: 'x\u0000' }] })).toMatchObject({ path: 'a.0.b' });
    expect(findUnstorableText({ 'k\ud800': 1 })).not.toBeNull();
    expect(findUnstorableText({ a: 'fine', b: [1, true, null, 'Ωμέγα'] })).toBeNull();
  });

  it('refuses nesting deeper than any form of ours without exhausting the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)?.message).toMatch(`${MAX_INPUT_DEPTH} levels`);
  });
});

describe('database errors caused by input', () => {
  it('maps data exceptions and integrity violations to 4xx codes, also when wrapped', () => {
    expect(databaseErrorCode({ code: '22003' })).toMatchObject({
      code: 'validation_failed',
      reason: 'number_out_of_range',
    });
    expect(databaseErrorCode(Object.assign(new Error('Failed query'), { cause: { code: '22021' } }))).toMatchObject({
      code: 'validation_failed',
    });
    expect(databaseErrorCode({ code: '23505' })).toMatchObject({ code: 'conflict' });
    expect(databaseErrorCode({ code: '23503' })).toMatchObject({ code: 'not_found' });
  });

  it('leaves every other error alone', () => {
    expect(databaseErrorCode(new Error('boom'))).toBeNull();
    expect(databaseErrorCode({ code: '57P01' })).toBeNull();
    expect(databaseErrorCode({ code: 'ECONNREFUSED' })).toBeNull();
  });
});
