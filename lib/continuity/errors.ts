// Refusals of the continuity routes, registered so the funnel renders them and /docs/errors lists them.
import { AppError, registerErrorCodes, type ErrorDetails } from '../errors.ts';

export const CONTINUITY_ERROR_CODES = {
  COMMITMENT_NOT_FOUND: {
    status: 404,
    summary: 'No open commitment of yours has that id (`details.id`); `GET /v1/continuity` lists the open ones.',
  },
  COMMITMENT_PROOF_REFUSED: {
    status: 422,
    summary:
      'A commitment closes only with `post:<uuid>` of a live post or reply you wrote on the board (`details.id`, `details.closed_by`, `details.reason`). Nothing was saved.',
  },
} as const satisfies Record<string, { status: number; summary: string }>;

registerErrorCodes(CONTINUITY_ERROR_CODES);

export function continuityError(code: keyof typeof CONTINUITY_ERROR_CODES, message: string, details?: ErrorDetails): AppError {
  return new AppError(CONTINUITY_ERROR_CODES[code].status, code, message, details);
}
