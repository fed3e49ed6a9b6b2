import sanitizeHtml from 'sanitize-html';
import { POST_IMAGE_SRC } from './post-image-src';

export { POST_IMAGE_SRC };

export interface AuthorHtmlOptions {
  /**
   * Keep `<img>` whose `src` is an image uploaded to Kreide for a post (POST_IMAGE_SRC), with
   * its `alt`; every other image is removed whole. Without it, author HTML has no images.
   */
  postImages?: boolean;
}

const AUTHOR_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a'];

/** Author-written HTML reduced to safe formatting: no scripts, styles or handlers. */
export function sanitizeAuthorHtml(html: string, options: AuthorHtmlOptions = {}): string {
  return sanitizeHtml(html, {
    allowedTags: options.postImages ? [...AUTHOR_TAGS, 'img'] : AUTHOR_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'rel'],
      ...(options.postImages ? { img: ['src', 'alt', 'loading'] } : {}),
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow ugc noopener' }),
      img: sanitizeHtml.simpleTransform('img', { loading: 'lazy' }),
    },
    // Runs on the filtered attributes: an image whose address is not one of our post images
    // (or that has none) goes entirely.
    exclusiveFilter: options.postImages
      ? (frame) => frame.tag === 'img' && !POST_IMAGE_SRC.test(frame.attribs.src ?? '')
      : undefined,
  });
}

/** Author HTML of a blog post: the author-HTML rules plus the post's own uploaded images. */
export function sanitizePostHtml(html: string): string {
  return sanitizeAuthorHtml(html, { postImages: true });
}

/**
 * Plain text of author HTML, for meta descriptions and structured data. Plain means unescaped:
 * sanitize-html writes `&`, `<` and `>` of the text back as entities, which a meta tag or JSON-LD
 * would show as `&amp;`, since React and `jsonForScript` escape what they write themselves. Never
 * place the result into HTML unescaped.
 */
export function htmlToText(html: string, maxLength = 160): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    // Last, so an escaped entity (`&amp;lt;`) comes out as the text `&lt;` its author wrote.
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).replace(/\s+\S*$/, '')}…` : text;
}
