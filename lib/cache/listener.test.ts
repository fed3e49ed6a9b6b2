import { decodeMessage, encodeMessages } from './listener';

describe('cache messages', () => {
  it('carry the tags and the sending process', () => {
    const [payload, ...rest] = encodeMessages('host:1:ab', ['author:7', 'follows:7', 'author:7']);
    expect(rest).toEqual([]);
    expect(decodeMessage(payload)).toEqual({ origin: 'host:1:ab', tags: ['author:7', 'follows:7'] });
  });

  it('split a large invalidation into payloads NOTIFY accepts (under 8000 bytes)', () => {
    const tags = Array.from({ length: 5000 }, (_, i) => `material:${i}`);
    const payloads = encodeMessages('host:1:ab', tags);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    expect(payloads.flatMap((payload) => decodeMessage(payload)!.tags)).toEqual(tags);
  });

  it('ignore payloads that are not ours', () => {
    expect(decodeMessage(undefined)).toBeNull();
    expect(decodeMessage('not json')).toBeNull();
    expect(decodeMessage('{"tags":["a"]}')).toBeNull();
    expect(decodeMessage('{"origin":"x","tags":["a",1]}')).toEqual({ origin: 'x', tags: ['a'] });
  });
});
