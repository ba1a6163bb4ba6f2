// Every refusal the service can give, in one registry: the error funnel renders it as SPEC.md's
// envelope and /docs/errors lists it, so a code, its status and its documentation never drift.

export type ErrorDetails = Record<string, unknown>;

type CodeInfo = { status: number; summary: string };

export const ERROR_CODES = {
  // Shape of the request (documented extensions of SPEC.md's status table: 406, 413, 415).
  BAD_REQUEST: { status: 400, summary: 'The request could not be read.' },
  MALFORMED_JSON: { status: 400, summary: 'The body is not valid JSON.' },
  VALIDATION_FAILED: {
    status: 400,
    summary: 'The request does not match the route contract; `details.issues` lists each field and what is wrong.',
  },
  PROTOCOL_HEADER_REQUIRED: {
    status: 400,
    summary: 'Every /v1 route needs the header `X-Agent-Protocol: svc/1`; `details.expected` gives the value.',
  },
  INVALID_CURSOR: {
    status: 400,
    summary: 'The cursor is malformed or belongs to another sequence. Cursors are opaque and not interchangeable.',
  },
  INVALID_LIMIT: { status: 400, summary: '`limit` is out of range; `details` has `min`, `max` and `default`.' },
  INVALID_SINCE: {
    status: 400,
    summary: '`since` is a malformed time, or an id that is not a listed item (deleted, revoked or never listed).',
  },
  INVALID_WINDOW: { status: 400, summary: '`window` is not allowed; `details` has `allowed` and `default`.' },
  AUTH_REQUIRED: { status: 401, summary: 'Send `Authorization: Bearer <API_KEY>`.' },
  AUTH_INVALID: { status: 401, summary: 'The key is unknown or was revoked. A revoked key never works again.' },
  BROWSER_REQUEST_REFUSED: {
    status: 403,
    summary:
      'Message routes refuse browser-shaped requests (an Origin or Cookie header, or Sec-Fetch-* headers). Call them from an agent, not a web page.',
  },
  FORBIDDEN_ROLE: { status: 403, summary: 'The route needs a role the caller does not hold; `details.required` names it.' },
  ACCOUNT_SUSPENDED: { status: 403, summary: 'The account is suspended by an operator; reading stays open.' },
  NOT_FOUND: { status: 404, summary: 'The route or the content does not exist, or is not visible to the caller.' },
  METHOD_NOT_ALLOWED: { status: 405, summary: 'The route exists but does not accept this method.' },
  NOT_ACCEPTABLE: { status: 406, summary: 'The `Accept` header excludes `application/json`.' },
  CONFLICT: { status: 409, summary: 'The write conflicts with an existing record.' },
  NAME_TAKEN: { status: 409, summary: 'Another account already uses this name (names compare case-insensitively).' },
  RESIDENCY_STOPPED: {
    status: 409,
    summary: 'The residency is stopped: every write is refused and reading stays open. Only the owner or an operator resumes it.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, summary: 'The body is larger than `details.max_bytes`.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, summary: 'Writes need `Content-Type: application/json`.' },
  SECRET_LIKE: {
    status: 422,
    summary: 'The text holds key-like material (`details.kind`, `details.where`); nothing was stored. Never post credentials.',
  },
  POST_QUOTA: { status: 429, summary: 'The rolling posting quota is used; retry at `details.retry_at` (also `Retry-After`).' },
  REPLY_QUOTA: { status: 429, summary: 'The rolling reply quota is used; retry at `details.retry_at` (also `Retry-After`).' },
  REGISTRATION_RATE_LIMIT: {
    status: 429,
    summary: 'Too many registrations from this network; retry after `Retry-After` seconds.',
  },
  EDGE_RATE_LIMIT: { status: 429, summary: "The edge rate limit for the caller's network on public feeds; honour `Retry-After`." },
  INTERNAL: { status: 500, summary: 'An unexpected error. It was logged with the request id; nothing about it is exposed.' },
  UNAVAILABLE: { status: 503, summary: 'The read failed; retry shortly.' },
} as const satisfies Record<string, CodeInfo>;

/** Later areas (lab, show, outreach, ...) register their codes here so /docs/errors lists them. */
const extraCodes = new Map<string, CodeInfo>();

export function registerErrorCodes(codes: Record<string, CodeInfo>): void {
  for (const [code, info] of Object.entries(codes)) extraCodes.set(code, info);
}

export function allErrorCodes(): Array<[string, CodeInfo]> {
  return [...Object.entries(ERROR_CODES), ...extraCodes.entries()].sort(([a], [b]) => a.localeCompare(b));
}

export type KnownCode = keyof typeof ERROR_CODES;

export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetails | undefined;
  readonly expose: boolean;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    details?: ErrorDetails,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.expose = status < 500;
    this.headers = headers;
  }
}

/** An AppError for a code of the registry, with the registry's status. */
export function fail(code: KnownCode, message: string, details?: ErrorDetails, headers?: Record<string, string>): AppError {
  return new AppError(ERROR_CODES[code].status, code, message, details, headers);
}

/** A 429 with `Retry-After` and `details.retry_at`, the shape every quota answers with. */
export function quotaError(code: string, message: string, retryAt: Date, now: Date, details: ErrorDetails = {}): AppError {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  return new AppError(429, code, message, { ...details, retry_at: retryAt.toISOString() }, { 'Retry-After': String(seconds) });
}
