import {
  DEFER_LOADER,
  deferFrameworkScripts,
  flightPayloadAsJson,
  inertFlightScripts,
  joinFlightScripts,
} from './defer-scripts';

const page = `<html><head><link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a.js"/><script src="/_next/static/chunks/a.js" async=""></script><script src="/_next/static/chunks/poly.js" noModule=""></script></head><body><h1>x</h1><script>self.__next_f.push([1])</script></body></html>`;

describe('deferFrameworkScripts', () => {
  it('holds the framework chunks back until the loader starts them', () => {
    const out = deferFrameworkScripts(page);
    expect(out).not.toContain('rel="preload" as="script"');
    expect(out).not.toContain('<script src="/_next/static/chunks/a.js" async="">');
    expect(out).toContain('<script type="text/plain" data-kreide-src="/_next/static/chunks/a.js"></script>');
    expect(out).toContain(`${DEFER_LOADER}</body>`);
  });

  it('keeps inline data and nomodule scripts as they are', () => {
    const out = deferFrameworkScripts(page);
    expect(out).toContain('<script>self.__next_f.push([1])</script>');
    expect(out).toContain('noModule=""');
  });

  it('leaves pages without framework scripts or without a body alone', () => {
    expect(deferFrameworkScripts('<html><body>plain</body></html>')).toBe('<html><body>plain</body></html>');
    expect(deferFrameworkScripts('<p>fragment')).toBe('<p>fragment');
  });
});

describe('joinFlightScripts', () => {
  it('joins consecutive payload pushes into one script, in order', () => {
    const html =
      '<body><script>(self.__next_f=self.__next_f||[]).push([0])</script><script>self.__next_f.push([1,"a"])</script><script>self.__next_f.push([1,"b"])</script></body>';
    expect(joinFlightScripts(html)).toBe(
      '<body><script>(self.__next_f=self.__next_f||[]).push([0]);self.__next_f.push([1,"a"]);self.__next_f.push([1,"b"])</script></body>',
    );
  });

  it('never joins a payload push onto another kind of script', () => {
    const html = '<script>$RC("B:0","S:0")</script><script>self.__next_f.push([1,"a"])</script>';
    expect(joinFlightScripts(html)).toBe(html);
    expect(joinFlightScripts('<p>no scripts</p>')).toBe('<p>no scripts</p>');
  });
});

describe('inertFlightScripts', () => {
  /** What the page's scripts push when run as script, in order. */
  function pushedByScript(body: string): unknown[] {
    const self: { __next_f?: unknown[] } = {};
    new Function('self', body)(self);
    return self.__next_f!;
  }

  const payload =
    '(self.__next_f=self.__next_f||[]).push([0]);self.__next_f.push([1,"1:\\"$Sreact\\"\\n"]);self.__next_f.push([1,"a ) ; self.__next_f.push( [ \\u003c/script\\u003e ] \\\\"]);self.__next_f.push([2,{"k":[1,2]}])';

  it('turns the joined payload into inert JSON that holds exactly what the script pushed, in order', () => {
    const html = `<body><p>x</p><script>${payload}</script><script>$RC("B:0","S:0")</script></body>`;
    const out = inertFlightScripts(html);
    const json = out.match(/<script type="application\/json" data-kreide-flight="">(.*?)<\/script>/)![1]!;
    expect(JSON.parse(json)).toEqual(pushedByScript(payload));
    expect(out).toContain('<script>$RC("B:0","S:0")</script>');
    expect(out).not.toContain('<script>(self.__next_f');
  });

  it('leaves any script that is not only payload pushes as it is', () => {
    for (const body of [
      'self.__next_f.push([1,"a"]);alert(1)',
      'self.__next_f.push([1,"a"]',
      'self.__next_f.push([1,"</script><script>alert(1)"])',
      'document.title="x"',
    ])
      expect(flightPayloadAsJson(body)).toBeNull();
    const html = '<script>self.__next_f.push([1,"a"]);alert(1)</script>';
    expect(inertFlightScripts(html)).toBe(html);
  });
});
