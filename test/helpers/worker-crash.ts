// Worker processes (workers/main.ts) killed while they hold jobs: what the crash test
// (test/workers/crash-recovery.test.ts: every job runs again, every effect once) and the recovery
// benchmark (bench/worker-crash.ts: how long that takes, against README "Faults"' bound) share.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'slonik';
import { z } from 'zod';
import { childEnv } from '../../lib/config.ts';
import type { Db } from '../../sql/pool.ts';
import { until } from './until.ts';

const WORKER = fileURLToPath(new URL('../../workers/main.ts', import.meta.url));

/**
 * A worker process over `env` (DATABASE_URL and the rest), its logs silenced, or, with `logFile`,
 * written there at debug level (which pool took and released which job, for a failure's diagnosis).
 */
export function startWorker(env: Record<string, string>, logFile?: string): ChildProcess {
  const out = logFile === undefined ? 'ignore' : openSync(logFile, 'a');
  const child = spawn(process.execPath, [WORKER], {
    env: childEnv({ LOG_LEVEL: logFile === undefined ? 'silent' : 'debug', ...env }),
    stdio: ['ignore', out, out === 'ignore' ? 'inherit' : out],
  });
  if (typeof out === 'number') closeSync(out);
  return child;
}

export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

export type HeldLocks = { release: () => Promise<void>; abandon: () => Promise<void> };

/** A session holding locks until `release()`, as a concurrent transaction would. */
export async function holdLocks(databaseUrl: string, ...statements: string[]): Promise<HeldLocks> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  await client.query('begin');
  for (const s of statements) await client.query(s);
  return {
    release: () => client.query('commit').then(() => client.end()),
    abandon: () => client.end().catch(() => {}),
  };
}

/** The graphile-worker pool of a worker process, once its first heartbeat is written. */
export async function poolOf(db: Db, child: ChildProcess, timeoutMs: number): Promise<string> {
  let pool: string | null = null;
  await until(
    'the worker heartbeat',
    async () => {
      pool = await db.maybeOneFirst(sql.type(z.object({ pool_id: z.string() }))`select pool_id from worker_heartbeats where pid = ${child.pid!}`);
      return pool !== null;
    },
    timeoutMs,
    200,
  );
  return pool!;
}

export const HeldJob = z.object({ id: z.string(), task_identifier: z.string() });
export type HeldJob = z.infer<typeof HeldJob>;

export const jobsHeldBy = (db: Db, pool: string) =>
  db.any(sql.type(HeldJob)`select id::text as id, task_identifier from graphile_worker.jobs where locked_by = ${pool}`);

/**
 * Waits until every one of `jobs` has left the queue (completed), and says, per task, how long
 * after `since` (a Date.now() reading) its last job went.
 */
export async function doneTimes(db: Db, jobs: readonly HeldJob[], since: number, timeoutMs: number): Promise<Record<string, number>> {
  const doneAt = new Map<string, number>();
  const ids = sql.array(
    jobs.map((j) => j.id),
    'int8',
  );
  await until(
    'the held jobs to run again',
    async () => {
      const left = new Set(await db.anyFirst(sql.type(z.object({ id: z.string() }))`select id::text as id from graphile_worker.jobs where id = any(${ids})`));
      for (const j of jobs) if (!left.has(j.id) && !doneAt.has(j.id)) doneAt.set(j.id, Date.now() - since);
      return left.size === 0;
    },
    timeoutMs,
    200,
  ).catch(async (error: Error) => {
    // Name what is left and why it waits: a failure here is a job stuck behind a dead worker.
    const left = await db.any(sql.type(z.record(z.string(), z.unknown()))`
      select id, task_identifier, queue_name, attempts, max_attempts, run_at, locked_by, locked_at, last_error
      from graphile_worker.jobs where id = any(${ids})`);
    const beats = await db.any(sql.type(z.record(z.string(), z.unknown()))`select pool_id, pid, beat_at from worker_heartbeats`);
    throw new Error(`${error.message}: ${JSON.stringify({ left, heartbeats: beats, now: new Date().toISOString() })}`);
  });
  const kinds = [...new Set(jobs.map((j) => j.task_identifier))].sort();
  return Object.fromEntries(kinds.map((k) => [k, Math.max(...jobs.filter((j) => j.task_identifier === k).map((j) => doneAt.get(j.id)!))]));
}
