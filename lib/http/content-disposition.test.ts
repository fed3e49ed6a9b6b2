import { contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it('keeps a plain name and adds the encoded form', () => {
    expect(contentDisposition('bruchrechnen.pdf')).toBe(
      `attachment; filename="bruchrechnen.pdf"; filename*=UTF-8''bruchrechnen.pdf`,
    );
  });

  it('gives non-ASCII names an ASCII fallback and the full name encoded', () => {
    expect(contentDisposition('Übung Ζωή.pdf')).toBe(
      `attachment; filename="Ubung .pdf"; filename*=UTF-8''%C3%9Cbung%20%CE%96%CF%89%CE%AE.pdf`,
    );
  });

  it('never lets a name close the quotes, add a parameter or break the header', () => {
    const header = contentDisposition('a"; filename=evil.html\r\nX-Injected: 1/..\\x.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.split('"')).toHaveLength(3);
    expect(header).toMatch(/^attachment; filename="a__ filename=evil.htmlX-Injected: 1_.._x.pdf"; filename\*=UTF-8''/);
  });

  it('names an empty name "download"', () => {
    expect(contentDisposition('\u0000 ')).toMatch(/^attachment; filename="download"/);
  });
});
