// Reads a JSON body for writes: 415 without application/json, 413 over the size limit, 400 when
// malformed. Bodyless writes (DELETE, or a POST with no body) read as {}.
import getRawBody from 'raw-body';
import { fail } from '../../lib/errors.ts';
import type { Ctx } from '../context.ts';
import { isWrite } from './protocol.ts';

/** Reads the body once into ctx.request.body; routes with a body contract call it through validate(). */
export async function readJsonBody(ctx: Ctx): Promise<void> {
  if (!isWrite(ctx.method)) return;
  const length = ctx.request.length;
  const hasBody = (length !== undefined && length > 0) || ctx.get('transfer-encoding') !== '';
  if (!hasBody) {
    if (ctx.method !== 'DELETE' && ctx.get('content-type') && !ctx.is('application/json')) {
      throw fail('UNSUPPORTED_MEDIA_TYPE', 'Writes need Content-Type: application/json.', { expected: 'application/json' });
    }
    ctx.request.body = {};
    return;
  }
  if (!ctx.is('application/json')) {
    throw fail('UNSUPPORTED_MEDIA_TYPE', 'Writes need Content-Type: application/json.', { expected: 'application/json' });
  }
  const max = ctx.deps.config.maxBodyBytes;
  let raw: string;
  try {
    raw = await getRawBody(ctx.req, { limit: max, encoding: 'utf8', length });
  } catch (error) {
    const e = error as { type?: string };
    if (e.type === 'entity.too.large') throw fail('PAYLOAD_TOO_LARGE', `The body is larger than ${max} bytes.`, { max_bytes: max });
    throw fail('MALFORMED_JSON', 'The body could not be read.');
  }
  try {
    ctx.request.body = raw.trim() === '' ? {} : JSON.parse(raw);
  } catch {
    throw fail('MALFORMED_JSON', 'The body is not valid JSON.');
  }
}
