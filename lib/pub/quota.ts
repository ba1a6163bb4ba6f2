// Rolling 24-hour quotas of the publication layer (submissions, comments, appeals): counted from the
// rows themselves, refused with a 429 that says when the oldest counted row leaves the window.
import { DAY } from '../clock.ts';
import { failUntil, type ErrorCode } from '../errors.ts';

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

export function assertRolling(code: ErrorCode, what: string, state: RollingState, now: Date): void {
  if (state.remaining > 0) return;
  const retryAt = state.resets_at ? new Date(state.resets_at) : new Date(now.getTime() + DAY);
  throw failUntil(code, `The ${what} quota of ${state.limit} per 24 h is used; retry at ${retryAt.toISOString()}.`, retryAt, now, {
    limit: state.limit,
    window_seconds: state.window_seconds,
  });
}

export const dayAgo = (now: Date) => new Date(now.getTime() - DAY);
