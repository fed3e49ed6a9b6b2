/**
 * The one shape of an image address allowed in author HTML: an image uploaded to Kreide for a
 * blog post, `/media/posts/<authorId>/<random>.webp` (stored by lib/selling/post-images.ts, served
 * by app/media). No foreign hosts (tracking pixels, mixed content), no other folder of ours, no
 * `..`, no scheme, no query. Pure, so the browser's editor and the server's sanitiser agree.
 */
export const POST_IMAGE_SRC = /^\/media\/posts\/[1-9]\d{0,9}\/[A-Za-z0-9_-]{8,64}\.webp$/;
