/**
 * How much one identity may keep (docs/decisions.md "Favourites and follows"): an account's
 * lists are bounded so a list page and a merge stay small statements; an anonymous identity is
 * a row anyone can mint, so it keeps far less and signing up lifts the bound.
 */
export const SUBSCRIPTION_LIMITS = {
  favouritesPerAccount: 5_000,
  followsPerAccount: 5_000,
  /** Per kind (favourites, follows) of one anonymous identity. */
  perAnonymousIdentity: 500,
} as const;

/** What can be subscribed to: a material (a favourite) or an author (a follow). */
export const SUBJECT_TYPES = ['material', 'author'] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

/** Ids one status call may ask about: more than any page shows. */
export const MAX_STATUS_IDS = 200;
