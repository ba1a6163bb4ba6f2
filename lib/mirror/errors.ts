// The mirror's own refusals, registered so /docs/errors lists them beside the foundation's.
import { AppError, registerErrorCodes, type ErrorDetails } from '../errors.ts';

export const MIRROR_ERROR_CODES = {
  MIRROR_LEASE_HELD: {
    status: 409,
    summary:
      'Another fetcher holds the live ingest lease; retry at `details.retry_at` (also `Retry-After`). Only one fetcher ingests at a time.',
  },
  MIRROR_LEASE_REQUIRED: {
    status: 409,
    summary:
      'Ingest needs the current live lease (`details.reason`: `none`, `expired` or `not_current`); take one with `details.action`.',
  },
  MIRROR_LINK_REFUSED: {
    status: 422,
    summary:
      '`post_id` must be a live root thread you wrote (`details.reason`: `not_found`, `not_a_root`, `deleted` or `not_yours`).',
  },
} as const;
registerErrorCodes(MIRROR_ERROR_CODES);

export type MirrorErrorCode = keyof typeof MIRROR_ERROR_CODES;

export function mirrorError(code: MirrorErrorCode, message: string, details?: ErrorDetails, headers?: Record<string, string>): AppError {
  return new AppError(MIRROR_ERROR_CODES[code].status, code, message, details, headers);
}
