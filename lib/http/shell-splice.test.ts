import { SHELL_QUERY_MARKER, SHELL_RESULTS_MARKER, SHELL_TITLE_MARKER } from '@/lib/search/shell';
import { parseShell, payloadText, renderShell } from './shell-splice';

/** A page shaped as Next writes a search shell: markup, and the payload as inert JSON. */
function shellSegments(): string[] {
  const payload = JSON.stringify([
    [0],
    [
      1,
      `0:{"c":["","de","suchergebnisse?${SHELL_QUERY_MARKER}"],"q":"?${SHELL_QUERY_MARKER}"}\n5:["$","title","0",{"children":"${SHELL_TITLE_MARKER}"}]\n1a:T${SHELL_RESULTS_MARKER.length.toString(16)},${SHELL_RESULTS_MARKER}7:["$","div",null,{"className":"search-page","dangerouslySetInnerHTML":{"__html":"$1a"}}]\n`,
    ],
  ]).replace(/</g, '\\u003c');
  const html = `<!DOCTYPE html><html><head><title>${SHELL_TITLE_MARKER}</title><meta property="og:title" content="${SHELL_TITLE_MARKER}"/><script nonce="`;
  const rest = `">self.x=1</script></head><body><div class="search-page">${SHELL_RESULTS_MARKER}</div><script type="application/json" data-kreide-flight="">${payload}</script></body></html>`;
  return [html, rest];
}

/** The text rows of a payload with the byte length each declares. */
function textRows(flight: string): { declared: number; text: string }[] {
  const rows: { declared: number; text: string }[] = [];
  for (const match of flight.matchAll(/[0-9a-f]+:T([0-9a-f]+),/g)) {
    const declared = parseInt(match[1]!, 16);
    const start = match.index + match[0].length;
    const bytes = Buffer.from(flight.slice(start), 'utf8').subarray(0, declared);
    rows.push({ declared, text: bytes.toString('utf8') });
  }
  return rows;
}

describe('search pages from a shell', () => {
  const results = '<h1>Ergebnisse für „Brüche & Co“</h1><p class="x">Κλάσματα “10 €”</p>\u2028';
  const page = () =>
    renderShell(parseShell(shellSegments()), {
      results,
      title: `Suchergebnisse für „Brüche & <Co>“ 'x'`,
      nonce: 'NONCE123',
      query: 'q=Br%C3%BCche+%26+Co&page=2',
    });

  it('puts the results region into the markup as it is and into the payload with its byte length', () => {
    const html = page();
    expect(html).toContain(`<div class="search-page">${results}</div>`);
    const flight = JSON.parse(/data-kreide-flight="">([\s\S]*?)<\/script>/.exec(html)![1]!) as [number, string][];
    const text = flight.map((push) => push[1] ?? '').join('');
    const rows = textRows(text);
    expect(rows).toEqual([{ declared: Buffer.byteLength(results, 'utf8'), text: results }]);
    // The row is followed by the next row, as React reads it.
    expect(text).toContain(`${results}7:["$","div"`);
  });

  it('writes the title escaped for markup and for the payload, the nonce and the query', () => {
    const html = page();
    expect(html).toContain('<title>Suchergebnisse für „Brüche &amp; &lt;Co&gt;“ &#x27;x&#x27;</title>');
    expect(html).toContain('content="Suchergebnisse für „Brüche &amp; &lt;Co&gt;“ &#x27;x&#x27;"');
    expect(html).toContain('<script nonce="NONCE123">');
    const flight = JSON.parse(/data-kreide-flight="">([\s\S]*?)<\/script>/.exec(html)![1]!) as [number, string][];
    const text = flight.map((push) => push[1] ?? '').join('');
    expect(text).toContain(`"children":"Suchergebnisse für „Brüche & <Co>“ 'x'"`);
    expect(text).toContain(
      '"c":["","de","suchergebnisse?q=Br%C3%BCche+%26+Co&page=2"],"q":"?q=Br%C3%BCche+%26+Co&page=2"',
    );
    // Nothing in the payload can end its script.
    expect(/data-kreide-flight="">([\s\S]*?)<\/script>/.exec(html)![1]).not.toMatch(/[<>]/);
  });

  it('leaves the query out of the payload when there is none', () => {
    const html = renderShell(parseShell(shellSegments()), { results: 'x', title: 't', nonce: 'n', query: '' });
    expect(html).toContain('\\"c\\":[\\"\\",\\"de\\",\\"suchergebnisse\\"],\\"q\\":\\"\\"');
  });

  it('refuses a page that is not a shell', () => {
    expect(() => parseShell(['<html><body>no markers</body></html>'])).toThrow(/not a search shell/);
    const [head, rest] = shellSegments();
    expect(() => parseShell([head!, rest!.replace(SHELL_RESULTS_MARKER, '')])).toThrow(/results slots 1/);
  });

  it('escapes payload text as Next does', () => {
    expect(payloadText('a"b\\c<d>&e\u2028')).toBe('a\\"b\\\\c\\u003cd\\u003e\\u0026e\\u2028');
  });
});
