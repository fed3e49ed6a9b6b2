import { htmlToText } from './sanitize';

describe('the plain text of author HTML', () => {
  it('is what a reader sees: tags gone, characters unescaped once, so a meta tag does not show `&amp;`', () => {
    expect(htmlToText('<p>Tom &amp; Jerry &lt;3 <strong>Brüche</strong></p>')).toBe('Tom & Jerry <3 Brüche');
    // The author wrote the text `&lt;` (escaped once more in the HTML): it stays that text.
    expect(htmlToText('<p>&amp;lt;b&amp;gt;</p>')).toBe('&lt;b&gt;');
  });

  it('drops scripts and styles with their content and shortens at a word', () => {
    expect(htmlToText('<p>Vor</p><script>alert(1)</script><style>p{}</style> nach')).toBe('Vor nach');
    expect(htmlToText('eins zwei drei vier', 12)).toBe('eins zwei…');
  });
});
