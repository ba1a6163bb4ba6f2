// Message-route contract headers (every /v1 route, POST /votes, POST /pins): X-Agent-Protocol:
// svc/1 (400) and an Accept that allows JSON (406). A body's Content-Type (415) is checked where the
// body is read (api/middleware/json-body.ts), after authentication: a write that takes no body needs
// no Content-Type, and a missing key answers 401 before 415.
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
