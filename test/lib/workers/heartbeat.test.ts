// The worker's side of liveness (lib/workers/heartbeat.ts) and its settings: a tracked pool's row is
// written and kept fresh; a clean stop removes it; a pool whose row a sweep claimed gives up at once
// and never writes it again; the dead-after setting must leave room for three beats.
import test from 'ava';
import { pino } from 'pino';
import { sql } from 'slonik';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../../../lib/config.ts';
import { startHeartbeat } from '../../../lib/workers/heartbeat.ts';
import { NoRow } from '../../../sql/rows.ts';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { until } from '../../helpers/until.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp();
});
test.after.always(async () => {
  await app?.close();
});

const logger = pino({ level: 'silent' });
const Beat = z.object({ beat_at: z.string() });
const beatOf = (pool: string) => app.db.maybeOneFirst(sql.type(Beat)`select beat_at::text as beat_at from worker_heartbeats where pool_id = ${pool}`);

// Beats every 100 ms; a pool gives up only after a minute without one, which a loaded machine never
// reaches, except in the test of that deadline itself, where a held row lock stops every beat.
const LIVE = { heartbeatMs: 100, deadAfterMs: 60_000 };

test('WORKER_DEAD_AFTER_SECONDS is at least three heartbeats', (t) => {
  t.deepEqual(loadConfig({ WORKER_HEARTBEAT_SECONDS: '5', WORKER_DEAD_AFTER_SECONDS: '15' }).liveness, { heartbeatMs: 5000, deadAfterMs: 15_000 });
  const err = t.throws(() => loadConfig({ WORKER_HEARTBEAT_SECONDS: '5', WORKER_DEAD_AFTER_SECONDS: '14' }), { instanceOf: ConfigError });
  t.regex(err!.message, /WORKER_DEAD_AFTER_SECONDS/);
});

test('a tracked pool beats until it is untracked, which removes its row', async (t) => {
  const lost: string[] = [];
  const hb = startHeartbeat(app.db, { ...LIVE, logger, onLost: (r) => lost.push(r) });
  hb.track('pool-clean');
  await until('the first beat', async () => (await beatOf('pool-clean')) !== null, undefined, 50);
  const first = (await beatOf('pool-clean'))!;
  await until('a later beat', async () => (await beatOf('pool-clean'))! > first, undefined, 50);
  await hb.untrack('pool-clean');
  t.is(await beatOf('pool-clean'), null);
  await hb.stop();
  t.deepEqual(lost, []);
});

test('a pool whose row was claimed by a sweep gives up and never writes it again', async (t) => {
  const lost: string[] = [];
  const hb = startHeartbeat(app.db, { ...LIVE, logger, onLost: (r) => lost.push(r) });
  hb.track('pool-claimed');
  await until('the first beat', async () => (await beatOf('pool-claimed')) !== null, undefined, 50);
  await app.db.query(sql.type(NoRow)`delete from worker_heartbeats where pool_id = 'pool-claimed'`);
  await until('the pool to give up', () => lost.length > 0);
  t.regex(lost[0]!, /pool-claimed: its heartbeat row was gone/);
  await new Promise((r) => setTimeout(r, 300));
  t.is(await beatOf('pool-claimed'), null, 'not revived');
  t.is(lost.length, 1);
  await hb.stop();
});

test('a pool that cannot write its heartbeat for dead-after − heartbeat gives up', async (t) => {
  const lost: string[] = [];
  const hb = startHeartbeat(app.db, { heartbeatMs: 100, deadAfterMs: 600, logger, onLost: (r) => lost.push(r) });
  hb.track('pool-stuck');
  await until('the first beat', async () => (await beatOf('pool-stuck')) !== null, undefined, 50);
  // A concurrent transaction holds the row: every beat waits, so only the deadline can end this.
  await app.db.transaction(async (tx) => {
    await tx.query(sql.type(NoRow)`select 1 from worker_heartbeats where pool_id = 'pool-stuck' for update`);
    await until('the pool to give up', () => lost.length > 0);
  });
  t.regex(lost[0]!, /no heartbeat written for 0.5 s/);
  t.is(lost.length, 1);
  await hb.stop();
});
