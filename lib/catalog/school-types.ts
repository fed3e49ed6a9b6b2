/** School types (keys as the spec names them; titles live in the messages). */
export const SCHOOL_TYPES = [
  'alle',
  'kita',
  'grundschule',
  'sek1-mittel',
  'sek1-gym',
  'sek2',
  'berufsschule',
  'foerder',
  'erwachsene',
] as const;
export type SchoolType = (typeof SCHOOL_TYPES)[number];

/** School levels (ground, secondary) and the types each contains. */
export const SCHOOL_LEVELS = {
  ground: ['kita', 'grundschule'],
  secondary: ['sek1-mittel', 'sek1-gym', 'sek2', 'berufsschule', 'foerder', 'erwachsene'],
} as const satisfies Record<string, readonly SchoolType[]>;
export type SchoolLevel = keyof typeof SCHOOL_LEVELS;
