import { NextRequest } from 'next/server';
import { handleRoot, handleWorldlessPath } from './main-site';
import { rewriteToStorefront } from './storefront';

const request = (path: string, cookie?: string) =>
  new NextRequest(new URL(path, 'http://localhost:3000'), { headers: cookie ? { cookie } : {} });

describe('the root entry point', () => {
  it('follows a stored target path first, and forgets it', () => {
    const response = handleRoot(request('/', 'kreide_target=%2Fit%2Fcarrello; kreide_world=fr'));
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('http://localhost:3000/it/carrello');
    expect(response.headers.get('set-cookie')).toMatch(/kreide_target=;/);
  });

  it.each([
    '%2F%2Fevil.example',
    'https%3A%2F%2Fevil.example',
    '%2F%5Cevil.example%2Fx',
    '%2F%09%2Fevil.example%2Fphish',
  ])('never follows a stored target to another site (%s)', (target) => {
    const response = handleRoot(request('/', `kreide_target=${target}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
  });

  it('goes to the remembered world, keeping the tab', () => {
    const response = handleRoot(request('/?tab=new', 'kreide_world=gr'));
    expect(response.headers.get('location')).toBe('http://localhost:3000/gr?tab=new');
  });

  it('drops a tab that is not one of the home page’s tabs', () => {
    const response = handleRoot(request("/?tab='-alert(1)-'", 'kreide_world=gr'));
    expect(response.headers.get('location')).toBe('http://localhost:3000/gr');
  });

  it('never lets the tab reach the chooser page’s script as code', async () => {
    const injected = handleRoot(request("/?tab='-alert(document.domain)-'"));
    const html = await injected.text();
    expect(html).not.toContain('alert');
    const script = html.slice(html.indexOf('<script>') + 8, html.indexOf('</script>'));
    // The values reach the script as one JSON object, so the script has no string to break out of.
    expect(script).toMatch(/^\(function\(\)\{var v=\{"suffix":"","fallback":"\/de",/);
    const known = await handleRoot(request('/?tab=new')).text();
    expect(known).toContain('"suffix":"?tab=new"');
  });

  it('without a cookie, answers a small page that checks local storage and falls back to de', async () => {
    const response = handleRoot(request('/'));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toBe('noindex, follow');
    const html = await response.text();
    expect(html).toContain('"world":"kreide_world"');
    expect(html).toContain('localStorage.getItem(v.world)');
    expect(html).toContain('url=/de');
  });
});

describe('paths without a world', () => {
  it('redirects a known route into the remembered world, in its wording', () => {
    const response = handleWorldlessPath(request('/material/5/bruch', 'kreide_world=it'));
    expect(response.headers.get('location')).toBe('http://localhost:3000/it/materiale/5/bruch');
  });

  it('redirects a German path into the default world', () => {
    expect(handleWorldlessPath(request('/merkzettel')).headers.get('location')).toBe(
      'http://localhost:3000/de/merkzettel',
    );
  });

  it.each(['/%FF', '/%E0%A4%A', '/x%00y'])('treats a path that cannot be decoded as not found (%s)', (path) => {
    const response = handleWorldlessPath(request(path));
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('x-middleware-rewrite')).toBe(`http://localhost:3000/de${path}`);
  });

  it('rewrites anything else to the world’s translated 404', () => {
    const response = handleWorldlessPath(request('/xx/unknown'));
    expect(response.headers.get('x-middleware-rewrite')).toBe('http://localhost:3000/de/xx/unknown');
  });
});

describe('author domains', () => {
  const domain = { domain: 'author-demo.localhost', authorId: 2, world: 'de' };
  it.each([
    ['/', '/storefront/author-demo.localhost'],
    ['/materials', '/storefront/author-demo.localhost/materials'],
    ['/blog', '/storefront/author-demo.localhost/blog'],
    ['/material/12/bruch', '/storefront/author-demo.localhost/material/12/bruch'],
    ['/de/material/12', '/storefront/author-demo.localhost/not-found'],
  ])('rewrites %s to %s', (path, target) => {
    const response = rewriteToStorefront(request(`http://author-demo.localhost:3000${path}`), domain);
    expect(new URL(response.headers.get('x-middleware-rewrite')!).pathname).toBe(target);
  });
});
