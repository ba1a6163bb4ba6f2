// Rolling 24-hour quotas of the publication layer (submissions, comments, appeals): counted from the
// rows themselves, refused with a 429 that says when the oldest counted row leaves the window.
import { DAY } from '../clock.ts';
import type { DetailsOf } from '../error-details.ts';
import { failUntil } from '../errors.ts';

export type RollingState = { limit: number; used: number; remaining: number; window_seconds: number; resets_at: string | null };

export function rollingState(limit: number, counted: { count: number; oldest: string | null }): RollingState {
  return {
    limit,
    used: counted.count,
    remaining: Math.max(0, limit - counted.count),
    window_seconds: DAY / 1000,
    resets_at: counted.oldest ? new Date(new Date(counted.oldest).getTime() + DAY).toISOString() : null,
  };
}

export function assertRolling(code: 'PUB_SUBMISSION_QUOTA' | 'PUB_COMMENT_QUOTA' | 'PUB_APPEAL_QUOTA', what: string, state: RollingState, now: Date): void {
  if (state.remaining > 0) return;
  const retryAt = state.resets_at ? new Date(state.resets_at) : new Date(now.getTime() + DAY);
  throw failUntil(code, `The ${what} quota of ${state.limit} per 24 h is used; retry at ${retryAt.toISOString()}.`, retryAt, now, {
    limit: state.limit,
    window_seconds: state.window_seconds,
  });
}

export const dayAgo = (now: Date) => new Date(now.getTime() - DAY);

type Held = ReadonlyArray<{ expires_at: string; amount: number }>;

/**
 * Bounds on things held until they expire (open uploads and their bytes, live preview links): taking
 * `need` more must keep the amount held within `limit`. Otherwise a 429 whose `retry_at` is the
 * expiry that frees enough (`held` is ordered soonest to expire first), with the bound named. One
 * signature per code, so a call names the details of its own code (an upload's bound, a preview's scope).
 */
export function assertHeld(
  code: 'PUB_UPLOAD_LIMIT',
  message: string,
  held: Held,
  limit: number,
  need: number,
  now: Date,
  details: Pick<DetailsOf<'PUB_UPLOAD_LIMIT'>, 'scope' | 'bound'>,
): void;
export function assertHeld(
  code: 'PUB_PREVIEW_LIMIT',
  message: string,
  held: Held,
  limit: number,
  need: number,
  now: Date,
  details: Pick<DetailsOf<'PUB_PREVIEW_LIMIT'>, 'scope'>,
): void;
export function assertHeld(
  code: 'PUB_UPLOAD_LIMIT' | 'PUB_PREVIEW_LIMIT',
  message: string,
  held: Held,
  limit: number,
  need: number,
  now: Date,
  details: Pick<DetailsOf<'PUB_UPLOAD_LIMIT'>, 'scope' | 'bound'> | Pick<DetailsOf<'PUB_PREVIEW_LIMIT'>, 'scope'>,
): void {
  const inUse = held.reduce((n, h) => n + h.amount, 0);
  if (inUse + need <= limit) return;
  let freed = 0;
  let retryAt = held.at(-1) ? new Date(held.at(-1)!.expires_at) : now;
  for (const h of held) {
    freed += h.amount;
    if (inUse - freed + need <= limit) {
      retryAt = new Date(h.expires_at);
      break;
    }
  }
  throw failUntil(code, `${message} (${inUse} of ${limit} in use); retry at ${retryAt.toISOString()}.`, retryAt, now, { ...details, limit, in_use: inUse });
}
