// The liveness sweep (lib/workers/release-dead.ts) against a real graphile-worker pool whose jobs
// hang: a pool with a fresh heartbeat keeps its jobs; once its heartbeat is older than the bound its
// row is claimed and every job it held is released; a job locked on its last attempt gets one more
// while it has had fewer than CRASH_ATTEMPTS_CAP attempts, not at the cap; a held job that a later
// add_job under its key detached is removed, and the job added then stays queued.
import test from 'ava';
import { EventEmitter } from 'node:events';
import { run, Logger, type Runner, type WorkerEvents } from 'graphile-worker';
import { sql } from 'slonik';
import { z } from 'zod';
import { CRASH_ATTEMPTS_CAP, releaseDeadWorkers } from '../../../lib/workers/release-dead.ts';
import { NoRow } from '../../../sql/rows.ts';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { until } from '../../helpers/until.ts';

const DEAD_AFTER_MS = 30_000;
const silent = new Logger(() => () => {});
let app: TestApp;
const runners: Runner[] = [];
const gates: Array<() => void> = [];

test.before(async () => {
  app = await startTestApp();
});
test.after.always(async () => {
  for (const open of gates) open();
  for (const runner of runners) await runner.stop().catch(() => {});
  await app?.close();
});

const Job = z.object({ key: z.string(), locked_by: z.string().nullable(), attempts: z.number(), max_attempts: z.number() });
const jobs = async () =>
  Object.fromEntries(
    (await app.db.any(sql.type(Job)`select key, locked_by, attempts, max_attempts from graphile_worker.jobs where key like 'hang:%'`)).map((j) => [j.key, j]),
  );
const admin = async () => ({ jobs: app.workerUtils, release: () => {} });

/** A pool of `concurrency` slots whose `task` never finishes until the file ends; resolves with its id. */
async function hangingPool(task: string, concurrency: number): Promise<string> {
  const gate = new Promise<void>((resolve) => gates.push(resolve));
  const events: WorkerEvents = new EventEmitter();
  let pool = '';
  events.on('pool:create', ({ workerPool }) => (pool = workerPool.id));
  runners.push(await run({ connectionString: app.databaseUrl, concurrency, pollInterval: 100, logger: silent, events, taskList: { [task]: () => gate } }));
  return pool;
}
const beatSecondsAgo = (pool: string, seconds: number) =>
  app.db.query(sql.type(NoRow)`
    insert into worker_heartbeats (pool_id, host, pid, beat_at) values (${pool}, 'test', 1, now() - make_interval(secs => ${seconds}))
    on conflict (pool_id) do update set beat_at = excluded.beat_at`);

// Serial: each sweep sees every pool of the database.
test.serial('a silent pool’s jobs are released; one more attempt for a job on its last, below the cap only', async (t) => {
  const u = app.workerUtils;
  await u.addJob('hang', {}, { jobKey: 'hang:plenty', maxAttempts: 25 });
  await u.addJob('hang', {}, { jobKey: 'hang:last', maxAttempts: 1 });
  // Locking counts an attempt: these two are locked on attempt CAP − 1 and CAP, each its last.
  const below = await u.addJob('hang', {}, { jobKey: 'hang:below-cap', maxAttempts: CRASH_ATTEMPTS_CAP - 1 });
  const at = await u.addJob('hang', {}, { jobKey: 'hang:at-cap', maxAttempts: CRASH_ATTEMPTS_CAP });
  await u.rescheduleJobs([below.id], { attempts: CRASH_ATTEMPTS_CAP - 2 });
  await u.rescheduleJobs([at.id], { attempts: CRASH_ATTEMPTS_CAP - 1 });

  const pool = await hangingPool('hang', 4);
  await until('the pool to lock every job', async () => Object.values(await jobs()).filter((j) => j.locked_by === pool).length === 4, undefined, 100);

  // Alive: its heartbeat is well inside the bound (the sweep's own now() comes a moment later, and
  // on a loaded machine that moment can be seconds).
  await beatSecondsAgo(pool, 5);
  t.deepEqual(await releaseDeadWorkers(app.db, DEAD_AFTER_MS, admin), { dead: [], pools: [], extraAttempts: 0, superseded: 0 });
  t.true(
    Object.values(await jobs()).every((j) => j.locked_by === pool),
    'a live pool keeps its jobs',
  );

  // Silent past the bound.
  await beatSecondsAgo(pool, DEAD_AFTER_MS / 1000 + 5);
  t.deepEqual(await releaseDeadWorkers(app.db, DEAD_AFTER_MS, admin), { dead: [pool], pools: [{ pool, jobs: 4 }], extraAttempts: 2, superseded: 0 });
  t.is(await app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from worker_heartbeats`), 0, 'its row is claimed');
  const after = await jobs();
  t.true(
    Object.values(after).every((j) => j.locked_by === null),
    'every job released',
  );
  t.like(after['hang:plenty'], { attempts: 1, max_attempts: 25 });
  t.like(after['hang:last'], { attempts: 1, max_attempts: 2 });
  t.like(after['hang:below-cap'], { attempts: CRASH_ATTEMPTS_CAP - 1, max_attempts: CRASH_ATTEMPTS_CAP });
  t.like(after['hang:at-cap'], { attempts: CRASH_ATTEMPTS_CAP, max_attempts: CRASH_ATTEMPTS_CAP }, 'at the cap: no more attempts');

  // Nothing left to release: a second sweep does nothing.
  t.deepEqual(await releaseDeadWorkers(app.db, DEAD_AFTER_MS, admin), { dead: [], pools: [], extraAttempts: 0, superseded: 0 });
});

const ById = z.object({ id: z.string(), key: z.string().nullable(), locked_by: z.string().nullable(), attempts: z.number(), max_attempts: z.number() });
const byId = async (task: string) =>
  new Map(
    (
      await app.db.any(sql.type(ById)`select id::text as id, key, locked_by, attempts, max_attempts from graphile_worker.jobs where task_identifier = ${task}`)
    ).map((j) => [j.id, j]),
  );

// A coalescing job (a feed rebuild, the Show preparer) is added under its key on every event; an event
// that comes while it runs detaches the running job and queues a new one. If the worker then dies, the
// detached job must not stay behind as a failed job with no error: the new one does its work.
test.serial('a dead pool’s job that a later add_job under its key detached is removed; the job added then stays queued', async (t) => {
  const u = app.workerUtils;
  const task = 'coalesce';
  const many = await u.addJob(task, {}, { jobKey: 'coalesce:many', maxAttempts: 25 });
  const few = await u.addJob(task, {}, { jobKey: 'coalesce:few', maxAttempts: 2 });
  const kept = await u.addJob(task, {}, { jobKey: 'coalesce:kept', maxAttempts: 2 });
  const pool = await hangingPool(task, 3);
  await until('the pool to lock the three jobs', async () => [...(await byId(task)).values()].filter((j) => j.locked_by === pool).length === 3, undefined, 100);
  // Events while they run: two of the keys are added again (the pool has no free slot for them).
  const manyNext = await u.addJob(task, {}, { jobKey: 'coalesce:many', maxAttempts: 25 });
  const fewNext = await u.addJob(task, {}, { jobKey: 'coalesce:few', maxAttempts: 2 });
  const held = await byId(task);
  t.like(held.get(many.id), { key: null, attempts: 25, locked_by: pool }, 'graphile-worker detached the running job');
  t.like(held.get(few.id), { key: null, attempts: 2, locked_by: pool });

  await beatSecondsAgo(pool, DEAD_AFTER_MS / 1000 + 5);
  t.deepEqual(await releaseDeadWorkers(app.db, DEAD_AFTER_MS, admin), { dead: [pool], pools: [{ pool, jobs: 3 }], extraAttempts: 0, superseded: 2 });
  const after = await byId(task);
  t.false(after.has(many.id), 'the detached job is gone, not permanently failed');
  t.false(after.has(few.id), 'a detached job below the crash cap is not run a second time either');
  t.like(after.get(kept.id), { key: 'coalesce:kept', locked_by: null, attempts: 1, max_attempts: 2 }, 'a held job nobody detached is released as before');
  t.like(after.get(manyNext.id), { key: 'coalesce:many', locked_by: null, attempts: 0 });
  t.like(after.get(fewNext.id), { key: 'coalesce:few', locked_by: null, attempts: 0 });
  t.is(after.size, 3);
});
