import { NextRequest } from 'next/server';
import { handleRoot, handleWorldlessPath, isSafeTargetPath } from './main-site';
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

  it('never follows a target to another site', () => {
    expect(isSafeTargetPath('//evil.example/x')).toBe(false);
    expect(isSafeTargetPath('https://evil.example')).toBe(false);
    expect(handleRoot(request('/', 'kreide_target=%2F%2Fevil.example')).status).toBe(200);
  });

  it('goes to the remembered world, keeping the tab', () => {
    const response = handleRoot(request('/?tab=new', 'kreide_world=gr'));
    expect(response.headers.get('location')).toBe('http://localhost:3000/gr?tab=new');
  });

  it('without a cookie, answers a small page that checks local storage and falls back to de', async () => {
    const response = handleRoot(request('/'));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toBe('noindex, follow');
    const html = await response.text();
    expect(html).toContain("localStorage.getItem('kreide_world')");
    expect(html).toContain('url=/de');
  });
});

describe('paths without a world', () => {
  it('redirects a known route into the remembered world, in its wording', () => {
    const response = handleWorldlessPath(request('/material/5/bruch', 'kreide_world=it'));
    expect(response.headers.get('location')).toBe('http://localhost:3000/it/materiale/5/bruch');
  });

  it('redirects a German path into the default world', () => {
    expect(handleWorldlessPath(request('/merkzettel')).headers.get('location')).toBe('http://localhost:3000/de/merkzettel');
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
