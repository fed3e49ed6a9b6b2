import { errorStatus } from '@/lib/api/errors';
import { AppError } from '@/lib/errors/app-error';
import { readUploadedFile } from './upload';

function multipart(parts: Record<string, Blob | string>): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) form.append(name, value);
  return new Request('http://localhost/api/v3/user-details/avatar', { method: 'POST', body: form });
}

/** A multipart request whose body arrives in chunks, counting how many were pulled. */
function streamedRequest(totalBytes: number, chunkBytes: number, headers: Record<string, string> = {}) {
  const boundary = 'test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let sent = 0;
  const stats = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      stats.pulled++;
      if (sent === 0) controller.enqueue(head);
      if (sent >= totalBytes) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      const size = Math.min(chunkBytes, totalBytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x41));
    },
    cancel() {
      stats.cancelled = true;
    },
  });
  const request = new Request('http://localhost/upload', {
    method: 'POST',
    body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
    duplex: 'half',
  } as RequestInit);
  return { request, stats };
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('readUploadedFile', () => {
  it('returns the bytes of the file field, whatever name and type the client gave it', async () => {
    const bytes = Buffer.from([1, 2, 3, 4]);
    const file = await readUploadedFile(multipart({ file: new File([bytes], 'photo.svg', { type: 'image/svg+xml' }) }));
    expect(file.equals(bytes)).toBe(true);
  });

  it('refuses a declared Content-Length over the limit before reading anything (413)', async () => {
    const { request, stats } = streamedRequest(100, 100, { 'content-length': String(10 * 1024 * 1024) });
    const error = await refusal(readUploadedFile(request, { maxBytes: 1024 }));
    expect(errorStatus(error.code)).toBe(413);
    expect(error.details).toMatchObject({ reason: 'file_too_large', maxBytes: 1024 });
    expect(stats.pulled).toBeLessThanOrEqual(1); // at most what the stream queued up front
  });

  it('stops reading a body without Content-Length as soon as it passes the limit (413)', async () => {
    const maxBytes = 256 * 1024;
    const { request, stats } = streamedRequest(50 * 1024 * 1024, 64 * 1024);
    const error = await refusal(readUploadedFile(request, { maxBytes }));
    expect(errorStatus(error.code)).toBe(413);
    // The limit plus 64 KB for the multipart framing, in 64 KB chunks: a handful, not 800.
    expect(stats.pulled).toBeLessThan(10);
    expect(stats.cancelled).toBe(true);
  });

  it('refuses a file over the limit that fits the body allowance (413)', async () => {
    const error = await refusal(
      readUploadedFile(multipart({ file: new File([new Uint8Array(2000)], 'a.png') }), { maxBytes: 1000 }),
    );
    expect(errorStatus(error.code)).toBe(413);
  });

  it('accepts a file of exactly the limit', async () => {
    const file = await readUploadedFile(multipart({ file: new File([new Uint8Array(1000)], 'a.png') }), {
      maxBytes: 1000,
    });
    expect(file.length).toBe(1000);
  });

  it('refuses a body that is not multipart (415)', async () => {
    const request = new Request('http://localhost/upload', {
      method: 'POST',
      body: '{"file":"x"}',
      headers: { 'content-type': 'application/json' },
    });
    const error = await refusal(readUploadedFile(request));
    expect(errorStatus(error.code)).toBe(415);
    expect(error.details).toMatchObject({ reason: 'multipart_expected' });
  });

  it('refuses a malformed multipart body (400)', async () => {
    const request = new Request('http://localhost/upload', {
      method: 'POST',
      body: 'garbage',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect((await refusal(readUploadedFile(request))).code).toBe('bad_request');
  });

  it.each([
    ['no file', { other: new File([new Uint8Array(4)], 'a.png') }, 'other'],
    ['a text instead of a file', { file: 'not a file' }, 'file'],
    ['an empty file', { file: new File([], 'a.png') }, 'file'],
  ])('refuses %s with the field path (400)', async (_name, parts, path) => {
    const error = await refusal(readUploadedFile(multipart(parts)));
    expect(error.code).toBe('validation_failed');
    expect(error.details).toEqual([expect.objectContaining({ path })]);
  });

  it('refuses fields besides the file and more than one file (400)', async () => {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(4)], 'a.png'));
    form.append('file', new File([new Uint8Array(4)], 'b.png'));
    const twoFiles = await refusal(
      readUploadedFile(new Request('http://localhost/upload', { method: 'POST', body: form })),
    );
    expect(twoFiles.details).toEqual([{ path: 'file', message: 'Send exactly one file' }]);
    const extra = await refusal(
      readUploadedFile(multipart({ file: new File([new Uint8Array(4)], 'a.png'), userId: '1' })),
    );
    expect(extra.details).toEqual([{ path: 'userId', message: 'Unknown field "userId"' }]);
  });
});
