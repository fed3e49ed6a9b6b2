/** @jest-environment jsdom */
import { escapeHtml, markup, SafeHtml } from './html';

describe('markup written as text', () => {
  it('escapes every character that could open a tag, end an attribute or start an entity', () => {
    expect(escapeHtml(`<b title="x" data-y='z'>Tom & Jerry</b>`)).toBe(
      '&lt;b title=&quot;x&quot; data-y=&#39;z&#39;&gt;Tom &amp; Jerry&lt;/b&gt;',
    );
  });

  it('escapes interpolated text in content and in quoted attributes, and keeps its own markup', () => {
    const title = '"><script>alert(1)</script>';
    const out = markup`<a href="/m/${title}" class="x">${title}</a>`;
    expect(out).toBeInstanceOf(SafeHtml);
    expect(out.value).toBe(
      '<a href="/m/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" class="x">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</a>',
    );
    const parsed = new DOMParser().parseFromString(out.value, 'text/html');
    expect(parsed.querySelectorAll('script')).toHaveLength(0);
    expect(parsed.querySelector('a')?.textContent).toBe(title);
    expect(parsed.querySelector('a')?.getAttribute('href')).toBe(`/m/${title}`);
  });

  it('nests its own output unescaped, joins lists and leaves out null, undefined and false', () => {
    const items = ['a<', 'b'].map((x) => markup`<li>${x}</li>`);
    expect(markup`<ul>${items}${null}${undefined}${false}${0}</ul>`.value).toBe('<ul><li>a&lt;</li><li>b</li>0</ul>');
  });

  it('treats a string that looks like markup as text, never as markup', () => {
    expect(markup`${'<i>x</i>'}`.value).toBe('&lt;i&gt;x&lt;/i&gt;');
  });
});
