// Reads a JSON body for writes: 415 without application/json, 413 over the size limit, 400 when it
// is not UTF-8, not JSON, or holds U+0000. Every route that takes a body reads it here.
import getRawBody from 'raw-body';
import { fail } from '../../lib/errors.ts';
import { findNul } from '../../lib/text/nul.ts';
import type { Ctx } from '../context.ts';
import { isJsonContentType } from './protocol.ts';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The body as text and as JSON (`{}` for a write without a body). `maxBytes` defaults to
 * MAX_BODY_BYTES; the text is what arrived, for routes that keep the bytes they were sent.
 */
export async function readJsonBody(ctx: Ctx, options: { maxBytes?: number } = {}): Promise<{ raw: string; value: unknown }> {
  const length = ctx.request.length;
  const hasBody = (length !== undefined && length > 0) || ctx.get('transfer-encoding') !== '';
  if (!hasBody) return { raw: '', value: {} };
  if (!isJsonContentType(ctx.get('content-type'))) {
    throw fail('UNSUPPORTED_MEDIA_TYPE', 'Writes need Content-Type: application/json.', { expected: 'application/json' });
  }
  const max = options.maxBytes ?? ctx.deps.config.maxBodyBytes;
  let bytes: Buffer;
  try {
    bytes = await getRawBody(ctx.req, { limit: max, length });
  } catch (error) {
    if ((error as { type?: string }).type === 'entity.too.large') throw fail('PAYLOAD_TOO_LARGE', `The body is larger than ${max} bytes.`, { max_bytes: max });
    throw fail('MALFORMED_JSON', 'The body could not be read.');
  }
  let raw: string;
  try {
    raw = UTF8.decode(bytes);
  } catch {
    throw fail('MALFORMED_JSON', 'The body is not valid UTF-8.');
  }
  let value: unknown;
  try {
    value = raw.trim() === '' ? {} : JSON.parse(raw);
  } catch {
    throw fail('MALFORMED_JSON', 'The body is not valid JSON.');
  }
  const nul = findNul(value);
  if (nul !== null) throw nulError('body', nul);
  return { raw, value };
}

/** 400 INVALID_CHARACTER naming where U+0000 was found. */
export function nulError(where: 'body' | 'query' | 'path', path: string) {
  return fail('INVALID_CHARACTER', `${where}${path ? `.${path}` : ''} holds U+0000 (NUL), which no field accepts.`, { where, path });
}

/** Reads the body once into ctx.request.body; routes with a body contract call it through validate(). */
export async function loadJsonBody(ctx: Ctx): Promise<void> {
  if (ctx.request.body !== undefined) return;
  ctx.request.body = (await readJsonBody(ctx)).value;
}
