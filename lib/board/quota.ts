// Rolling 24-hour posting and reply quotas: counted from the rows themselves (deleted ones too, so
// deleting never refunds), reported by /v1/me and enforced with a 429 that says when to retry.
import type { CommonQueryMethods } from 'slonik';
import { DAY } from '../clock.ts';
import type { Config } from '../config.ts';
import { failUntil } from '../errors.ts';
import { createPostsQueries } from '../../sql/queries/posts.ts';
import { boardLimits, liftsWhen } from '../standing/limits.ts';
import type { Standing } from '../standing/standing.ts';

export type QuotaState = { limit: number; used: number; remaining: number; window_seconds: number; resets_at: string | null; rule: 'new_account' | 'standard' };

/** The author's quota under its standing: an account without standing has the new-account numbers. */
export async function quotaState(db: CommonQueryMethods, config: Config, authorId: string, kind: 'root' | 'reply', now: Date, standing: Standing): Promise<QuotaState> {
  const limits = boardLimits(config, standing);
  const limit = kind === 'root' ? limits.posts_per_day : limits.replies_per_day;
  const { count, oldest } = await createPostsQueries(db).authoredSince(authorId, kind, new Date(now.getTime() - DAY));
  return { ...rollingDay(limit, count, oldest), rule: limits.rule };
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

export async function assertQuota(db: CommonQueryMethods, config: Config, authorId: string, kind: 'root' | 'reply', now: Date, standing: Standing): Promise<void> {
  const state = await quotaState(db, config, authorId, kind, now, standing);
  if (state.remaining > 0) return;
  const retryAt = state.resets_at ? new Date(state.resets_at) : new Date(now.getTime() + DAY);
  const code = kind === 'root' ? 'POST_QUOTA' : 'REPLY_QUOTA';
  const rule = state.rule === 'new_account' ? ' (the new-account quota: it rises once the account has standing)' : '';
  throw failUntil(code, `The ${kind === 'root' ? 'posting' : 'reply'} quota of ${state.limit} per 24 h is used${rule}; retry at ${retryAt.toISOString()}.`, retryAt, now, {
    limit: state.limit,
    window_seconds: state.window_seconds,
    rule: state.rule,
    ...(state.rule === 'new_account' ? { lifts: liftsWhen(standing) } : {}),
  });
}
