/** What a wrapper of `res.write` or `res.end` is handed, read the way Node reads it. */

/** A written chunk as bytes (a view of the same memory when it already is bytes). */
export function chunkBytes(chunk: unknown, encoding: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  const view = chunk as Uint8Array;
  return Buffer.from(view.buffer, view.byteOffset, view.byteLength);
}

/** `res.end`'s arguments in their places: `end(callback)` and `end(chunk, callback)` included. */
export function endArguments(
  chunk: unknown,
  encoding: unknown,
  callback: unknown,
): { chunk: unknown; encoding: unknown; callback: unknown } {
  if (typeof chunk === 'function') return { chunk: undefined, encoding: undefined, callback: chunk };
  if (typeof encoding === 'function') return { chunk, encoding: undefined, callback: encoding };
  return { chunk, encoding, callback };
}
