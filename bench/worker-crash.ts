// Worker crash recovery (README "Faults"): how long after a worker process is SIGKILLed its held
// jobs run again on a live worker, with production liveness settings (WORKER_HEARTBEAT_SECONDS,
// WORKER_DEAD_AFTER_SECONDS as configured, defaults 10 s and 40 s). Two real worker processes over
// one Postgres: A holds one job of each lock-bound task (each waits on a lock a concurrent
// transaction holds), B is alive with free slots. Baseline, same run: the same held jobs, the locks
// released with A alive (release → done). Crash: A SIGKILLed, the locks released (kill → done).
// Prints both per task, the README's bound, and the ratios. test/workers/crash-recovery.test.ts
// holds the correctness (every task's job runs again, every effect once); this holds the time.
// Usage: npm run bench -- worker-crash
import type { ChildProcess } from 'node:child_process';
import { parseCrontab } from 'graphile-worker';
import { readFile } from 'node:fs/promises';
import { createAccount, setRole } from '../lib/accounts/admin.ts';
import { systemClock } from '../lib/clock.ts';
import { loadConfig } from '../lib/config.ts';
import { enqueue, isTaskName } from '../lib/jobs.ts';
import { createDb } from '../sql/pool.ts';
import { doneTimes, exited, holdLocks, jobsHeldBy, poolOf, startWorker } from '../test/helpers/worker-crash.ts';
import { until } from '../test/helpers/until.ts';
import { benchDatabase } from './lib.ts';

// Tasks whose job waits on a lock the bench holds, as a concurrent run or writer would.
const LOCKS: Record<string, string> = {
  feed__materialize_jobs: `select pg_advisory_xact_lock(hashtext('feed:jobs'))`,
  feed__materialize_leaderboard: `select pg_advisory_xact_lock(hashtext('feed:leaderboard'))`,
  scorecard__post: `select pg_advisory_xact_lock(hashtext('scorecards'))`,
  score__snapshot: 'lock table score_snapshots in share mode',
  rate_counters__prune: 'lock table rate_counters in share mode',
  oauth_store__prune: 'lock table oauth_store in share mode',
  pub__prune: 'lock table pub_requests in share mode',
};
const NEVER_MS = 15 * 60_000;

const config = loadConfig();
const liveness = config.liveness;
const database = await benchDatabase();
const db = await createDb(database.url, { maximumPoolSize: 2 });
// scorecard__post takes its lock only when someone can post the card.
await createAccount({ db, clock: systemClock }, 'scorekeeper');
await setRole({ db, clock: systemClock }, 'scorekeeper', 'scorekeeper', true);
const cron = parseCrontab(await readFile(new URL('../crontab', import.meta.url), 'utf8'));
const env = { DATABASE_URL: database.url, WORKER_CONCURRENCY: '16' };
const children: ChildProcess[] = [];

async function round(crash: boolean): Promise<Record<string, number>> {
  const locks = await holdLocks(database.url, ...Object.values(LOCKS));
  for (const task of Object.keys(LOCKS)) {
    const line = cron.find((c) => c.task === task)!;
    if (!isTaskName(task)) throw new Error(`${task} is not a registered task (lib/jobs.ts)`);
    await enqueue(db, task, {}, { jobKey: line.options.jobKey, queueName: line.options.queueName, maxAttempts: line.options.maxAttempts });
  }
  const a = startWorker(env);
  children.push(a);
  const poolA = await poolOf(db, a, NEVER_MS);
  const holdsEvery = async () => {
    const held = new Set((await jobsHeldBy(db, poolA)).map((j) => j.task_identifier));
    return Object.keys(LOCKS).every((task) => held.has(task));
  };
  await until('A to hold a job of every task', holdsEvery, NEVER_MS, 200);
  const b = startWorker(env);
  children.push(b);
  await poolOf(db, b, NEVER_MS);
  const jobs = await jobsHeldBy(db, poolA);
  if (crash) {
    a.kill('SIGKILL');
    await exited(a);
  }
  const from = Date.now();
  await locks.release();
  const times = await doneTimes(db, jobs, from, NEVER_MS);
  for (const child of [a, b]) child.kill('SIGTERM');
  await Promise.all([exited(a), exited(b)]);
  return times;
}

try {
  const baseline = await round(false);
  const crash = await round(true);
  const boundMs = liveness.deadAfterMs + 60_000 + 2 * 2000;
  const max = (r: Record<string, number>) => Math.max(...Object.values(r));
  console.log(
    `\nWorker crash recovery, ${new Date().toISOString()}, heartbeat ${liveness.heartbeatMs / 1000} s, dead after ${liveness.deadAfterMs / 1000} s\n`,
  );
  console.log('| task | baseline: locks released, A alive (ms) | crash: A SIGKILLed (ms) |');
  console.log('|---|---:|---:|');
  for (const task of Object.keys(crash)) console.log(`| ${task} | ${baseline[task]} | ${crash[task]} |`);
  console.log(`\nslowest: baseline ${max(baseline)} ms, crash ${max(crash)} ms; README bound ${boundMs} ms (dead after + 60 s sweep + two 2 s polls)`);
  console.log(`crash / bound ${(max(crash) / boundMs).toFixed(2)}; crash - baseline ${max(crash) - max(baseline)} ms`);
  if (max(crash) > boundMs) process.exitCode = 1;
} finally {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await db.end();
  await database.stop();
}
