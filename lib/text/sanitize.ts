import sanitizeHtml from 'sanitize-html';

/** Author-written HTML reduced to safe formatting: no scripts, styles or handlers. */
export function sanitizeAuthorHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a'],
    allowedAttributes: { a: ['href', 'title', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow ugc noopener' }) },
  });
}

/** Plain text of author HTML, for meta descriptions. */
export function htmlToText(html: string, maxLength = 160): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).replace(/\s+\S*$/, '')}…` : text;
}
