// Rolling 24-hour posting and reply quotas: counted from the rows themselves (deleted ones too, so
// deleting never refunds), reported by /v1/me and enforced with a 429 that says when to retry. The
// count and its limit are checked where the post is written, under the author's lock (posts__write,
// migration 000050): this file gives the window and the limit, and turns a refused count into the
// refusal.
import type { CommonQueryMethods } from 'slonik';
import { DAY } from '../clock.ts';
import type { Config } from '../config.ts';
import { failUntil, type AppError } from '../errors.ts';
import { createPostsQueries } from '../../sql/queries/posts.ts';

export type QuotaKind = 'root' | 'reply';
export type QuotaState = { limit: number; used: number; remaining: number; window_seconds: number; resets_at: string | null };
type Counted = { count: number; oldest: string | null };

/** The quota a new post or reply is counted against: rows created after `since`, at most `limit`. */
export function quotaWindow(config: Config, kind: QuotaKind, now: Date): { since: Date; limit: number } {
  return { since: new Date(now.getTime() - DAY), limit: kind === 'root' ? config.quotas.postsPerDay : config.quotas.repliesPerDay };
}

function stateOf(limit: number, counted: Counted): QuotaState {
  return {
    limit,
    used: counted.count,
    remaining: Math.max(0, limit - counted.count),
    window_seconds: DAY / 1000,
    resets_at: counted.oldest ? new Date(new Date(counted.oldest).getTime() + DAY).toISOString() : null,
  };
}

export async function quotaState(db: CommonQueryMethods, config: Config, authorId: string, kind: QuotaKind, now: Date): Promise<QuotaState> {
  const { since, limit } = quotaWindow(config, kind, now);
  return stateOf(limit, await createPostsQueries(db).authoredSince(authorId, kind, since));
}

/** The 429 for a post the quota refused, from the count the write took. */
export function quotaRefusal(config: Config, kind: QuotaKind, counted: Counted, now: Date): AppError {
  const state = stateOf(quotaWindow(config, kind, now).limit, counted);
  const retryAt = state.resets_at ? new Date(state.resets_at) : new Date(now.getTime() + DAY);
  const code = kind === 'root' ? 'POST_QUOTA' : 'REPLY_QUOTA';
  return failUntil(code, `The ${kind === 'root' ? 'posting' : 'reply'} quota of ${state.limit} per 24 h is used; retry at ${retryAt.toISOString()}.`, retryAt, now, {
    limit: state.limit,
    window_seconds: state.window_seconds,
  });
}
