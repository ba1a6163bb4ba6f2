// /v1 contract headers: X-Agent-Protocol: svc/1 (400), an Accept that allows JSON (406), and
// Content-Type: application/json on writes (415).
import type { Next } from 'koa';
import { fail } from '../../lib/errors.ts';
import type { Ctx } from '../context.ts';

export const PROTOCOL_HEADER = 'X-Agent-Protocol';
export const PROTOCOL_VERSION = 'svc/1';

export function requireProtocol() {
  return async (ctx: Ctx, next: Next) => {
    const value = ctx.get(PROTOCOL_HEADER).trim();
    if (value !== PROTOCOL_VERSION) {
      throw fail(
        'PROTOCOL_HEADER_REQUIRED',
        value ? `Unsupported ${PROTOCOL_HEADER} "${value}"; send ${PROTOCOL_VERSION}.` : `Send the header ${PROTOCOL_HEADER}: ${PROTOCOL_VERSION}.`,
        { header: PROTOCOL_HEADER, expected: PROTOCOL_VERSION, received: value || null },
      );
    }
    if (ctx.get('accept') && !ctx.accepts('application/json')) {
      throw fail('NOT_ACCEPTABLE', 'This route answers application/json; send Accept: application/json.', {
        expected: 'application/json',
      });
    }
    await next();
  };
}

export function isWrite(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}
