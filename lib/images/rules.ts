/**
 * The sizes and qualities of avatar, author image and profile background, and the limits on what
 * may be uploaded (an upload is checked by its content, never by its name).
 *
 * Every image is stored twice: WebP (what pages use where the browser supports it) and a JPEG
 * fallback with the same size and quality for the few clients without WebP, so a client that
 * keeps a "WebP supported" flag always has a file it can show.
 */
export const IMAGE_RULES = {
  /** The small avatar next to a user's name: 32×32, quality 95. */
  avatar: { width: 32, height: 32, quality: 95 },
  /** The author image on the author page: 200×200, from the same upload and at the same quality as the avatar. */
  authorImage: { width: 200, height: 200, quality: 95 },
  /** The author page's background: 204 high, up to 1200 wide, quality 80. */
  background: { height: 204, maxWidth: 1200, quality: 80 },
} as const;

/** Largest accepted upload (the file itself). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * Largest accepted image in pixels (of the first frame). A 48-megapixel phone photo passes; a
 * small file that claims 20,000 × 20,000 (a decompression bomb) does not.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** The formats an upload may be in, detected from its bytes. */
export const ACCEPTED_FORMATS = ['jpeg', 'png', 'webp', 'gif'] as const;
export type AcceptedFormat = (typeof ACCEPTED_FORMATS)[number];
