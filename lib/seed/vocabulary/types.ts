import type { MainWorld } from '@/lib/worlds/worlds';

/**
 * Words a world's demo catalogue is written with. One file per main world, each written in that
 * world's own language, so the demo reads like a real storefront and full-text search can be
 * tested with real word forms.
 */
export interface SeedVocabulary {
  world: MainWorld;
  /** Subjects with topics. `key` is shared by all worlds (e.g. 'math'); titles are local. */
  subjects: { key: string; title: string; topics: string[] }[];
  /** Class grades in display form, index 0 = grade 1 … up to grade 13. */
  grades: string[];
  /** Learning years (age bands), e.g. '6–7 Jahre'. */
  learningYears: string[];
  /** Material types. `key` shared by all worlds (worksheet, test, …). */
  materialTypes: { key: string; title: string }[];
  /** Title patterns using {type}, {topic}, {subject}, {grade}. */
  titlePatterns: string[];
  /** Description sentences using {topic}, {subject}, {grade}, {pages}, {type}. */
  descriptionSentences: string[];
  firstNames: string[];
  lastNames: string[];
  /** Short author subtitles ("Grundschullehrerin aus Köln"). */
  authorSubtitles: string[];
  /** Author "about me" paragraphs, may use {subject}. */
  authorDescriptions: string[];
  /** Blog post titles, may use {topic}, {subject}. */
  blogTitles: string[];
  /** Blog post paragraphs, may use {topic}, {subject}. */
  blogParagraphs: string[];
  /** Lesson landing titles (a teaching unit), may use {topic}. */
  lessonTitles: string[];
  /** Schools: name and city. */
  schools: { name: string; city: string }[];
}
