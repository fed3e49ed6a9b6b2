/**
 * Folders (docs/decisions.md "Folders"): one tree per kind of material a teacher has. Bounded per
 * account so the whole tree is one page and one statement, and a search added in one step cannot
 * grow an account's placements without end.
 */
export const FOLDER_TYPES = ['purchased', 'own', 'favorite'] as const;
export type FolderType = (typeof FOLDER_TYPES)[number];

export const FOLDER_LIMITS = {
  foldersPerAccount: 500,
  /** Materials placed in folders, over all of an account's folders. */
  placementsPerAccount: 20_000,
  /** Materials one "add all of this search" takes: the search's first ones, in its order. */
  materialsPerAddByQuery: 1_000,
  /** Folders one by-query call may name. */
  idsPerCall: 200,
  titleLength: 100,
} as const;

/** SPEC §9: a folder action's success message clears after this long. */
export const FOLDER_NOTICE_MS = 8_000;
