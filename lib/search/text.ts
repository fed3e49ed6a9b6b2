/**
 * How text becomes search terms in each world's language: accents folded, words split (by word
 * segmentation where a language writes no spaces), stop words dropped and words stemmed. The
 * index (lib/search/memory-index.ts) and the query both go through here, so a word in a title
 * and the same word typed in the box always meet.
 */
import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as greek } from '@orama/stemmers/greek';
import { stemmer as hindi } from '@orama/stemmers/indian';
import { stemmer as hungarian } from '@orama/stemmers/hungarian';
import { stemmer as indonesian } from '@orama/stemmers/indonesian';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as romanian } from '@orama/stemmers/romanian';
import { stemmer as serbian } from '@orama/stemmers/serbian';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { stemmer as ukrainian } from '@orama/stemmers/ukrainian';
import { stopwords as bulgarianStops } from '@orama/stopwords/bulgarian';
import { stopwords as danishStops } from '@orama/stopwords/danish';
import { stopwords as dutchStops } from '@orama/stopwords/dutch';
import { stopwords as finnishStops } from '@orama/stopwords/finnish';
import { stopwords as frenchStops } from '@orama/stopwords/french';
import { stopwords as germanStops } from '@orama/stopwords/german';
import { stopwords as greekStops } from '@orama/stopwords/greek';
import { stopwords as hindiStops } from '@orama/stopwords/indian';
import { stopwords as hungarianStops } from '@orama/stopwords/hungarian';
import { stopwords as indonesianStops } from '@orama/stopwords/indonesian';
import { stopwords as italianStops } from '@orama/stopwords/italian';
import { stopwords as norwegianStops } from '@orama/stopwords/norwegian';
import { stopwords as romanianStops } from '@orama/stopwords/romanian';
import { stopwords as serbianStops } from '@orama/stopwords/serbian';
import { stopwords as spanishStops } from '@orama/stopwords/spanish';
import { stopwords as swedishStops } from '@orama/stopwords/swedish';
import { stopwords as ukrainianStops } from '@orama/stopwords/ukrainian';
import type { WorldCode } from '@/lib/worlds/worlds';
import { stemBulgarian } from './stemmers/bulgarian';

type Stemmer = (word: string) => string;

/** What a world's search does with words (docs/decisions.md says why each world gets what). */
export interface Analyzer {
  /** What the world gets, for docs and tests: the stemmer's language, or why there is none. */
  stemming: string;
  stem: Stemmer | null;
  stopwords: ReadonlySet<string>;
  /** Languages written without spaces between words are split by Intl.Segmenter. */
  segmenter: Intl.Segmenter | null;
}

const NONE: ReadonlySet<string> = new Set();

function stops(words: readonly string[]): ReadonlySet<string> {
  return new Set(words.map((word) => foldText(word)));
}

function stemmed(stemming: string, stem: Stemmer, words: readonly string[]): Analyzer {
  return { stemming, stem, stopwords: stops(words), segmenter: null };
}

function unstemmed(stemming: string): Analyzer {
  return { stemming, stem: null, stopwords: NONE, segmenter: null };
}

function segmented(stemming: string, locale: string): Analyzer {
  return { stemming, stem: null, stopwords: NONE, segmenter: new Intl.Segmenter(locale, { granularity: 'word' }) };
}

let analyzers: Record<WorldCode, Analyzer> | null = null;

/** Built on first use: the stop lists are folded once per process. */
function allAnalyzers(): Record<WorldCode, Analyzer> {
  analyzers ??= {
    de: stemmed('German (Snowball)', german, germanStops),
    es: stemmed('Spanish (Snowball)', spanish, spanishStops),
    fr: stemmed('French (Snowball)', french, frenchStops),
    gr: stemmed('Greek (Snowball)', greek, greekStops),
    it: stemmed('Italian (Snowball)', italian, italianStops),
    bg: stemmed('Bulgarian (BulStem light)', stemBulgarian, bulgarianStops),
    cn: segmented('none: Chinese words are segmented (Intl.Segmenter) and do not inflect', 'zh'),
    cz: unstemmed('none: no maintained Czech stemmer for JavaScript; accents folded'),
    dk: stemmed('Danish (Snowball)', danish, danishStops),
    fi: stemmed('Finnish (Snowball)', finnish, finnishStops),
    hi: stemmed('Hindi (light suffix stemmer)', hindi, hindiStops),
    hr: stemmed('Serbian (Snowball), which began as a Croatian stemmer', serbian, serbianStops),
    hu: stemmed('Hungarian (Snowball)', hungarian, hungarianStops),
    id: stemmed('Indonesian (Snowball)', indonesian, indonesianStops),
    jp: segmented('none: Japanese words are segmented (Intl.Segmenter); nouns do not inflect', 'ja'),
    kr: segmented('none: Korean words are segmented; no stemmer strips its particles', 'ko'),
    kz: unstemmed('none: no Kazakh stemmer exists for JavaScript; a Russian one would cut its endings wrongly'),
    my: stemmed('Indonesian (Snowball): Malay shares its prefixes and suffixes', indonesian, indonesianStops),
    nl: stemmed('Dutch (Snowball)', dutch, dutchStops),
    no: stemmed('Norwegian (Snowball)', norwegian, norwegianStops),
    pl: unstemmed('none: Polish stemmers need a dictionary (Stempel, Morfologik) with no JavaScript port'),
    ro: stemmed('Romanian (Snowball)', romanian, romanianStops),
    rs: stemmed('Serbian (Snowball, Cyrillic read as Latin)', serbian, serbianStops),
    se: stemmed('Swedish (Snowball)', swedish, swedishStops),
    sk: unstemmed('none: no maintained Slovak stemmer for JavaScript; accents folded'),
    th: segmented('none: Thai words are segmented (Intl.Segmenter) and do not inflect', 'th'),
    ua: stemmed('Ukrainian (light suffix stemmer)', ukrainian, ukrainianStops),
  };
  return analyzers;
}

export function analyzerOf(world: WorldCode): Analyzer {
  return allAnalyzers()[world];
}

const LETTERS_AFTER_FOLDING: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  ø: 'o',
  þ: 'th',
  đ: 'd',
  ı: 'i',
  ł: 'l',
  œ: 'oe',
  ſ: 's',
  ς: 'σ',
  ё: 'е',
};

/**
 * Lower case without accents, as PostgreSQL's unaccent folds them: the marks of Latin and Greek
 * letters go (é → e, ü → u, ά → α), ß becomes ss; Cyrillic й and ї stay (they are letters of
 * their own), and so do the vowel signs of Devanagari or Thai.
 */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/([\u0000-\u03ff])[\u0300-\u036f]+/g, '$1')
    .normalize('NFC')
    .replace(/[ßæøþđıłœſςё]/g, (letter) => LETTERS_AFTER_FOLDING[letter]!);
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The words of a text as written (case and accents kept), in order. */
export function splitWords(world: WorldCode, text: string): string[] {
  const { segmenter } = analyzerOf(world);
  if (!segmenter) return text.match(WORD) ?? [];
  const words: string[] = [];
  for (const segment of segmenter.segment(text)) {
    if (segment.isWordLike) words.push(...(segment.segment.match(WORD) ?? []));
  }
  return words;
}

/** One word of a text: as written and folded. */
export interface Token {
  word: string;
  folded: string;
}

/** A folded word's stem in the world's language (the word itself where nothing stems). */
export function stemOf(world: WorldCode, folded: string): string {
  const { stem } = analyzerOf(world);
  if (!stem || folded.length < 3 || /^\p{N}+$/u.test(folded)) return folded;
  return stem(folded) || folded;
}

/**
 * Folded forms of words already seen (a catalogue repeats its words: 100,000 materials hold about
 * ten million words and a few thousand distinct ones), dropped whole when it grows large.
 */
const foldedWords = new Map<string, string>();
const FOLDED_WORDS_KEPT = 200_000;

function foldWord(word: string): string {
  let folded = foldedWords.get(word);
  if (folded === undefined) {
    if (foldedWords.size >= FOLDED_WORDS_KEPT) foldedWords.clear();
    folded = foldText(word).slice(0, 64);
    foldedWords.set(word, folded);
  }
  return folded;
}

/** The words of a text to search or index: folded, stop words dropped, at most 64 letters each. */
export function tokenize(world: WorldCode, text: string): Token[] {
  const tokens: Token[] = [];
  const { stopwords } = analyzerOf(world);
  for (const word of splitWords(world, text)) {
    const folded = foldWord(word);
    if (!folded || stopwords.has(folded)) continue;
    tokens.push({ word, folded });
  }
  return tokens;
}
