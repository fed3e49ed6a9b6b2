import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('never shows a file with bytes as 0', () => {
    for (const bytes of [1, 20, 49, 51, 99, 100, 499]) expect(formatFileSize(bytes, 'en')).toMatch(/^0\.[1-5] kB$/);
    expect(formatFileSize(1, 'de-DE')).toBe('0,1 kB');
  });

  it('uses kB below a megabyte and MB below a gigabyte, one decimal below 10', () => {
    expect(formatFileSize(2_345, 'en')).toBe('2.3 kB');
    expect(formatFileSize(34_567, 'en')).toBe('35 kB');
    expect(formatFileSize(999_400, 'en')).toBe('999 kB');
    expect(formatFileSize(999_999, 'en')).toBe('1 MB');
    expect(formatFileSize(1_500_000, 'en')).toBe('1.5 MB');
    expect(formatFileSize(25_000_000, 'en')).toBe('25 MB');
    expect(formatFileSize(3_200_000_000, 'en')).toBe('3.2 GB');
  });

  it('writes numbers and units in the reader’s locale', () => {
    expect(formatFileSize(1_500_000, 'de-DE')).toBe('1,5 MB');
    expect(formatFileSize(1_500_000, 'el-GR')).toBe('1,5 MB');
    expect(formatFileSize(340_000, 'fr-FR')).toMatch(/^340\sko$/);
    expect(formatFileSize(2_345, 'it-IT')).toBe('2,3 kB');
  });

  it('reads nothing odd as a size', () => {
    expect(formatFileSize(0, 'en')).toBe('0 kB');
    expect(formatFileSize(Number.NaN, 'en')).toBe('0 kB');
    expect(formatFileSize(-5, 'en')).toBe('0 kB');
  });
});
