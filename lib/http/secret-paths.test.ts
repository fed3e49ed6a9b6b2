import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchRoute } from '@/lib/routing/localized-routes';
import { maskSecretPath } from './secret-paths';

function request(url: string) {
  const headers: Record<string, string> = {};
  const req = { url } as IncomingMessage;
  const res = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
  } as unknown as ServerResponse;
  const match = matchRoute('de', url.split('?')[0]!.split('/').slice(2))!;
  maskSecretPath(req, res, 'de', match);
  return { url: req.url, headers };
}

describe('maskSecretPath', () => {
  it('renders a token page with a placeholder and keeps the token out of Referer headers', () => {
    const answer = request('/de/passwort-wiederherstellen/Ab3xQ9secret?x=1');
    expect(answer.url).toBe('/de/passwort-wiederherstellen/-?x=1');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
  });

  it('leaves the abandoned-cart and free-material links to the server that reads them, never sent to other sites', () => {
    for (const path of ['/de/warenkorb-wiederherstellen/Ab3xQ9secret', '/de/free-material-download/Ab3xQ9.secret']) {
      const answer = request(path);
      expect(answer.url).toBe(path);
      expect(answer.headers['referrer-policy']).toBe('same-origin');
    }
  });

  it('changes nothing on other pages', () => {
    const answer = request('/de/warenkorb');
    expect(answer.url).toBe('/de/warenkorb');
    expect(answer.headers).toEqual({});
  });
});
