import { describeRefusedFile, detectImageFormat } from './detect';
import { solidImage } from './test-images';

describe('detectImageFormat', () => {
  it.each(['jpeg', 'png', 'webp', 'gif'] as const)('recognises %s by its signature', async (format) => {
    expect(detectImageFormat(await solidImage(4, 4, format))).toBe(format);
  });

  it('does not care what the bytes claim elsewhere: text is not an image', () => {
    expect(detectImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageFormat(Buffer.from('<!doctype html><title>x.png</title>'))).toBeNull();
    expect(detectImageFormat(Buffer.from('RIFF0000WAVEfmt '))).toBeNull();
    expect(detectImageFormat(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(detectImageFormat(Buffer.alloc(0))).toBeNull();
  });

  it('refuses formats outside the four', async () => {
    expect(detectImageFormat(await solidImage(4, 4, 'tiff'))).toBeNull();
  });
});

describe('describeRefusedFile', () => {
  it.each([
    ['<svg width="1"></svg>', 'svg'],
    ['\uFEFF  <?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>', 'svg'],
    ['<!DOCTYPE html><html></html>', 'html'],
    ['%PDF-1.7', 'pdf'],
    ['just text', 'unknown'],
  ])('names %j as %s', (text, kind) => {
    expect(describeRefusedFile(Buffer.from(text))).toBe(kind);
  });
});
