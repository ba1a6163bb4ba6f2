// The liveness sweep (lib/workers/release-dead.ts) against a real graphile-worker pool whose jobs
// hang: a pool with a fresh heartbeat keeps its jobs; once its heartbeat is older than the bound its
// row is claimed and every job it held is released; a job locked on its last attempt gets one more
// while it has had fewer than CRASH_ATTEMPTS_CAP attempts, not at the cap.
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
let runner: Runner | null = null;
let openGate: () => void = () => {};

test.before(async () => {
  app = await startTestApp();
});
test.after.always(async () => {
  openGate();
  await runner?.stop().catch(() => {});
  await app?.close();
});

const Job = z.object({ key: z.string(), locked_by: z.string().nullable(), attempts: z.number(), max_attempts: z.number() });
const jobs = async () =>
  Object.fromEntries(
    (await app.db.any(sql.type(Job)`select key, locked_by, attempts, max_attempts from graphile_worker.jobs where key like 'hang:%'`)).map((j) => [j.key, j]),
  );
const admin = async () => ({ jobs: app.workerUtils, release: () => {} });

test('a silent pool’s jobs are released; one more attempt for a job on its last, below the cap only', async (t) => {
  const u = app.workerUtils;
  await u.addJob('hang', {}, { jobKey: 'hang:plenty', maxAttempts: 25 });
  await u.addJob('hang', {}, { jobKey: 'hang:last', maxAttempts: 1 });
  // Locking counts an attempt: these two are locked on attempt CAP − 1 and CAP, each its last.
  const below = await u.addJob('hang', {}, { jobKey: 'hang:below-cap', maxAttempts: CRASH_ATTEMPTS_CAP - 1 });
  const at = await u.addJob('hang', {}, { jobKey: 'hang:at-cap', maxAttempts: CRASH_ATTEMPTS_CAP });
  await u.rescheduleJobs([below.id], { attempts: CRASH_ATTEMPTS_CAP - 2 });
  await u.rescheduleJobs([at.id], { attempts: CRASH_ATTEMPTS_CAP - 1 });

  const gate = new Promise<void>((resolve) => (openGate = resolve));
  const events: WorkerEvents = new EventEmitter();
  let pool = '';
  events.on('pool:create', ({ workerPool }) => (pool = workerPool.id));
  runner = await run({ connectionString: app.databaseUrl, concurrency: 4, pollInterval: 100, logger: silent, events, taskList: { hang: () => gate } });
  await until('the pool to lock every job', async () => Object.values(await jobs()).filter((j) => j.locked_by === pool).length === 4, undefined, 100);

  // Alive: its heartbeat is well inside the bound (the sweep's own now() comes a moment later, and
  // on a loaded machine that moment can be seconds).
  await app.db.query(sql.type(NoRow)`
    insert into worker_heartbeats (pool_id, host, pid, beat_at) values (${pool}, 'test', 1, now() - make_interval(secs => 5))`);
  t.deepEqual(await releaseDeadWorkers(app.db, DEAD_AFTER_MS, admin), { dead: [], pools: [], extraAttempts: 0 });
  t.true(
    Object.values(await jobs()).every((j) => j.locked_by === pool),
    'a live pool keeps its jobs',
  );

  // Silent past the bound.
  await app.db.query(sql.type(NoRow)`
    update worker_heartbeats set beat_at = now() - make_interval(secs => ${DEAD_AFTER_MS / 1000 + 5}) where pool_id = ${pool}`);
  t.deepEqual(await releaseDeadWorkers(app.db, DEAD_AFTER_MS, admin), { dead: [pool], pools: [{ pool, jobs: 4 }], extraAttempts: 2 });
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
  t.deepEqual(await releaseDeadWorkers(app.db, DEAD_AFTER_MS, admin), { dead: [], pools: [], extraAttempts: 0 });
});
