import type { MainWorld } from '@/lib/worlds/worlds';
import type { SeedVocabulary } from './types';
import { vocabulary as de } from './de';
import { vocabulary as es } from './es';
import { vocabulary as fr } from './fr';
import { vocabulary as gr } from './gr';
import { vocabulary as it } from './it';

/** The words each main world's demo catalogue is written with. */
export const VOCABULARIES: Record<MainWorld, SeedVocabulary> = { de, es, fr, gr, it };
