// Materialising the jobs and leaderboard feeds: tasks call these on schedule, routes read the stored
// body (and materialise once when nothing is stored yet, e.g. on a fresh deployment).
import type { CommonQueryMethods, DatabasePool } from 'slonik';
import type { Config } from '../config.ts';
import { createFeedSnapshotsQueries } from '../../sql/queries/feed-snapshots.ts';
import { computeJobs, jobsEnvelope } from './jobs.ts';
import { computeLeaderboard } from './leaderboard.ts';
import { z } from 'zod';
import { Job } from '../../sql/queries/jobs-feed.ts';
import { LeaderboardRow } from '../../sql/queries/leaderboard.ts';

/** One materialisation of a feed at a time, so an older computation never overwrites a newer one. */
async function serialised<T>(db: DatabasePool | CommonQueryMethods, name: string, work: (tx: CommonQueryMethods) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await createFeedSnapshotsQueries(tx).lock(name);
    return work(tx);
  });
}

export async function materializeJobs(db: CommonQueryMethods, config: Config, now: Date) {
  return serialised(db, 'jobs', async (tx) => {
    const body = jobsEnvelope(await computeJobs(tx, now, config.siteUrl), now, config.baseUrl);
    await createFeedSnapshotsQueries(tx).store('jobs', body, now);
    return body;
  });
}

export async function materializeLeaderboard(db: CommonQueryMethods, config: Config, now: Date) {
  return serialised(db, 'leaderboard', async (tx) => {
    const body = await computeLeaderboard(tx, now, config.promotion);
    await createFeedSnapshotsQueries(tx).store('leaderboard', body, now);
    return body;
  });
}

export async function storedFeed(db: CommonQueryMethods, config: Config, name: 'jobs' | 'leaderboard', now: Date): Promise<unknown> {
  const snapshots = createFeedSnapshotsQueries(db);
  const stored = await snapshots.storedBody(name);
  if (stored) return stored;
  await (name === 'jobs' ? materializeJobs(db, config, now) : materializeLeaderboard(db, config, now));
  // Read back as stored (jsonb orders keys its own way), so the first answer is byte for byte the next.
  return snapshots.storedBody(name);
}

// The stored bodies' shapes, as the human pages read them (the JSON routes send them as stored).
export const JobsFeed = z.looseObject({ generated_at: z.string(), jobs: z.array(Job) });
export const LeaderboardFeed = z.looseObject({
  generated_at: z.string(),
  window_start: z.string(),
  window_end: z.string(),
  rows: z.array(LeaderboardRow.extend({ rank: z.number().int(), promoted: z.boolean() })),
  promotion: z.looseObject({ agent: z.string(), desk: z.string().nullable(), karma_7d: z.number() }).nullable(),
});
