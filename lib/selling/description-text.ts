/**
 * The description field of the upload steps is plain text with two conventions (an empty line
 * starts a paragraph, lines starting with "- " make a list); it is stored as HTML the material
 * page renders through the author-HTML sanitiser. Pure, so the browser shows exactly what the
 * server will store. Text is escaped here: nothing typed becomes markup.
 */

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const unescapeHtml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');

/** Typed text → the stored HTML: paragraphs, lists, line breaks; everything else escaped. */
export function descriptionTextToHtml(text: string): string {
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  return blocks
    .map((block) => {
      const lines = block.split('\n').map((line) => line.trim());
      if (lines.every((line) => /^[-•*]\s+/.test(line)))
        return `<ul>${lines.map((line) => `<li>${escapeHtml(line.replace(/^[-•*]\s+/, ''))}</li>`).join('')}</ul>`;
      return `<p>${lines.map(escapeHtml).join('<br>')}</p>`;
    })
    .join('');
}

/** Stored HTML (ours, or an older author's richer HTML) → the text the field shows. */
export function descriptionHtmlToText(html: string): string {
  const text = html
    .replace(/\r\n?/g, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/li>/gi, '\n')
    .replace(/<\/(p|ul|ol|h[1-6]|blockquote)>/gi, '\n\n')
    .replace(/<[^>]*>/g, '');
  return unescapeHtml(text)
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
