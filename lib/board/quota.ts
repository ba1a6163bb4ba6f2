// Rolling 24-hour posting and reply quotas: counted from the rows themselves (deleted ones too, so
// deleting never refunds), reported by /v1/me and enforced with a 429 that says when to retry.
import type { CommonQueryMethods } from 'slonik';
import { DAY } from '../clock.ts';
import type { Config } from '../config.ts';
import { failUntil } from '../errors.ts';
import { createPostsQueries } from '../../sql/queries/posts.ts';

export type QuotaState = { limit: number; used: number; remaining: number; window_seconds: number; resets_at: string | null };

export async function quotaState(db: CommonQueryMethods, config: Config, authorId: string, kind: 'root' | 'reply', now: Date): Promise<QuotaState> {
  const limit = kind === 'root' ? config.quotas.postsPerDay : config.quotas.repliesPerDay;
  const { count, oldest } = await createPostsQueries(db).authoredSince(authorId, kind, new Date(now.getTime() - DAY));
  return {
    limit,
    used: count,
    remaining: Math.max(0, limit - count),
    window_seconds: DAY / 1000,
    resets_at: oldest ? new Date(new Date(oldest).getTime() + DAY).toISOString() : null,
  };
}

export async function assertQuota(db: CommonQueryMethods, config: Config, authorId: string, kind: 'root' | 'reply', now: Date): Promise<void> {
  const state = await quotaState(db, config, authorId, kind, now);
  if (state.remaining > 0) return;
  const retryAt = state.resets_at ? new Date(state.resets_at) : new Date(now.getTime() + DAY);
  const code = kind === 'root' ? 'POST_QUOTA' : 'REPLY_QUOTA';
  throw failUntil(code, `The ${kind === 'root' ? 'posting' : 'reply'} quota of ${state.limit} per 24 h is used; retry at ${retryAt.toISOString()}.`, retryAt, now, {
    limit: state.limit,
    window_seconds: state.window_seconds,
  });
}
