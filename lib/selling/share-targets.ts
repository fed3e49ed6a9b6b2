/**
 * Share links for a page of Kreide: plain links to the networks' own share pages (and a mail),
 * never their widgets or embeds. A widget would load the network's script into our pages and
 * tell it about every visitor, and Kreide's pages cannot be framed anyway (frame-ancestors
 * 'none'). Every value goes through `encodeURIComponent`, so `&`, `#`, `+`, spaces and any script
 * (Greek, Cyrillic, Chinese) reach the network as the text they are, never as extra parameters.
 * Pure: no Node or database code.
 */

/** The share targets in the order the pages show them. */
export const SHARE_TARGETS = ['email', 'whatsapp', 'facebook', 'pinterest', 'x', 'linkedin'] as const;

export type ShareTarget = (typeof SHARE_TARGETS)[number];

export interface ShareContent {
  /** The absolute https (or, in development, http) address being shared. */
  url: string;
  /** One line about it: the mail's subject, the pin's description, the post's text. */
  title: string;
  /** A longer text for a mail or a message; the link is added after it. Defaults to the title. */
  text?: string;
  /** An absolute address of a public image for a pin; without it Pinterest offers the page's images. */
  image?: string;
}

export interface ShareLink {
  target: ShareTarget;
  href: string;
}

const enc = encodeURIComponent;

/** The query of a share page, every name and value encoded (no `+` for spaces, which mailto reads literally). */
function query(fields: Record<string, string | undefined>): string {
  return Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
    .map(([name, value]) => `${enc(name)}=${enc(value)}`)
    .join('&');
}

/** The text of a message: the text, then the link on its own line. */
const message = (content: ShareContent, separator: string) =>
  `${content.text ?? content.title}${separator}${content.url}`;

/** The address of one share target. */
export function shareHref(target: ShareTarget, content: ShareContent): string {
  switch (target) {
    case 'email':
      // RFC 6068: percent-encoded fields, line breaks as CRLF.
      return `mailto:?${query({ subject: content.title, body: message(content, '\r\n\r\n') })}`;
    case 'whatsapp':
      return `https://wa.me/?${query({ text: message(content, ' ') })}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?${query({ u: content.url })}`;
    case 'pinterest':
      return `https://www.pinterest.com/pin/create/button/?${query({
        url: content.url,
        media: content.image,
        description: content.title,
      })}`;
    case 'x':
      return `https://x.com/intent/tweet?${query({ text: content.title, url: content.url })}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?${query({ url: content.url })}`;
  }
}

/** Every share target's link for the content, in display order. */
export function shareLinks(content: ShareContent): ShareLink[] {
  return SHARE_TARGETS.map((target) => ({ target, href: shareHref(target, content) }));
}
