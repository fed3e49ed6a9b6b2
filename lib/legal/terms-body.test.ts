import { LEGAL_DOCUMENT_KINDS } from './legal-links';
import { parseTermsBody, serializeTermsBody, termsBodySchema, termsBodyText, type TermsBody } from './terms-body';

const section = (text: string) => ({ heading: `${text} heading`, paragraphs: [`${text} one`, `${text} two`] });

function body(): TermsBody {
  return {
    language: 'de',
    sections: {
      dataProtection: section('privacy'),
      termsAndConditions: section('contract'),
      termsOfTask: section('use'),
      withdrawalProvisions: section('withdrawal'),
      orderProcessing: section('processing'),
      withdrawalAgreement: section('agreement'),
    },
  };
}

describe('terms body', () => {
  it('reads back what it stored: the language and a section per legal document kind', () => {
    const parsed = parseTermsBody(serializeTermsBody(body()));
    expect(parsed).toEqual(body());
    expect(Object.keys(parsed.sections).sort()).toEqual([...LEGAL_DOCUMENT_KINDS].sort());
  });

  it('refuses to publish a version that lacks a part, has an unknown one or an empty paragraph', () => {
    const withoutPrivacy: Partial<TermsBody['sections']> = { ...body().sections };
    delete withoutPrivacy.dataProtection;
    const missing = termsBodySchema.safeParse({ ...body(), sections: withoutPrivacy });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(['sections', 'dataProtection']);

    const unknown = termsBodySchema.safeParse({ ...body(), sections: { ...body().sections, cookies: section('x') } });
    expect(unknown.success).toBe(false);

    const empty = termsBodySchema.safeParse({
      ...body(),
      sections: { ...body().sections, termsOfTask: { heading: 'Use', paragraphs: ['  '] } },
    });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.path).toEqual(['sections', 'termsOfTask', 'paragraphs', 0]);

    expect(termsBodySchema.safeParse({ ...body(), language: 'xx' }).success).toBe(false);
    // Cast past the type on purpose: a caller outside TypeScript's reach (a stored or posted body) can.
    expect(() => serializeTermsBody({ ...body(), language: 'xx' } as unknown as TermsBody)).toThrow();
  });

  it('keeps markup as the text it is: nothing is turned into HTML or dropped', () => {
    const markup = '<script>alert(1)</script> & <b>bold</b>';
    const stored = serializeTermsBody({ ...body(), sections: { ...body().sections, termsOfTask: section(markup) } });
    expect(parseTermsBody(stored).sections.termsOfTask?.paragraphs[0]).toBe(`${markup} one`);
  });

  it('reads an older plain-text version as the terms-and-conditions part, in paragraphs, language unknown', () => {
    expect(parseTermsBody('Kreide is a marketplace.\n\n  Sellers confirm their rights.  \r\n\r\nLast.')).toEqual({
      language: null,
      sections: {
        termsAndConditions: {
          heading: null,
          paragraphs: ['Kreide is a marketplace.', 'Sellers confirm their rights.', 'Last.'],
        },
      },
    });
    expect(parseTermsBody('')).toEqual({ language: null, sections: {} });
  });

  it('shows a stored body that is JSON of another shape as the text it is, never failing', () => {
    expect(parseTermsBody('{"language":"de"}').sections.termsAndConditions?.paragraphs).toEqual(['{"language":"de"}']);
    expect(parseTermsBody('{not json').sections.termsAndConditions?.paragraphs).toEqual(['{not json']);
  });

  it('writes a version as one text in the page order, headings before their paragraphs', () => {
    const text = termsBodyText(parseTermsBody(serializeTermsBody(body())));
    expect(text.split('\n\n').slice(0, 4)).toEqual(['contract heading', 'contract one', 'contract two', 'use heading']);
    expect(text.indexOf('privacy heading')).toBeLessThan(text.indexOf('processing heading'));
    expect(termsBodyText(parseTermsBody('Only text.'))).toBe('Only text.');
  });
});
