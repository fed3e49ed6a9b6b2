import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString, type PDFRef } from 'pdf-lib';
import { findActiveContent, removeActiveContent, type ActiveContentKind } from './active-content';
import { stampPdf } from './stamp';

/** What a script in a test file says: the saved copy must not carry it. */
const SCRIPT = 'app.alert("kreide-test-payload")';
const PAYLOAD = 'kreide-test-payload';

type Build = (document: PDFDocument) => void;

/** Adds an annotation to the first page (its `Annots` as an indirect array, as many writers do). */
function annotate(document: PDFDocument, annotation: Record<string, unknown>): PDFRef {
  const page = document.getPage(0);
  const ref = document.context.register(
    document.context.obj({ Type: 'Annot', Rect: [10, 10, 60, 60], P: page.ref, ...annotation }),
  );
  const annots = document.context.register(document.context.obj([ref]));
  page.node.set(PDFName.of('Annots'), annots);
  return ref;
}

const js = (document: PDFDocument) =>
  document.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(SCRIPT) });

const embeddedFile = (document: PDFDocument) =>
  document.context.register(document.context.stream(PAYLOAD, { Type: 'EmbeddedFile' }));

const fileSpec = (document: PDFDocument) =>
  document.context.obj({ Type: 'Filespec', F: PDFString.of('x.exe'), EF: { F: embeddedFile(document) } });

/** Each case: a PDF built with that active content, and the kinds the seller is told of. */
const CASES: [string, Build, ActiveContentKind[]][] = [
  [
    'an opening action running JavaScript',
    (document) => document.catalog.set(PDFName.of('OpenAction'), js(document)),
    ['javascript', 'auto_actions'],
  ],
  [
    'an opening Launch action reached through an indirect object',
    (document) =>
      document.catalog.set(
        PDFName.of('OpenAction'),
        document.context.register(document.context.obj({ S: 'Launch', F: PDFString.of('calc.exe') })),
      ),
    ['launch', 'auto_actions'],
  ],
  [
    'an opening web link (opens by itself)',
    (document) =>
      document.catalog.set(
        PDFName.of('OpenAction'),
        document.context.obj({ S: 'URI', URI: PDFString.of('https://x.test') }),
      ),
    ['auto_actions'],
  ],
  [
    'an opening GoToR to another file',
    (document) =>
      document.catalog.set(
        PDFName.of('OpenAction'),
        document.context.obj({ S: 'GoToR', F: PDFString.of('other.pdf'), D: [0, PDFName.of('Fit')] }),
      ),
    ['launch', 'auto_actions'],
  ],
  [
    'an opening GoToE into an embedded file',
    (document) =>
      document.catalog.set(
        PDFName.of('OpenAction'),
        document.context.obj({ S: 'GoToE', T: { R: 'C', N: PDFString.of('inner') } }),
      ),
    ['embedded_files', 'auto_actions'],
  ],
  [
    'additional actions on the catalogue',
    (document) => document.catalog.set(PDFName.of('AA'), document.context.obj({ WC: js(document) })),
    ['javascript', 'auto_actions'],
  ],
  [
    'additional actions on a page',
    (document) =>
      document
        .getPage(1)
        .node.set(PDFName.of('AA'), document.context.obj({ O: document.context.register(js(document)) })),
    ['javascript', 'auto_actions'],
  ],
  [
    'additional actions on an annotation',
    (document) => {
      annotate(document, { Subtype: 'Link', AA: { E: js(document) } });
    },
    ['javascript', 'auto_actions'],
  ],
  [
    'a form field with a keystroke script',
    (document) => {
      const field = annotate(document, {
        Subtype: 'Widget',
        FT: 'Tx',
        T: PDFString.of('answer'),
        AA: { K: js(document) },
      });
      document.catalog.set(PDFName.of('AcroForm'), document.context.obj({ Fields: [field] }));
    },
    ['javascript', 'auto_actions'],
  ],
  [
    'a document-level script in the name tree, its text in a stream',
    (document) => {
      const script = document.context.register(document.context.stream(SCRIPT));
      const action = document.context.register(document.context.obj({ S: 'JavaScript', JS: script }));
      document.catalog.set(
        PDFName.of('Names'),
        document.context.obj({ JavaScript: { Names: [PDFString.of('init'), action] } }),
      );
    },
    ['javascript'],
  ],
  [
    'an embedded file in the name tree',
    (document) =>
      document.catalog.set(
        PDFName.of('Names'),
        document.context.obj({ EmbeddedFiles: { Names: [PDFString.of('x.exe'), fileSpec(document)] } }),
      ),
    ['embedded_files'],
  ],
  [
    'a file attachment annotation',
    (document) => {
      annotate(document, { Subtype: 'FileAttachment', FS: fileSpec(document) });
    },
    ['embedded_files'],
  ],
  [
    'a link that launches a program',
    (document) => {
      annotate(document, { Subtype: 'Link', A: { S: 'Launch', F: PDFString.of('cmd.exe') } });
    },
    ['launch'],
  ],
  [
    'a button that submits the form',
    (document) => {
      annotate(document, { Subtype: 'Widget', FT: 'Btn', A: { S: 'SubmitForm', F: PDFString.of('https://x.test') } });
    },
    ['form_data'],
  ],
  [
    'a button that imports data',
    (document) => {
      annotate(document, { Subtype: 'Widget', FT: 'Btn', A: { S: 'ImportData', F: PDFString.of('data.fdf') } });
    },
    ['form_data'],
  ],
  [
    'a rich media annotation',
    (document) => {
      annotate(document, { Subtype: 'RichMedia', RichMediaContent: { Assets: { Names: [] } } });
    },
    ['rich_media'],
  ],
  [
    'an XFA form',
    (document) =>
      document.catalog.set(
        PDFName.of('AcroForm'),
        document.context.obj({
          Fields: [],
          XFA: document.context.register(document.context.stream(`<xdp>${PAYLOAD}</xdp>`)),
        }),
      ),
    ['xfa'],
  ],
  [
    'a script behind a chain of actions (Next)',
    (document) => {
      annotate(document, {
        Subtype: 'Link',
        A: { S: 'URI', URI: PDFString.of('https://x.test'), Next: [document.context.register(js(document))] },
      });
    },
    ['javascript'],
  ],
];

async function build(apply: Build, useObjectStreams = false): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.addPage([595, 842]);
  document.addPage([595, 842]);
  apply(document);
  return document.save({ useObjectStreams });
}

async function kindsOf(bytes: Uint8Array): Promise<ActiveContentKind[]> {
  return findActiveContent(await PDFDocument.load(bytes, { updateMetadata: false }));
}

const containsText = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(text);

describe('findActiveContent and removeActiveContent', () => {
  it.each(CASES)('finds %s, also inside object streams', async (_, apply, kinds) => {
    expect(await kindsOf(await build(apply))).toEqual(kinds);
    expect(await kindsOf(await build(apply, true))).toEqual(kinds);
  });

  it.each(CASES)('removes %s and keeps the pages', async (_, apply, kinds) => {
    const document = await PDFDocument.load(await build(apply), { updateMetadata: false });
    expect(removeActiveContent(document)).toEqual(kinds);
    const cleaned = await document.save({ useObjectStreams: false });
    expect(await kindsOf(cleaned)).toEqual([]);
    expect(containsText(cleaned, PAYLOAD)).toBe(false);
    expect((await PDFDocument.load(cleaned)).getPageCount()).toBe(2);
  });

  it('reads names written with lower-case hex escapes as readers do', async () => {
    const bytes = Buffer.from(
      await build((document) =>
        document.catalog.set(
          PDFName.of('OpenAction'),
          document.context.obj({ S: 'JXvaScript', JS: PDFString.of(SCRIPT) }),
        ),
      ),
    );
    // `/#4aavaScript` is `/JavaScript` to a reader; pdf-lib decodes upper-case hex digits only.
    const escaped = Buffer.from(bytes.toString('latin1').replace('/JXvaScript', '/#4aavaScript'), 'latin1');
    expect(await kindsOf(escaped)).toEqual(['javascript', 'auto_actions']);
  });

  it('leaves what only shows or moves within the file: an opening page, links on a click, form fields', async () => {
    const bytes = await build((document) => {
      document.catalog.set(
        PDFName.of('OpenAction'),
        document.context.obj([document.getPage(1).ref, PDFName.of('Fit')]),
      );
      const field = annotate(document, {
        Subtype: 'Widget',
        FT: 'Tx',
        T: PDFString.of('answer'),
        A: { S: 'URI', URI: PDFString.of('https://example.org') },
      });
      document.catalog.set(PDFName.of('AcroForm'), document.context.obj({ Fields: [field] }));
    });
    const document = await PDFDocument.load(bytes);
    expect(findActiveContent(document)).toEqual([]);
    expect(removeActiveContent(document)).toEqual([]);
    const saved = await PDFDocument.load(await document.save());
    expect(saved.catalog.lookup(PDFName.of('OpenAction'))).toBeInstanceOf(PDFArray);
    const annots = saved.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray);
    expect(annots.size()).toBe(1);
    expect(saved.context.lookup(annots.get(0), PDFDict).lookup(PDFName.of('A'), PDFDict)).toBeDefined();
  });
});

describe('stampPdf and active content', () => {
  it.each(CASES)('stamps a clean copy of a file with %s', async (_, apply) => {
    const stamped = await stampPdf(await build(apply, true), 'Einzellizenz für Max Mustermann');
    expect(await kindsOf(stamped)).toEqual([]);
    expect((await PDFDocument.load(stamped)).getPageCount()).toBe(2);
  });
});
