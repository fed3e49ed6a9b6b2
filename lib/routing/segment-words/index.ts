import type { WorldCode } from '@/lib/worlds/worlds';
import type { WorldWords } from './german-words';
import { words as bg } from './bg';
import { words as cn } from './cn';
import { words as cz } from './cz';
import { words as dk } from './dk';
import { words as es } from './es';
import { words as fi } from './fi';
import { words as fr } from './fr';
import { words as gr } from './gr';
import { words as hi } from './hi';
import { words as hr } from './hr';
import { words as hu } from './hu';
import { words as id } from './id';
import { words as it } from './it';
import { words as jp } from './jp';
import { words as kr } from './kr';
import { words as kz } from './kz';
import { words as my } from './my';
import { words as nl } from './nl';
import { words as no } from './no';
import { words as pl } from './pl';
import { words as ro } from './ro';
import { words as rs } from './rs';
import { words as se } from './se';
import { words as sk } from './sk';
import { words as th } from './th';
import { words as ua } from './ua';

export { GERMAN_WORDS, type GermanWord, type WorldWords } from './german-words';

/** Each world's path words (German is the model and needs none). */
export const SEGMENT_WORDS: Record<Exclude<WorldCode, 'de'>, WorldWords> = {
  es,
  fr,
  gr,
  it,
  bg,
  cn,
  cz,
  dk,
  fi,
  hi,
  hr,
  hu,
  id,
  jp,
  kr,
  kz,
  my,
  nl,
  no,
  pl,
  ro,
  rs,
  se,
  sk,
  th,
  ua,
};
