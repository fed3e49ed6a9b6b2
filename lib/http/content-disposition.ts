/**
 * `Content-Disposition: attachment` for a file name that came from a user (a seller's upload):
 * an ASCII fallback without quotes, slashes or control characters, and the full name in
 * RFC 5987 encoding for browsers that read it. A name can never end the header or add another.
 */
export function contentDisposition(name: string): string {
  const cleaned = name.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'download';
  const ascii =
    cleaned
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\/;%]/g, '_')
      .trim() || 'download';
  const encoded = encodeURIComponent(cleaned).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
