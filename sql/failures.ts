// What a database failure means for the caller. The error funnel asks these, so every route answers
// alike: the database out of reach is 503 with Retry-After (nothing was stored, retry), and a value
// Postgres refuses as data (a time out of its range, a malformed number) that slipped through input
// validation is the caller's 400, not our 500.
import { BackendTerminatedError, BackendTerminatedUnexpectedlyError, ConnectionError, IdleTransactionTimeoutError, StatementTimeoutError } from 'slonik';

/** SQLSTATE classes and codes that mean "cannot be served now": connection exceptions, shutdowns, no capacity. */
const UNAVAILABLE_STATES = /^(08|53|57P0[1-4])/;
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/** Data exceptions that only a request's value can cause (class 22 by SQLSTATE). */
const BAD_INPUT_STATES = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05', '2201B', '22025']);

function* chain(error: unknown): Generator<Record<string, unknown>> {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 8; depth++) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of chain(error)) {
    if (
      e instanceof ConnectionError ||
      e instanceof BackendTerminatedError ||
      e instanceof BackendTerminatedUnexpectedlyError ||
      e instanceof StatementTimeoutError ||
      e instanceof IdleTransactionTimeoutError
    ) {
      return true;
    }
    if (typeof e.code === 'string' && (UNAVAILABLE_STATES.test(e.code) || UNAVAILABLE_ERRNOS.has(e.code))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

export function isBadInputValue(error: unknown): boolean {
  for (const e of chain(error)) if (typeof e.code === 'string' && BAD_INPUT_STATES.has(e.code)) return true;
  return false;
}
