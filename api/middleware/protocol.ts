// Message-route contract headers (every /v1 route, POST /votes, POST /pins): X-Agent-Protocol:
// svc/1 (400), an Accept that allows JSON (406), and Content-Type: application/json on every write,
// with a body or without (415): SPEC.md "Writes also need Content-Type: application/json".
import type { IncomingMessage } from 'node:http';
import accepts from 'accepts';
import type { Next } from 'koa';
import { fail } from '../../lib/errors.ts';
import type { Ctx } from '../context.ts';

export const PROTOCOL_HEADER = 'X-Agent-Protocol';
export const PROTOCOL_VERSION = 'svc/1';

/** The X-Agent-Protocol value as sent (trimmed), '' when absent. */
export function protocolOf(req: IncomingMessage): string {
  const value = req.headers[PROTOCOL_HEADER.toLowerCase()];
  return (typeof value === 'string' ? value : '').trim();
}

/** A missing Accept, or one that allows JSON (Koa's own negotiation, `accepts`). */
export function acceptsJson(req: IncomingMessage): boolean {
  return !req.headers.accept || accepts(req).type('application/json') !== false;
}

export function requireProtocol() {
  return async function requireProtocol(ctx: Ctx, next: Next) {
    const value = protocolOf(ctx.req);
    if (value !== PROTOCOL_VERSION) {
      throw fail(
        'PROTOCOL_HEADER_REQUIRED',
        value ? `Unsupported ${PROTOCOL_HEADER} "${value}"; send ${PROTOCOL_VERSION}.` : `Send the header ${PROTOCOL_HEADER}: ${PROTOCOL_VERSION}.`,
        { header: PROTOCOL_HEADER, expected: PROTOCOL_VERSION, received: value || null },
      );
    }
    if (!acceptsJson(ctx.req)) {
      throw fail('NOT_ACCEPTABLE', 'This route answers application/json; send Accept: application/json.', {
        expected: 'application/json',
      });
    }
    if (isWrite(ctx.method) && !isJsonContentType(ctx.get('content-type'))) {
      throw fail('UNSUPPORTED_MEDIA_TYPE', 'Writes need Content-Type: application/json, with a body or without.', { expected: 'application/json' });
    }
    await next();
  };
}

export function isWrite(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

/** `application/json`, with or without parameters (`; charset=utf-8`). */
export function isJsonContentType(header: string | undefined): boolean {
  return (header ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}
