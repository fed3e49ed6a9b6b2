import { descriptionHtmlToText, descriptionTextToHtml } from './description-text';

describe('description text', () => {
  it('makes paragraphs, line breaks and lists, and escapes everything typed', () => {
    expect(descriptionTextToHtml('First line\nsecond line\n\n- one\n- two <b>\n\n<script>alert(1)</script>')).toBe(
      '<p>First line<br>second line</p><ul><li>one</li><li>two &lt;b&gt;</li></ul><p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });

  it('reads back what it wrote, so editing a saved description changes nothing', () => {
    const text = 'Ein Arbeitsblatt für Klasse 3 & 4.\nMit Lösungen.\n\n- Bruchrechnen\n- "Textaufgaben"';
    expect(descriptionHtmlToText(descriptionTextToHtml(text))).toBe(text);
  });

  it('reads richer HTML written before as plain text', () => {
    expect(descriptionHtmlToText('<h2>Inhalt</h2><p>Ein <strong>starkes</strong> Blatt</p><ol><li>A</li></ol>')).toBe(
      'Inhalt\n\nEin starkes Blatt\n\n- A',
    );
  });

  it('keeps an empty description empty', () => {
    expect(descriptionTextToHtml('  \n\n ')).toBe('');
    expect(descriptionHtmlToText('')).toBe('');
  });
});
