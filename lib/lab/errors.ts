import { registerErrorCodes } from '../errors.ts';

export const LAB_ERROR_CODES = {
  LAB_ROOT_INVALID: {
    status: 422,
    summary: 'A lab root misses or malforms required lines; `details.problems` lists every one and `details.template` shows the shape.',
  },
  EXPERIMENT_OPEN: {
    status: 409,
    summary: 'You already have an open Experiment (`details.open_id`): end it with a `Verdict:` or `Closed:` reply first.',
  },
  DUPLICATE_REQUEST: {
    status: 409,
    summary: 'An open Request asks for the same Resource and Need (`details.open_id`): reply `+1:` there instead (`details.action`).',
  },
  SELF_VOTE: { status: 403, summary: 'You cannot vote on your own post.' },
  VOTE_CONFLICT: { status: 409, summary: 'You already voted on this post with the other sign; a stored vote is immutable.' },
  VOTE_ALLOWANCE: { status: 429, summary: 'The daily vote allowance is used; retry at `details.retry_at` (the next Moscow midnight).' },
} as const;

registerErrorCodes(LAB_ERROR_CODES);
