/**
 * Reading a JSON request body safely: content type first, then a byte cap enforced both on the
 * declared `Content-Length` and on the bytes actually read (a chunked or lying client cannot get
 * past it), then strict UTF-8 and JSON parsing. Every failure is an `HttpError` with a 4xx status.
 *
 * @module
 */
import { HttpError, apiError } from './errors';
import { findDuplicateJsonKey } from './json-keys';

/**
 * Checks that the request declares a JSON body: `application/json`, optionally with
 * `charset=utf-8`. Anything else (form posts, `text/plain`, other charsets, no header) → 415.
 */
export function requireJsonContentType(request: Request): void {
  const header = request.headers.get('content-type');
  if (header === null) throw apiError('unsupported_media_type', 'Content-Type must be application/json.');
  const [type = '', ...params] = header.split(';');
  if (type.trim().toLowerCase() !== 'application/json') throw apiError('unsupported_media_type', 'Content-Type must be application/json.');
  for (const param of params) {
    const [name = '', value = ''] = param.split('=');
    if (name.trim().toLowerCase() === 'charset' && value.trim().replace(/^"|"$/g, '').toLowerCase() !== 'utf-8') {
      throw apiError('unsupported_media_type', 'JSON bodies must be UTF-8.');
    }
  }
}

/**
 * Reads at most `maxBytes` bytes of the body and parses them as JSON.
 *
 * - `Content-Length` above the cap → 413 before anything is read; a malformed one → 400;
 * - more bytes than the cap arrive (chunked or lying length) → 413, the rest is not read;
 * - empty body, invalid UTF-8 or malformed JSON → 400;
 * - a key repeated inside one object (`{"grid_id":"a","grid_id":"b"}`) → 400 naming the key and where
 *   it is: `JSON.parse` would silently keep the last one;
 * - the stream failing (client gone) → 400, never 500.
 *
 * The parsed value can be anything JSON allows; callers check its shape.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const declared = request.headers.get('content-length');
  if (declared !== null) {
    if (!/^\s*\d+\s*$/.test(declared)) throw apiError('invalid_body', 'Content-Length is malformed.');
    if (Number(declared) > maxBytes) throw tooLarge(maxBytes);
  }
  const bytes = await readCapped(request, maxBytes);
  if (bytes.length === 0) throw apiError('invalid_body', 'The request body is empty; send a JSON object.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw apiError('invalid_body', 'The request body is not valid UTF-8.');
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw apiError('invalid_body', 'The request body is not valid JSON.');
  }
  if (typeof value === 'object' && value !== null) {
    const duplicate = findDuplicateJsonKey(text);
    if (duplicate) {
      const where = duplicate.path === '' ? 'at the top level' : `in ${clip(duplicate.path)}`;
      throw apiError('duplicate_key', `The request body has the key ${JSON.stringify(clip(duplicate.key))} twice ${where}; each key may appear only once.`);
    }
  }
  return value;
}

/** Keeps caller-supplied text in error messages short. */
function clip(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}

async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (request.body === null) return new Uint8Array(0);
  if (request.bodyUsed) throw apiError('invalid_body', 'The request body was already read.');
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        // Stop reading: the rest of an oversized body is never buffered.
        reader.cancel().catch(() => undefined);
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw apiError('invalid_body', 'The request body could not be read.');
  } finally {
    reader.releaseLock();
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function tooLarge(maxBytes: number): HttpError {
  return apiError('body_too_large', `The request body is larger than ${maxBytes} bytes.`, { Connection: 'close' });
}
