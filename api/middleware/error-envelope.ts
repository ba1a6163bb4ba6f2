// The one error funnel: every error leaves as SPEC.md's envelope {error:{code,message,details?},docs}.
import { randomUUID } from 'node:crypto';
import { NotFoundError, UniqueIntegrityConstraintViolationError, DataIntegrityError, InvalidInputError } from 'slonik';
import type { Next } from 'koa';
import { isBadInputValue, isDatabaseUnavailable } from '../../sql/failures.ts';
import { AppError, fail, unavailable } from '../../lib/errors.ts';
import type { Ctx } from '../context.ts';

export function docsUrl(baseUrl: string, code: string): string {
  return `${baseUrl}/docs/errors#${code}`;
}

/** Any thrown value as the AppError it stands for, or null for an unexpected error (a 500). */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) return unavailable();
  if (isBadInputValue(error)) return fail('BAD_REQUEST', 'A value in the request is outside what the service can store.');
  if (error instanceof NotFoundError) return fail('NOT_FOUND', 'Not found.');
  if (error instanceof UniqueIntegrityConstraintViolationError) {
    return fail('CONFLICT', 'The write conflicts with an existing record.');
  }
  if (error instanceof DataIntegrityError || error instanceof InvalidInputError) return null;
  const e = error as { status?: unknown; expose?: unknown; type?: unknown };
  if (e && typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    if (e.status === 404) return fail('NOT_FOUND', 'Not found.');
    if (e.status === 405) return fail('METHOD_NOT_ALLOWED', 'This route does not accept that method.');
    if (e.status === 413) return fail('PAYLOAD_TOO_LARGE', 'The body is too large.');
    if (e.status === 415) return fail('UNSUPPORTED_MEDIA_TYPE', 'A body must be JSON, sent with Content-Type: application/json.');
    return fail('BAD_REQUEST', 'The request could not be read.');
  }
  return null;
}

/** The caller's X-Request-Id (first 64 characters) or a fresh one; every path in front of Koa uses it too. */
export function requestIdOf(header: string | string[] | undefined): string {
  return (typeof header === 'string' && header.slice(0, 64)) || randomUUID();
}

/** SPEC.md's error body for an AppError. */
export type ErrorEnvelope = { error: { code: string; message: string; details?: unknown }; docs: string };

/**
 * What any failure answers, REST route or MCP tool alike: the AppError it maps to (unknown ones become
 * INTERNAL and are logged with their stack; known 5xx are logged as warnings) and its envelope.
 */
export function resolveError(
  error: unknown,
  where: { logger: Pick<Ctx['deps']['logger'], 'error' | 'warn'>; baseUrl: string; requestId: string; at: Record<string, string> },
): { appError: AppError; envelope: ErrorEnvelope } {
  const known = toAppError(error);
  const appError = known ?? fail('INTERNAL', `Internal error; quote request id ${where.requestId}.`);
  if (!known) where.logger.error({ err: error, requestId: where.requestId, ...where.at }, 'unhandled error');
  else if (appError.status >= 500) where.logger.warn({ err: error, requestId: where.requestId, ...where.at }, appError.code);
  const envelope: ErrorEnvelope = {
    error: { code: appError.code, message: appError.message, ...(appError.details !== undefined ? { details: appError.details } : {}) },
    docs: docsUrl(where.baseUrl, appError.code),
  };
  return { appError, envelope };
}

export function errorEnvelope() {
  return async function errorEnvelope(ctx: Ctx, next: Next) {
    ctx.state.requestId = requestIdOf(ctx.req.headers['x-request-id']);
    ctx.set('X-Request-Id', ctx.state.requestId);
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.respond !== false) throw fail('NOT_FOUND', `No route ${ctx.method} ${ctx.path}.`);
    } catch (error) {
      const { appError, envelope } = resolveError(error, {
        logger: ctx.deps.logger,
        baseUrl: ctx.deps.config.baseUrl,
        requestId: ctx.state.requestId,
        at: { path: ctx.path },
      });
      ctx.status = appError.status;
      for (const [name, value] of Object.entries(appError.headers)) ctx.set(name, value);
      ctx.type = 'application/json';
      ctx.body = envelope;
    }
  };
}
