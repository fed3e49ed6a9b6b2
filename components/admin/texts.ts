import type english from '@/messages/en/admin.json';

/**
 * The admin area's texts (`messages/<language>/admin.json`; de and en complete, other languages
 * fall back per key to en, then de). Views hand the groups their client components need down as
 * plain data, so no translation runtime goes to the browser.
 */
export type AdminTexts = typeof english;
