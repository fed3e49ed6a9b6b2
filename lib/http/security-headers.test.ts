import type { IncomingMessage, ServerResponse } from 'node:http';
import { HSTS_VALUE, SECURITY_HEADERS, applySecurityHeaders, isSecureRequest } from './security-headers';

const req = (headers: Record<string, string> = {}, encrypted = false) =>
  ({ headers, socket: { encrypted } }) as unknown as IncomingMessage;

function headersFor(request: IncomingMessage): Record<string, string> {
  const set: Record<string, string> = {};
  applySecurityHeaders(request, {
    setHeader: (k: string, v: string) => (set[k.toLowerCase()] = v),
  } as unknown as ServerResponse);
  return set;
}

describe('security headers', () => {
  it('are set on every response', () => {
    const headers = headersFor(req());
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment'])
      expect(headers['permissions-policy']).toContain(`${feature}=()`);
    expect(Object.keys(SECURITY_HEADERS)).toHaveLength(5);
  });

  it('add Strict-Transport-Security only when the request came over HTTPS', () => {
    expect(headersFor(req())['strict-transport-security']).toBeUndefined();
    expect(headersFor(req({ 'x-forwarded-proto': 'http' }))['strict-transport-security']).toBeUndefined();
    expect(headersFor(req({ 'x-forwarded-proto': 'https' }))['strict-transport-security']).toBe(HSTS_VALUE);
    expect(headersFor(req({ 'x-forwarded-proto': 'https, http' }))['strict-transport-security']).toBe(HSTS_VALUE);
    expect(headersFor(req({}, true))['strict-transport-security']).toBe(HSTS_VALUE);
  });

  it('tell HTTPS from the socket or the proxy header', () => {
    expect(isSecureRequest(req({}, true))).toBe(true);
    expect(isSecureRequest(req({ 'x-forwarded-proto': 'HTTPS' }))).toBe(true);
    expect(isSecureRequest(req({ 'x-forwarded-proto': 'http' }))).toBe(false);
  });
});
