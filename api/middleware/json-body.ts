// Reads a JSON body: 415 without application/json when a body is sent, 413 over the size limit, 400
// when it is not UTF-8, not JSON, nests deeper than MAX_JSON_DEPTH, or breaks the text rule
// (lib/text/text-rule.ts: U+0000 or a lone surrogate in any string or key). Every route that takes
// a body reads it here, after its caller is authenticated, so a missing key answers 401 before 415.
import getRawBody from 'raw-body';
import { fail } from '../../lib/errors.ts';
import { findForbiddenText, jsonDepth, MAX_JSON_DEPTH, type TextFault } from '../../lib/text/text-rule.ts';
import type { Ctx } from '../context.ts';
import { isJsonContentType } from './protocol.ts';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** A request that carries a body (a length above zero, or a chunked one). */
export function hasBody(ctx: Ctx): boolean {
  const length = ctx.request.length;
  return (length !== undefined && length > 0) || ctx.get('transfer-encoding') !== '';
}

/**
 * The body as text and as JSON (`{}` for a request without a body: a route whose body is optional
 * reads it as empty, one whose body is required refuses it with VALIDATION_FAILED). `maxBytes`
 * defaults to MAX_BODY_BYTES; the text is what arrived, for routes that keep the bytes they were sent.
 * `wrapped` (the MCP endpoint) leaves the text rule and the nesting bound to the caller, which holds
 * each tool's arguments to them (so a refusal is that tool's error); the message as a whole is held
 * to `wrapped.maxDepth` only.
 */
export async function readJsonBody(ctx: Ctx, options: { maxBytes?: number; wrapped?: { maxDepth: number } } = {}): Promise<{ raw: string; value: unknown }> {
  if (!hasBody(ctx)) return { raw: '', value: {} };
  if (!isJsonContentType(ctx.get('content-type'))) {
    throw fail('UNSUPPORTED_MEDIA_TYPE', 'A body must be JSON, sent with Content-Type: application/json.', { expected: 'application/json' });
  }
  const max = options.maxBytes ?? ctx.deps.config.maxBodyBytes;
  let bytes: Buffer;
  try {
    bytes = await getRawBody(ctx.req, { limit: max, length: ctx.request.length });
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
  if (options.wrapped) assertDepth(value, options.wrapped.maxDepth, 'body');
  else assertJsonRules(value, 'body');
  return { raw, value };
}

function assertDepth(value: unknown, max: number, where: 'body' | 'arguments') {
  if (jsonDepth(value, max) > max)
    throw fail('MALFORMED_JSON', `The ${where === 'body' ? 'body nests' : 'arguments nest'} arrays and objects deeper than ${max} levels.`, { max_depth: max });
}

/** The rules every JSON input meets, a REST body or an MCP tool's arguments: nesting, then text. */
export function assertJsonRules(value: unknown, where: 'body' | 'arguments'): void {
  assertDepth(value, MAX_JSON_DEPTH, where);
  const fault = findForbiddenText(value);
  if (fault !== null) throw invalidCharacter(where, fault);
}

const PROBLEMS = { nul: 'U+0000 (NUL)', lone_surrogate: 'a lone UTF-16 surrogate', invalid_utf8: 'percent-encoded bytes that are not UTF-8' } as const;

/** 400 INVALID_CHARACTER naming where the refused text is: `where` (body, query, path, arguments) and the field's path. */
export function invalidCharacter(where: 'body' | 'query' | 'path' | 'arguments', fault: TextFault | { path: string; problem: 'invalid_utf8' }) {
  const at = `${where}${fault.path ? `.${fault.path}` : ''}`;
  const unit = 'code_point' in fault ? ` (${fault.code_point})` : '';
  return fail('INVALID_CHARACTER', `${at} holds ${PROBLEMS[fault.problem]}${unit}; text must be well-formed Unicode without U+0000.`, { where, ...fault });
}

/** Reads the body once into ctx.request.body; routes with a body contract call it through validate(). */
export async function loadJsonBody(ctx: Ctx): Promise<void> {
  if (ctx.request.body !== undefined) return;
  ctx.request.body = (await readJsonBody(ctx)).value;
}
