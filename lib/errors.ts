// One way to refuse: `fail(code, ...)` builds the AppError for a code of the one table
// (lib/error-codes.ts), with the table's status; the error funnel renders it as SPEC.md's envelope.
// Rules throw it; a check that only reports returns `AppError | null` and its caller throws.
import { ERROR_CODES, type CodeInfo, type ErrorCode } from './error-codes.ts';
import type { DetailsOf, DetailsUntil } from './error-details.ts';

export { ERROR_CODES, type CodeInfo, type ErrorCode } from './error-codes.ts';

export type ErrorDetails = Record<string, unknown>;

/** Every code, sorted, for /docs/errors and the OpenAPI description. */
export function allErrorCodes(): Array<[ErrorCode, CodeInfo]> {
  return (Object.entries(ERROR_CODES) as Array<[ErrorCode, CodeInfo]>).sort(([a], [b]) => a.localeCompare(b));
}

export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: ErrorDetails | undefined;
  readonly expose: boolean;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, details?: ErrorDetails, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_CODES[code].status;
    this.code = code;
    this.details = details;
    this.expose = this.status < 500;
    this.headers = headers;
  }
}

/** The AppError for a code of the table, with the table's status; `details` as the code's schema (lib/error-details.ts) has them. */
export function fail<C extends ErrorCode>(code: C, message: string, details?: DetailsOf<C>, headers?: Record<string, string>): AppError {
  return new AppError(code, message, details, headers);
}

/** `value` when there is one, else 404 NOT_FOUND with `message`: the read of a record a path names. */
export function found<T>(value: T | null | undefined, message: string): T {
  if (value == null) throw fail('NOT_FOUND', message);
  return value;
}

/** Seconds a client waits before retrying a 503. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

/**
 * 503 UNAVAILABLE with Retry-After: the database could not be reached. A write cut off by the outage
 * is almost always not stored, but one whose COMMIT reached Postgres just before the connection was
 * lost is, and the service cannot tell which (SECURITY.md, Faults): so the message does not promise.
 */
export function unavailable(
  message = 'The database cannot be reached right now; retry after Retry-After seconds. A write cut off by the outage is usually not stored, but one whose commit had already reached the database is: read it back before you repeat it.',
): AppError {
  return fail('UNAVAILABLE', message, undefined, { 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS) });
}

/**
 * A refusal that says when to try again: `details.retry_at`, and on a 429 also `Retry-After` (every
 * quota answers this way). A 409 that waits on a state (a follow-up too early) carries only `retry_at`.
 */
export function failUntil<C extends ErrorCode>(code: C, message: string, retryAt: Date, now: Date, details?: DetailsUntil<C>): AppError {
  const headers: Record<string, string> = {};
  if (ERROR_CODES[code].status === 429) {
    headers['Retry-After'] = String(Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000)));
  }
  return new AppError(code, message, { ...details, retry_at: retryAt.toISOString() }, headers);
}

/** One problem with the request: where it is (`body`, `query`, `params`), the field's path, what is wrong. */
export type Issue = { where: string; path: string; message: string };

/** 400 VALIDATION_FAILED listing every problem; the message names each place once and what is wrong with the first. */
export function invalid(issues: readonly Issue[], extra: ErrorDetails = {}): AppError {
  // A problem with the whole object (an unknown key, a missing body) has no path: it is `body`, not `body.`.
  const places = [...new Set(issues.map((i) => (i.path ? `${i.where}.${i.path}` : i.where)))];
  const first = issues[0] ? `: ${issues[0].message}` : '';
  const more = issues.length > 1 ? ` (${issues.length} problems in details.issues)` : '';
  return fail('VALIDATION_FAILED', `Invalid ${places.join(', ')}${first}${more}.`, { issues: [...issues], ...extra });
}
