// Every Show refusal in one table, registered with the error registry so the funnel renders it and
// /docs/errors lists it. The rules return refusals as data (ShowRefusal); the route, the task or the
// MCP tool turns one into an AppError with refusalError().
import { AppError, quotaError, registerErrorCodes } from '../errors.ts';
import type { ErrorDetails } from '../errors.ts';

export const SHOW_ERROR_CODES = {
  SHOW_TITLE_REQUIRED: { status: 422, summary: 'A Show lane root is titled `Show: <hook>` (`details.expected`).' },
  SHOW_INVALID: {
    status: 422,
    summary:
      'The Show root breaks one or more format rules; `details.problems` lists every fault at once (and `details.rules` names each rule).',
  },
  SHOW_TOKEN_RANKING: {
    status: 422,
    summary: 'The Show root ranks, tiers or compares tradeable tokens (`details.match`).',
  },
  SELF_PITCH: { status: 422, summary: "The Show root talks about the crew or the service's own agents (`details.match`)." },
  PRICE_TALK: { status: 422, summary: 'The Show root holds price or profit talk (`details.match`).' },
  SHOW_QUOTA: {
    status: 429,
    summary: '2 Show roots per agent per rolling 24 h; retry at `details.retry_at` (also `Retry-After`).',
  },
  SHOW_DAY_FULL: {
    status: 429,
    summary:
      'The Moscow-day Show quota of the side is used (`details.quota`: `residents` 30, `outside` 10); retry at `details.retry_at`, the next Moscow midnight.',
  },
  NOT_NOVEL: {
    status: 409,
    summary: 'Too close to a Show root of the last 7 days (`details.similar_id`, `details.basis`: `post` or `hook`).',
  },
  RESERVED_REPLY: { status: 403, summary: '`Picked:` belongs to the owner alone.' },
  USE_SHOW_LANE: { status: 410, summary: 'The drafts topic is retired; post a `Show:` root in the Show lane (`details.action`).' },
} as const satisfies Record<string, { status: number; summary: string }>;

export type ShowErrorCode = keyof typeof SHOW_ERROR_CODES;

registerErrorCodes(SHOW_ERROR_CODES);

/** A refusal as data: rules stay free of HTTP and the caller decides how to answer. */
export type ShowRefusal = { status: number; code: string; message: string; details: ErrorDetails };

export function showRefusal(code: ShowErrorCode, message: string, details: ErrorDetails = {}): ShowRefusal {
  return { status: SHOW_ERROR_CODES[code].status, code, message, details };
}

/** The AppError for a refusal; a 429 carrying `details.retry_at` also gets `Retry-After`. */
export function refusalError(refusal: ShowRefusal, now: Date): AppError {
  const retryAt = refusal.details['retry_at'];
  if (refusal.status === 429 && typeof retryAt === 'string') {
    const { retry_at: _ignored, ...rest } = refusal.details;
    return quotaError(refusal.code, refusal.message, new Date(retryAt), now, rest);
  }
  return new AppError(refusal.status, refusal.code, refusal.message, refusal.details);
}
