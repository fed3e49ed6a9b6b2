import { execFile } from 'node:child_process';
import path from 'node:path';
import type { InvoiceDocument } from '@/lib/commerce/invoice-document';
import { PLATFORM } from '@/lib/commerce/platform';
import { getMessages } from '@/lib/i18n/messages';
import type { CreditNoteDocument } from '@/lib/selling/credit-note-pdf';
import { fill } from '@/lib/text/fill';
import type { Language } from '@/lib/worlds/worlds';
import type { ReadBackJob, ReadBackResult } from '@/tests/support/pdf-read-back';

/**
 * Every PDF the app writes text into (stamped downloads, invoices, credit notes) must read back
 * as drawn: copying, search, screen readers and invoice processing see only the text layer. The
 * parsed fonts are shared by all documents of a process, so each plan runs in a new process
 * (tests/support/pdf-read-back.ts): state left by another test cannot hide what one document
 * leaves for the next.
 */
const READ_BACK = path.join(process.cwd(), 'tests/support/pdf-read-back.ts');

function inNewProcess(plan: ReadBackJob[][]): Promise<ReadBackResult[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', READ_BACK],
      { cwd: process.cwd(), maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout) as ReadBackResult[]);
      },
    );
    child.stdin!.end(JSON.stringify(plan));
  });
}

interface Sample {
  language: Language;
  locale: string;
  name: string;
  title: string;
  city: string;
}

/** A buyer (and a seller) in each script the fonts cover; Greek first, as in the report. */
const SAMPLES: Record<string, Sample> = {
  greek: {
    language: 'el',
    locale: 'el-GR',
    name: 'Ζωή Παπαδοπούλου',
    title: 'Φύλλα εργασίας · ΜΙΑ ΑΔΕΙΑ ΧΡΗΣΗΣ',
    city: 'Αθήνα',
  },
  german: {
    language: 'de',
    locale: 'de-DE',
    name: 'Max Mustermann',
    title: 'Arbeitsblätter Brüche, Klasse 3',
    city: 'München',
  },
  chinese: { language: 'zh', locale: 'zh-CN', name: '王小明', title: '三年级数学练习题', city: '北京' },
  russian: {
    language: 'uk',
    locale: 'ru-RU',
    name: 'Иван Петров',
    title: 'Упражнения по математике',
    city: 'Москва',
  },
  korean: { language: 'ko', locale: 'ko-KR', name: '김민수', title: '수학 연습 문제', city: '서울' },
  thai: { language: 'th', locale: 'th-TH', name: 'สมชาย ใจดี', title: 'แบบฝึกหัดคณิตศาสตร์', city: 'กรุงเทพ' },
  hindi: {
    language: 'hi',
    locale: 'hi-IN',
    name: 'अमन गुप्ता',
    title: 'हिंदी व्याकरण अभ्यास',
    city: 'दिल्ली',
  },
};

function stampJob(key: string, sample: Sample): ReadBackJob {
  const texts = getMessages(sample.language)['cabinet-materials'] as { stamp: Record<'single', string> };
  return {
    kind: 'stamp',
    label: `stamp ${key}`,
    text: fill(texts.stamp.single, { name: sample.name, reference: 'K-MPOFIY' }),
  };
}

function invoiceJob(key: string, sample: Sample): ReadBackJob {
  const document: InvoiceDocument = {
    kind: 'invoice',
    number: 'RE-2025-000127',
    issuedAt: '2025-11-27T10:00:00.000Z',
    cancels: null,
    issuer: PLATFORM,
    buyer: {
      fullName: sample.name,
      company: null,
      street: `${sample.city} 12`,
      postalCode: '10557',
      city: sample.city,
      countryCode: 'DE',
      vatId: 'DE123456789',
    },
    orderReference: 'K-MPOFIY',
    provider: 'invoice',
    isTestPayment: false,
    currency: 'EUR',
    vat: { kind: 'eu-consumer', country: 'DE', rateBasisPoints: 1900 },
    lines: [{ title: sample.title, licence: 'single', gross: 595, vat: 95, net: 500 }],
    totals: { original: 595, voucherDiscount: 0, gross: 595, vat: 95, net: 500, creditsUsed: 0, due: 595 },
  };
  return { kind: 'invoice', label: `invoice ${key}`, document, language: sample.language, locale: sample.locale };
}

function creditNoteJob(key: string, sample: Sample): ReadBackJob {
  const document: CreditNoteDocument = {
    number: 'GS-2025-000042',
    issuedAt: '2025-12-01T08:00:00.000Z',
    period: '2025-11',
    currency: 'EUR',
    issuer: PLATFORM,
    seller: {
      name: sample.name,
      company: null,
      street: `${sample.city} 3`,
      postalCode: '80331',
      city: sample.city,
      countryCode: 'DE',
      vatId: null,
      accountHolder: sample.name,
      ibanEnd: '3000',
    },
    lines: [
      {
        orderItemId: 1,
        kind: 'sale',
        orderReference: 'K-MPOFIY',
        date: '2025-11-27T10:00:00.000Z',
        title: sample.title,
        licence: 'single',
        netMinor: 500,
        shareBasisPoints: 7000,
        amountMinor: 350,
      },
    ],
    totals: { sales: 350, refunds: 0, total: 350 },
  };
  return {
    kind: 'credit-note',
    label: `credit note ${key}`,
    document,
    language: sample.language,
    locale: sample.locale,
  };
}

const visible = (text: string) => text.replace(/\s+/gu, '');
const sortedCharacters = (text: string) => [...visible(text)].sort().join('');

/**
 * Devanagari is read back in the order its glyphs stand on the page (a short i is drawn before
 * its consonant), by pdf.js as by most extractors; there the characters are compared, not
 * their order. Every other script must read back exactly as drawn, spaces aside (line breaks
 * and gaps between columns become spaces or nothing).
 */
function expectReadsBackAsDrawn(results: ReadBackResult[], jobs: ReadBackJob[]) {
  expect(results.map((result) => result.label)).toEqual(jobs.map((job) => job.label));
  for (const { label, pages } of results) {
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const drawn = page.drawn.join('');
      expect(drawn).not.toBe('');
      const compare = /\p{Script=Devanagari}/u.test(drawn) ? sortedCharacters : visible;
      expect({ label, read: compare(page.read) }).toEqual({ label, read: compare(drawn) });
    }
  }
}

const entries = Object.entries(SAMPLES);

describe('the text layer of drawn PDFs', () => {
  it('reads back as drawn for documents in one script after another, Greek first, in a new process', async () => {
    // The report's order: a Greek invoice first, then the others, each kind in turn.
    const jobs = [
      invoiceJob('greek', SAMPLES.greek!),
      ...entries.flatMap(([key, sample]) => [
        stampJob(key, sample),
        invoiceJob(key, sample),
        creditNoteJob(key, sample),
      ]),
    ];
    expectReadsBackAsDrawn(await inNewProcess(jobs.map((job) => [job])), jobs);
  });

  it('reads back as drawn when documents in every script are drawn at the same time', async () => {
    const jobs = entries.flatMap(([key, sample]) => [
      stampJob(key, sample),
      invoiceJob(key, sample),
      creditNoteJob(key, sample),
    ]);
    // Twice: the second round meets the glyphs the first round's subsets reached.
    const results = await inNewProcess([jobs, jobs]);
    expectReadsBackAsDrawn(results, [...jobs, ...jobs]);
  });
});
