import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { createNonce, NONCE_LENGTH } from './csp';
import { buildGzipTemplate, renderGzipTemplate } from './nonce-gzip';
import { buildNonceTemplate, renderNonceTemplate } from './nonce-html';

/** A page with the repetition of real HTML and text that does not compress to nothing. */
function page(scripts: number): Buffer {
  const parts = [
    '<!DOCTYPE html><html><head><meta charSet="utf-8"/><script src="/_next/static/chunks/a.js" async=""></script></head><body>',
  ];
  for (let i = 0; i < 200; i++)
    parts.push(
      `<div class="card"><a href="/de/material/${i}/${randomBytes(6).toString('hex')}">Brüche ${randomBytes(12).toString('base64')}</a></div>`,
    );
  for (let i = 0; i < scripts; i++)
    parts.push(`<script>self.__next_f.push([1,"${randomBytes(300).toString('base64')}"])</script>`);
  parts.push('</body></html>');
  return Buffer.from(parts.join(''));
}

describe('gzip templates', () => {
  it('decompress to the page with the nonce, for any nonce (gunzip checks the CRC)', () => {
    const template = buildNonceTemplate(page(12));
    const gzip = buildGzipTemplate(template, NONCE_LENGTH);
    for (let i = 0; i < 50; i++) {
      const nonce = createNonce();
      expect(zlib.gunzipSync(renderGzipTemplate(gzip, nonce)).equals(renderNonceTemplate(template, nonce))).toBe(true);
    }
  });

  it('cost little more than compressing each response', () => {
    const template = buildNonceTemplate(page(4));
    const nonce = createNonce();
    const whole = zlib.gzipSync(renderNonceTemplate(template, nonce)).length;
    expect(renderGzipTemplate(buildGzipTemplate(template, NONCE_LENGTH), nonce).length).toBeLessThan(whole * 1.05);
  });

  it('are right for pages that contain NUL bytes and pages without a script', () => {
    const withNul = buildNonceTemplate(Buffer.concat([page(3), Buffer.from('\u0000<script>x()</script>\u0000')]));
    const nonce = createNonce();
    expect(
      zlib
        .gunzipSync(renderGzipTemplate(buildGzipTemplate(withNul, NONCE_LENGTH), nonce))
        .equals(renderNonceTemplate(withNul, nonce)),
    ).toBe(true);
    const plain = buildNonceTemplate(Buffer.from('<p>plain</p>'));
    expect(zlib.gunzipSync(renderGzipTemplate(buildGzipTemplate(plain, NONCE_LENGTH), nonce)).toString()).toBe(
      '<p>plain</p>',
    );
  });

  it('refuse a nonce of another length', () => {
    const gzip = buildGzipTemplate(buildNonceTemplate(page(1)), NONCE_LENGTH);
    expect(() => renderGzipTemplate(gzip, 'short')).toThrow('nonce length');
  });
});
