import { sanitizeAuthorHtml, sanitizePostHtml } from '@/lib/text/sanitize';
import { cleanImageAlt, imageLine, postHasContent, postHtmlToText, postTextToHtml } from './post-text';

const OURS = '/media/posts/12/Ab3dEf6hIj9kLm0n.webp';

describe('post text → HTML', () => {
  it('makes paragraphs, line breaks and lists like the material description', () => {
    expect(postTextToHtml('Erster Absatz\nzweite Zeile\n\n- eins\n- zwei')).toBe(
      '<p>Erster Absatz<br>zweite Zeile</p><ul><li>eins</li><li>zwei</li></ul>',
    );
  });

  it('turns an image line with one of our post images into an image of its own', () => {
    expect(postTextToHtml(`Vorher\n![Tafel mit "Brüchen" & Co](${OURS})\nNachher`)).toBe(
      `<p>Vorher</p><p><img src="${OURS}" alt="Tafel mit &quot;Brüchen&quot; &amp; Co"></p><p>Nachher</p>`,
    );
  });

  it('leaves image lines with any other address as the text that was typed', () => {
    for (const src of [
      'https://evil.example/pixel.gif',
      '//evil.example/media/posts/12/Ab3dEf6hIj9kLm0n.webp',
      'javascript:alert(1)',
      '/media/users/12/image-Ab3dEf6hIj9k.webp',
      '/media/posts/12/../../users/Ab3dEf6hIj9k.webp',
      '/media/posts/12/Ab3dEf6hIj9kLm0n.webp?x=1',
      'data:image/png;base64,AAAA',
    ]) {
      const html = postTextToHtml(`![x](${src})`);
      expect(html).not.toContain('<img');
      expect(html).toBe(`<p>![x](${src.replace(/&/g, '&amp;')})</p>`);
    }
  });

  it('escapes everything typed: markup never becomes markup', () => {
    const html = postTextToHtml('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>');
    expect(html).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><p>&lt;img src=x onerror=alert(1)&gt;</p>');
  });

  it('keeps an image description to one line without brackets', () => {
    expect(cleanImageAlt(' a]b[\nc  ')).toBe('a b c');
    expect(cleanImageAlt('x'.repeat(300))).toHaveLength(200);
    expect(imageLine(OURS, 'Ein [Bild]')).toBe(`![Ein Bild](${OURS})`);
  });
});

describe('post HTML → text', () => {
  it('gives back what was typed, images as their lines', () => {
    const text = `Absatz mit & und <Zeichen>\n\n![Tafel "A" & B](${OURS})\n\n- eins\n- zwei`;
    expect(postHtmlToText(postTextToHtml(text))).toBe(text);
    // After the server's sanitiser too.
    expect(postHtmlToText(sanitizePostHtml(postTextToHtml(text)))).toBe(text);
  });

  it('drops images that are not ours', () => {
    expect(postHtmlToText('<p>a</p><img src="https://evil.example/x.webp" alt="x"><p>b</p>')).toBe('a\n\nb');
  });
});

describe('sanitising post HTML', () => {
  it('keeps our post images with their description, lazily loaded', () => {
    expect(sanitizePostHtml(`<p><img src="${OURS}" alt="Tafel"></p>`)).toBe(
      `<p><img src="${OURS}" alt="Tafel" loading="lazy" /></p>`,
    );
  });

  it('removes scripts, handlers, styles and javascript: links', () => {
    const html = sanitizePostHtml(
      `<p onclick="x()" style="color:red">Hallo<script>alert(1)</script></p>` +
        `<a href="javascript:alert(1)">klick</a><a href="https://example.org/">gut</a>` +
        `<img src="${OURS}" onerror="alert(1)" alt="a"><iframe src="https://evil.example"></iframe>`,
    );
    expect(html).not.toMatch(/script|onclick|onerror|style=|javascript:|iframe/i);
    expect(html).toContain('<p>Hallo</p>');
    expect(html).toContain('<a rel="nofollow ugc noopener">klick</a>');
    expect(html).toContain('<a href="https://example.org/" rel="nofollow ugc noopener">gut</a>');
    expect(html).toContain(`<img src="${OURS}" alt="a" loading="lazy" />`);
  });

  it('removes images from anywhere else', () => {
    for (const src of [
      'https://evil.example/pixel.gif',
      'http://evil.example/media/posts/12/Ab3dEf6hIj9kLm0n.webp',
      '//evil.example/media/posts/12/Ab3dEf6hIj9kLm0n.webp',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '/media/users/12/image-Ab3dEf6hIj9k.webp',
      '/media/covers/1.webp',
      '/media/posts/12/../../users/Ab3dEf6hIj9k.webp',
      '/media/posts/12/Ab3dEf6hIj9kLm0n.webp?track=1',
      'media/posts/12/Ab3dEf6hIj9kLm0n.webp',
      '/media/posts/0/Ab3dEf6hIj9kLm0n.webp',
      '/media/posts/12/Ab3dEf6hIj9kLm0n.svg',
      ' /media/posts/12/Ab3dEf6hIj9kLm0n.webp',
      '',
    ]) {
      expect(sanitizePostHtml(`<p>a<img src="${src}" alt="x">b</p>`)).toBe('<p>ab</p>');
    }
    expect(sanitizePostHtml('<p>a<img alt="no source">b</p>')).toBe('<p>ab</p>');
    expect(sanitizePostHtml(`<p>a<img srcset="https://evil.example/a.webp 2x" src="${OURS}">b</p>`)).toBe(
      `<p>a<img src="${OURS}" loading="lazy" />b</p>`,
    );
  });

  it('keeps author HTML elsewhere (descriptions) without any image', () => {
    expect(sanitizeAuthorHtml(`<p>a<img src="${OURS}" alt="x">b</p>`)).toBe('<p>ab</p>');
  });
});

describe('whether a post has content', () => {
  it('counts text or one of our images, not empty markup', () => {
    expect(postHasContent('')).toBe(false);
    expect(postHasContent('<p> </p><ul><li></li></ul>')).toBe(false);
    expect(postHasContent('<p>Hallo</p>')).toBe(true);
    expect(postHasContent(sanitizePostHtml(`<p><img src="${OURS}" alt=""></p>`))).toBe(true);
  });
});
