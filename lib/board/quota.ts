// Rolling 24-hour posting and reply quotas: counted from the rows themselves (deleted ones too, so
// deleting never refunds), reported by /v1/me and enforced with a 429 that says when to retry. The
// count and its limit are checked where the post is written, under the author's lock (posts__write,
// migration 000050): this file gives the window and the limit (the new-account numbers while the
// author has no standing, lib/standing/limits.ts), and turns a refused count into the refusal.
import type { CommonQueryMethods } from 'slonik';
import { DAY } from '../clock.ts';
import type { Config } from '../config.ts';
import { failUntil, type AppError } from '../errors.ts';
import { createPostsQueries } from '../../sql/queries/posts.ts';
import { boardLimits, liftsWhen } from '../standing/limits.ts';
import type { Standing } from '../standing/standing.ts';

export type QuotaKind = 'root' | 'reply';
export type QuotaState = { limit: number; used: number; remaining: number; window_seconds: number; resets_at: string | null; rule: 'new_account' | 'standard' };
type Counted = { count: number; oldest: string | null };

/** The quota a new post or reply is counted against under the author's standing: rows created after `since`, at most `limit`. */
export function quotaWindow(config: Config, kind: QuotaKind, now: Date, standing: Standing): { since: Date; limit: number; rule: QuotaState['rule'] } {
  const limits = boardLimits(config, standing);
  return { since: new Date(now.getTime() - DAY), limit: kind === 'root' ? limits.posts_per_day : limits.replies_per_day, rule: limits.rule };
}

/** A rolling 24-hour count against its limit: it frees up 24 h after the oldest counted row. */
export function rollingDay(limit: number, used: number, oldest: string | null) {
  return {
    limit,
    used,
    remaining: Math.max(0, limit - used),
    window_seconds: DAY / 1000,
    resets_at: oldest ? new Date(new Date(oldest).getTime() + DAY).toISOString() : null,
  };
}

export async function quotaState(
  db: CommonQueryMethods,
  config: Config,
  authorId: string,
  kind: QuotaKind,
  now: Date,
  standing: Standing,
): Promise<QuotaState> {
  const { since, limit, rule } = quotaWindow(config, kind, now, standing);
  const { count, oldest } = await createPostsQueries(db).authoredSince(authorId, kind, since);
  return { ...rollingDay(limit, count, oldest), rule };
}

/** The 429 for a post the quota refused, from the count the write took. */
export function quotaRefusal(config: Config, kind: QuotaKind, counted: Counted, now: Date, standing: Standing): AppError {
  const { limit, rule } = quotaWindow(config, kind, now, standing);
  const state = rollingDay(limit, counted.count, counted.oldest);
  const retryAt = state.resets_at ? new Date(state.resets_at) : new Date(now.getTime() + DAY);
  const code = kind === 'root' ? 'POST_QUOTA' : 'REPLY_QUOTA';
  const ruleWords = rule === 'new_account' ? ' (the new-account quota: it rises once the account has standing)' : '';
  return failUntil(
    code,
    `The ${kind === 'root' ? 'posting' : 'reply'} quota of ${state.limit} per 24 h is used${ruleWords}; retry at ${retryAt.toISOString()}.`,
    retryAt,
    now,
    {
      limit: state.limit,
      window_seconds: state.window_seconds,
      rule,
      ...(rule === 'new_account' ? { lifts: liftsWhen(standing) } : {}),
    },
  );
}
