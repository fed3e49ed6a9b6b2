import { SHARE_TARGETS, shareHref, shareLinks } from './share-targets';

const content = {
  url: 'https://kreide.example/gr/υλικό/12/ασκήσεις?ref=a&b=c#top',
  title: 'Brüche & Dezimalzahlen #1: Ελληνικά + 50 %',
  text: 'Schau mal: Übungen für die 5. Klasse',
  image: 'https://kreide.example/media/covers/12-ab-card.webp',
};

/** The decoded query of a share link (URLSearchParams would read `+` as a space, so decode by hand). */
function fields(href: string): Record<string, string> {
  const query = href.slice(href.indexOf('?') + 1);
  return Object.fromEntries(
    query.split('&').map((pair) => {
      const [name, value] = pair.split('=') as [string, string];
      return [decodeURIComponent(name), decodeURIComponent(value)];
    }),
  );
}

describe('share links', () => {
  it('lists every target once, in display order', () => {
    expect(shareLinks(content).map((link) => link.target)).toEqual([...SHARE_TARGETS]);
  });

  it('encodes & # + spaces and Greek so that each value arrives whole', () => {
    for (const { target, href } of shareLinks(content)) {
      const query = href.slice(href.indexOf('?') + 1);
      // Nothing a value holds can end the query or start a fragment: only ASCII, no raw space, #, +.
      expect(query).toMatch(/^[A-Za-z0-9%=&._~!*'()-]*$/);
      expect(query).not.toMatch(/[ #+]/);
      const values = Object.values(fields(href));
      expect(values.join('\n')).toContain(content.url);
      if (['email', 'pinterest', 'x'].includes(target)) expect(values).toContain(content.title);
    }
  });

  it('writes a mail with the title as subject and the text, then the link, as body', () => {
    const href = shareHref('email', content);
    expect(href.startsWith('mailto:?subject=')).toBe(true);
    expect(fields(href)).toEqual({ subject: content.title, body: `${content.text}\r\n\r\n${content.url}` });
    // Spaces are %20 (a mail client reads + literally).
    expect(href).toContain('Br%C3%BCche%20%26%20Dezimalzahlen%20%231');
  });

  it('builds each network’s share address', () => {
    expect(fields(shareHref('whatsapp', content))).toEqual({ text: `${content.text} ${content.url}` });
    expect(shareHref('whatsapp', content).startsWith('https://wa.me/?text=')).toBe(true);
    expect(shareHref('facebook', content)).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(content.url)}`,
    );
    expect(fields(shareHref('pinterest', content))).toEqual({
      url: content.url,
      media: content.image,
      description: content.title,
    });
    expect(shareHref('pinterest', content).startsWith('https://www.pinterest.com/pin/create/button/?')).toBe(true);
    expect(fields(shareHref('x', content))).toEqual({ text: content.title, url: content.url });
    expect(shareHref('x', content).startsWith('https://x.com/intent/tweet?')).toBe(true);
    expect(shareHref('linkedin', content)).toBe(
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(content.url)}`,
    );
  });

  it('encodes Greek as UTF-8 percent escapes and leaves out a missing image', () => {
    const greek = { url: 'https://kreide.example/gr/a', title: 'Ασκήσεις γραμματικής' };
    const href = shareHref('pinterest', greek);
    expect(href).toContain(`description=${'%CE%91%CF%83%CE%BA%CE%AE%CF%83%CE%B5%CE%B9%CF%82%20'}`);
    expect(href).not.toContain('media=');
    // Without a text, a message carries the title.
    expect(fields(shareHref('whatsapp', greek)).text).toBe(`${greek.title} ${greek.url}`);
  });
});
