import {
  NONCE_SLOT,
  NonceInjector,
  NonceScanner,
  buildNonceTemplate,
  renderNonceTemplate,
  tagAttributes,
} from './nonce-html';
import { REMEMBER_WORLD_SCRIPT } from '@/lib/worlds/remember-world-script';

const N = 'n0nceN0nceN0nceN0nce12';

function inject(html: string, chunkSizes?: number[]): string {
  const injector = new NonceInjector(N);
  const bytes = Buffer.from(html);
  const out: Buffer[] = [];
  if (!chunkSizes) {
    out.push(injector.push(bytes));
  } else {
    let at = 0;
    for (let i = 0; at < bytes.length; i++) {
      const size = chunkSizes[i % chunkSizes.length]!;
      out.push(injector.push(bytes.subarray(at, at + size)));
      at += size;
    }
  }
  out.push(injector.end());
  return Buffer.concat(out).toString('utf8');
}

const PAGE = [
  '<!DOCTYPE html><html lang="el-GR"><head><meta charSet="utf-8"/>',
  '<style>.a::before{content:"<script>"}</style>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a.js"/>',
  '<link rel="modulepreload" href="/_next/static/chunks/m.js"/>',
  '<link rel="preload" as="image" href="/media/cover.webp"/><link rel="stylesheet" href="/x.css"/>',
  '<script src="/_next/static/chunks/a.js" async=""></script></head>',
  `<body><script>${REMEMBER_WORLD_SCRIPT}</script><h1>Κλάσματα &lt;script&gt;</h1>`,
  '<script type="application/ld+json">{"name":"\\u003cscript>"}</script>',
  '<script type="text/plain" data-kreide-src="/_next/static/chunks/b.js"></script>',
  '<script type="module">import "/x.js"</script><script type="text/javascript">1</script>',
  '<scripts>not a tag</scripts><linked/>',
  '<script>var s = "<script>"; var l = "<link rel=modulepreload>";</script>',
  '<script>self.__next_f.push([1,"Κλάσματα"])</script></body></html>',
].join('');

describe('NonceInjector', () => {
  const out = inject(PAGE);

  it('gives executable scripts and script preloads the nonce', () => {
    expect(out).toContain(
      `<link nonce="${N}" rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a.js"/>`,
    );
    expect(out).toContain(`<link nonce="${N}" rel="modulepreload" href="/_next/static/chunks/m.js"/>`);
    expect(out).toContain(`<script nonce="${N}" src="/_next/static/chunks/a.js" async=""></script>`);
    expect(out).toContain(`<script nonce="${N}" type="module">`);
    expect(out).toContain(`<script nonce="${N}" type="text/javascript">`);
    expect(out).toContain(`<script nonce="${N}">self.__next_f.push([1,"Κλάσματα"])</script>`);
    expect(out.match(/nonce="/g)).toHaveLength(7);
  });

  it('leaves data blocks, other links, hash-allowed scripts and raw text alone', () => {
    expect(out).toContain(
      '<link rel="preload" as="image" href="/media/cover.webp"/><link rel="stylesheet" href="/x.css"/>',
    );
    expect(out).toContain(`<script>${REMEMBER_WORLD_SCRIPT}</script>`);
    expect(out).toContain('<script type="application/ld+json">');
    expect(out).toContain('<script type="text/plain" data-kreide-src=');
    expect(out).toContain('<style>.a::before{content:"<script>"}</style>');
    expect(out).toContain('<scripts>not a tag</scripts><linked/>');
    expect(out).toContain(`<script nonce="${N}">var s = "<script>"; var l = "<link rel=modulepreload>";</script>`);
  });

  it('gives the same page however the bytes are split into chunks', () => {
    const bytes = Buffer.byteLength(PAGE);
    for (let split = 1; split < bytes; split++) {
      const injector = new NonceInjector(N);
      const page = Buffer.from(PAGE);
      const twoChunks = Buffer.concat([
        injector.push(page.subarray(0, split)),
        injector.push(page.subarray(split)),
        injector.end(),
      ]).toString('utf8');
      if (twoChunks !== out) throw new Error(`differs when split at byte ${split}`);
    }
    expect(inject(PAGE, [1])).toBe(out);
    expect(inject(PAGE, [3, 7, 2, 50])).toBe(out);
  });

  it('sends bytes on as they come, holding back only what may start a tag', () => {
    const injector = new NonceInjector(N);
    expect(injector.push(Buffer.from('<p>first</p><scr')).toString()).toBe('<p>first</p>');
    expect(injector.push(Buffer.from('ipt>x()</script>')).toString()).toBe(`<script nonce="${N}">x()</script>`);
    expect(injector.push(Buffer.from('<p>tail')).toString()).toBe('<p>tail');
    expect(injector.end().length).toBe(0);
    // An unfinished tag at the very end goes out as it is.
    const cut = new NonceInjector(N);
    expect(Buffer.concat([cut.push(Buffer.from('<p>x</p><script src="a')), cut.end()]).toString()).toBe(
      '<p>x</p><script src="a',
    );
  });
});

describe('nonce templates', () => {
  it('renders the same page as the streaming injector', () => {
    const template = buildNonceTemplate(Buffer.from(PAGE));
    expect(template.segments).toHaveLength(8);
    expect(renderNonceTemplate(template, N).toString('utf8')).toBe(inject(PAGE));
    expect(renderNonceTemplate(buildNonceTemplate(Buffer.from('<p>none</p>')), N).toString()).toBe('<p>none</p>');
  });

  it('counts its places', () => {
    const scanner = new NonceScanner();
    const parts = [...scanner.push(Buffer.from('<script>a()</script><script>b()</script>')), ...scanner.end()];
    expect(parts.filter((p) => p === NONCE_SLOT)).toHaveLength(2);
    expect(scanner.slots).toBe(2);
  });
});

describe('tagAttributes', () => {
  it('reads quoted, unquoted and empty attributes', () => {
    const attributes = tagAttributes(`<link REL='preload' as=script crossorigin href="/a">`);
    expect(attributes.get('rel')).toBe('preload');
    expect(attributes.get('as')).toBe('script');
    expect(attributes.get('crossorigin')).toBe('');
    expect(attributes.get('href')).toBe('/a');
  });
});
