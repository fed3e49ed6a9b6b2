/**
 * The body of a blog post as its editor shows it: the description conventions of the upload steps
 * (an empty line starts a paragraph, lines starting with "- " make a list; lib/selling/description-text.ts)
 * plus one line form for an image uploaded for posts:
 *
 *     ![What the image shows](/media/posts/12/Ab3dEf6hIj9k.webp)
 *
 * Such a line becomes `<p><img src alt></p>` only when the address is one of our post images
 * (POST_IMAGE_SRC); any other address stays visible as the text that was typed, so nothing typed
 * can load an image from elsewhere. The server sanitises the HTML again with the same rule
 * (`sanitizePostHtml`). Pure, so the browser shows exactly what the server will store.
 */
import { POST_IMAGE_SRC } from '@/lib/text/post-image-src';
import { descriptionHtmlToText, descriptionTextToHtml } from './description-text';

/** Most characters of a post's title. */
export const POST_TITLE_MAX = 160;
/** Most characters of a post's body as HTML (what is sent and stored). */
export const POST_BODY_MAX = 50_000;

/** Most characters of an image's description (its `alt`). */
export const POST_IMAGE_ALT_MAX = 200;

const IMAGE_LINE = /^!\[([^\]\n]*)\]\(([^)\s]+)\)$/;

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The alt text an image line may carry: one line, no brackets, at most POST_IMAGE_ALT_MAX characters. */
export function cleanImageAlt(alt: string): string {
  return alt
    .replace(/[\]\[\r\n]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, POST_IMAGE_ALT_MAX);
}

/** The editor line of an uploaded post image. */
export function imageLine(src: string, alt: string): string {
  return `![${cleanImageAlt(alt)}](${src})`;
}

/** An image line's address and description, when the line is one and the address is ours. */
function parseImageLine(line: string): { src: string; alt: string } | null {
  const match = IMAGE_LINE.exec(line.trim());
  if (!match || !POST_IMAGE_SRC.test(match[2]!)) return null;
  return { src: match[2]!, alt: cleanImageAlt(match[1]!) };
}

/** Typed text → the post's HTML: paragraphs, lists, line breaks and our images; the rest escaped. */
export function postTextToHtml(text: string): string {
  const out: string[] = [];
  let pending: string[] = [];
  const flush = () => {
    if (pending.length) out.push(descriptionTextToHtml(pending.join('\n')));
    pending = [];
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const image = parseImageLine(line);
    if (!image) {
      pending.push(line);
      continue;
    }
    flush();
    out.push(`<p><img src="${image.src}" alt="${escapeAttribute(image.alt)}"></p>`);
  }
  flush();
  return out.join('');
}

const ATTRIBUTE = (name: string) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i');

/** Stored post HTML → the text the editor shows (images as their line form). */
export function postHtmlToText(html: string): string {
  const withImageLines = html.replace(/<img\b[^>]*>/gi, (tag) => {
    const attribute = (name: string) => {
      const match = ATTRIBUTE(name).exec(tag);
      return match ? (match[1] ?? match[2] ?? match[3] ?? '') : '';
    };
    const src = attribute('src');
    if (!POST_IMAGE_SRC.test(src)) return '';
    // The alt stays escaped here: descriptionHtmlToText unescapes the whole text once.
    return `\n\n![${cleanImageAlt(attribute('alt'))}](${src})\n\n`;
  });
  return descriptionHtmlToText(withImageLines);
}

/** Whether post HTML has anything to read or see: text, or one of our images. */
export function postHasContent(html: string): boolean {
  if (/<img\b[^>]*\ssrc="\/media\/posts\//i.test(html)) return true;
  return (
    html
      .replace(/<[^>]*>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .trim() !== ''
  );
}
