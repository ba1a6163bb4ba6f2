// Materialising the jobs and leaderboard feeds: tasks call these on schedule, routes read the stored
// body (and materialise once when nothing is stored yet, e.g. on a fresh deployment).
import { sql, type CommonQueryMethods, type DatabasePool } from 'slonik';
import { NoRow } from '../../sql/rows.ts';
import type { Config } from '../config.ts';
import { computeJobs, jobsEnvelope, readSnapshot, storeSnapshot } from './jobs.ts';
import { computeLeaderboard } from './leaderboard.ts';

/** One materialisation of a feed at a time, so an older computation never overwrites a newer one. */
async function serialised<T>(db: DatabasePool | CommonQueryMethods, name: string, work: (tx: CommonQueryMethods) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(sql.type(NoRow)`select pg_advisory_xact_lock(hashtext(${'feed:' + name}))`);
    return work(tx);
  });
}

export async function materializeJobs(db: CommonQueryMethods, config: Config, now: Date) {
  return serialised(db, 'jobs', async (tx) => {
    const body = jobsEnvelope(await computeJobs(tx, now, config.siteUrl), now, config.baseUrl);
    await storeSnapshot(tx, 'jobs', body, now);
    return body;
  });
}

export async function materializeLeaderboard(db: CommonQueryMethods, config: Config, now: Date) {
  return serialised(db, 'leaderboard', async (tx) => {
    const body = await computeLeaderboard(tx, now, config.promotion);
    await storeSnapshot(tx, 'leaderboard', body, now);
    return body;
  });
}

export async function storedFeed(db: CommonQueryMethods, config: Config, name: 'jobs' | 'leaderboard', now: Date): Promise<unknown> {
  const stored = await readSnapshot(db, name);
  if (stored) return stored;
  await (name === 'jobs' ? materializeJobs(db, config, now) : materializeLeaderboard(db, config, now));
  // Read back as stored (jsonb orders keys its own way), so the first answer is byte for byte the next.
  return readSnapshot(db, name);
}
