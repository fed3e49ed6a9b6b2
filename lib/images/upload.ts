import { AppError } from '@/lib/errors/app-error';
import { MAX_UPLOAD_BYTES } from './rules';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

function tooLarge(maxBytes: number): AppError {
  return new AppError('payload_too_large', undefined, { reason: 'file_too_large', maxBytes });
}

/**
 * Reads a request body, refusing it as soon as it grows past `limit` bytes: a declared
 * Content-Length over the limit is refused before anything is read, and a body that arrives
 * without one (chunked) is cut off while streaming, so a large upload is never held in memory.
 */
async function readLimited(request: Request, limit: number, maxFileBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(maxFileBytes);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxFileBytes);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * The one file of a multipart upload, in the form field `file`,
 * with the size limit enforced while reading. The client's file name and declared type are
 * ignored: the content is checked by the caller (lib/images/process.ts). Other form fields are
 * refused, like unknown fields in JSON bodies.
 */
export async function readUploadedFile(
  request: Request,
  options: { field?: string; maxBytes?: number } = {},
): Promise<Buffer> {
  return (await readUploadedFileWithName(request, options)).bytes;
}

/**
 * Like `readUploadedFile`, with the name the client gave the file: only ever a label (made safe
 * by the caller for a download name), never a path and never a hint at the content.
 */
export async function readUploadedFileWithName(
  request: Request,
  options: { field?: string; maxBytes?: number } = {},
): Promise<{ bytes: Buffer; name: string }> {
  const field = options.field ?? 'file';
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new AppError('unsupported_media_type', undefined, { reason: 'multipart_expected', field });
  }
  const raw = await readLimited(request, maxBytes + MULTIPART_OVERHEAD_BYTES, maxBytes);
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new AppError('bad_request', undefined, [
      { path: '', message: 'Body must be multipart/form-data with a file' },
    ]);
  }
  const unknown = [...new Set(form.keys())].filter((name) => name !== field);
  if (unknown.length)
    throw new AppError(
      'validation_failed',
      undefined,
      unknown.map((name) => ({ path: name, message: `Unknown field "${name}"` })),
    );
  const files = form.getAll(field);
  if (files.length !== 1 || typeof files[0] === 'string') {
    throw new AppError('validation_failed', undefined, [
      { path: field, message: files.length > 1 ? 'Send exactly one file' : 'A file is required' },
    ]);
  }
  const file = files[0]!;
  if (file.size > maxBytes) throw tooLarge(maxBytes);
  if (file.size === 0)
    throw new AppError('validation_failed', undefined, [{ path: field, message: 'The file is empty' }]);
  return { bytes: Buffer.from(await file.arrayBuffer()), name: file.name };
}
