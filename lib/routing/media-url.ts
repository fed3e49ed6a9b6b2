/** Public URL of a stored file (served by app/media). */
export function mediaUrl(key: string): string {
  return `/media/${key}`;
}
