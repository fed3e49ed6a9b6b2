import { createSignedToken, readSignedToken } from '@/lib/security/signed-tokens';

/** How long a download link works: long enough to click, too short to pass around. */
export const DOWNLOAD_LINK_TTL_MS = 10 * 60 * 1000;

/** How long the link of a free material's mail works (the page it opens makes a download link). */
export const FREE_DOWNLOAD_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** What a token opens: a file for minutes, or the page of a free material's mail for weeks. */
type LinkPurpose = 'download' | 'free-download';

const KEY_LABELS: Record<LinkPurpose, string> = {
  download: 'kreide download links v1',
  'free-download': 'kreide free-material links v1',
};

function createToken(purpose: LinkPurpose, userId: number, materialId: number, expires: number): string {
  // u: the buyer the link was made for; m: the material.
  return createSignedToken(KEY_LABELS[purpose], { u: userId, m: materialId }, expires);
}

/** A signed token for one buyer and material, valid for a few minutes. */
export function createDownloadToken(userId: number, materialId: number, now: number = Date.now()): string {
  return createToken('download', userId, materialId, now + DOWNLOAD_LINK_TTL_MS);
}

/** The buyer and material of a valid, unexpired token, or null (forged, altered, expired, malformed). */
export function readDownloadToken(
  token: string,
  now: number = Date.now(),
): { userId: number; materialId: number } | null {
  return readToken('download', token, now);
}

/** The token of a free material's mail: the teacher and the material, valid for 30 days. */
export function createFreeDownloadToken(userId: number, materialId: number, now: number = Date.now()): string {
  return createToken('free-download', userId, materialId, now + FREE_DOWNLOAD_LINK_TTL_MS);
}

/** The teacher and material of a valid free-material link, or null. */
export function readFreeDownloadToken(
  token: string,
  now: number = Date.now(),
): { userId: number; materialId: number } | null {
  return readToken('free-download', token, now);
}

function readToken(purpose: LinkPurpose, token: string, now: number): { userId: number; materialId: number } | null {
  const data = readSignedToken(KEY_LABELS[purpose], token, now);
  if (!data || !Number.isSafeInteger(data.u) || !Number.isSafeInteger(data.m)) return null;
  return { userId: data.u as number, materialId: data.m as number };
}

/** The address a buyer downloads through. */
export function downloadUrl(userId: number, materialId: number, now: number = Date.now()): string {
  return `/api/v3/downloads/file?t=${createDownloadToken(userId, materialId, now)}`;
}
