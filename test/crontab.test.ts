// The real `crontab`, parsed by graphile-worker: each schedule against SPEC.md (the jobs feed every
// 2 min, the leaderboard every 5 min, score snapshots every 300 s, scorecards every 6 h) and the
// liveness sweep every minute (README "Faults"); every line has its own fixed ?id=; every task exists.
import test from 'ava';
import { readFile } from 'node:fs/promises';
import { parseCrontab, type ParsedCronItem } from 'graphile-worker';
import { pino } from 'pino';
import { systemClock } from '../lib/clock.ts';
import { loadConfig } from '../lib/config.ts';
import { taskList } from '../tasks/index.ts';
import { createDb } from '../sql/pool.ts';
import { createTestDatabase } from './helpers/db.ts';

const text = await readFile(new URL('../crontab', import.meta.url), 'utf8');
const lines = text.split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('#'));
const items = parseCrontab(text);
const MINUTE = 60_000;

/** The minutes (ms since the start) at which an item fires during one week of UTC time. */
function firings(item: ParsedCronItem): number[] {
  const start = Date.UTC(2026, 10, 23); // a Monday, 00:00 UTC
  const out: number[] = [];
  for (let t = start; t < start + 7 * 24 * 60 * MINUTE; t += MINUTE) {
    const d = new Date(t);
    if (item.match({ min: d.getUTCMinutes(), hour: d.getUTCHours(), date: d.getUTCDate(), month: d.getUTCMonth() + 1, dow: d.getUTCDay() }))
      out.push(t - start);
  }
  return out;
}

/** Every gap between two firings, and the first firing, equal `every`: a fixed period. */
function assertEvery(t: import('ava').ExecutionContext, task: string, every: number) {
  const matching = items.filter((i) => i.task === task);
  t.is(matching.length, 1, `${task} is scheduled once`);
  const times = firings(matching[0]!);
  t.true(times.length > 1, `${task} fires`);
  const gaps = new Set(times.slice(1).map((x, i) => x - times[i]!));
  gaps.add(times[0]! + 7 * 24 * 60 * MINUTE - times.at(-1)!); // across the week's wrap
  t.deepEqual([...gaps], [every], `${task} runs every ${every / MINUTE} min`);
}

test('the jobs feed is materialised every 2 minutes (SPEC: refreshed every 2 min)', (t) => assertEvery(t, 'feed__materialize_jobs', 2 * MINUTE));
test('the leaderboard is materialised every 5 minutes (SPEC: refreshed every 5 min)', (t) => assertEvery(t, 'feed__materialize_leaderboard', 5 * MINUTE));
test('a score snapshot is taken every 300 s (SPEC: one snapshot every 300 s)', (t) => assertEvery(t, 'score__snapshot', 300_000));
test('a scorecard is posted every 6 hours (SPEC: every 6 hours)', (t) => assertEvery(t, 'scorecard__post', 6 * 60 * MINUTE));

test('the sequencer sweep positions rows left without a pass every minute, one waiting at most (docs/architecture.md)', (t) => {
  assertEvery(t, 'feed__position', MINUTE);
  const sweep = items.find((i) => i.task === 'feed__position')!;
  t.is(sweep.options.jobKey, 'feed__position');
  t.is(sweep.options.maxAttempts, 1);
});

test('the liveness sweep runs every minute, ahead of waiting jobs, one waiting at most, never retried', (t) => {
  assertEvery(t, 'worker__release_dead', MINUTE);
  const sweep = items.find((i) => i.task === 'worker__release_dead')!;
  t.true((sweep.options.priority ?? 0) < 0, 'runs before other waiting jobs');
  t.is(sweep.options.jobKey, 'worker__release_dead');
  t.is(sweep.options.maxAttempts, 1, 'a failed sweep is not retried: the next minute runs it again');
  // With the default bound, a dead worker's jobs run again within two minutes (README "Faults").
  const { liveness } = loadConfig({});
  // Declared dead, the next minute's sweep, then two 2 s polls (workers/main.ts): the sweep's, the job's.
  t.true(liveness.deadAfterMs + MINUTE + 2 * 2000 <= 2 * MINUTE);
});

test('every line has its own fixed ?id=, and every task it names exists', async (t) => {
  t.is(items.length, lines.length);
  const ids = items.map((i) => i.identifier);
  t.is(new Set(ids).size, ids.length, 'ids are unique');
  for (const [n, line] of lines.entries()) {
    const id = /[?&]id=([^&\s]+)/.exec(line)?.[1];
    t.truthy(id, `line ${n + 1} has ?id=`);
    t.is(items[n]!.identifier, id ?? '');
  }
  const database = await createTestDatabase();
  const db = await createDb(database.url, { maximumPoolSize: 1 });
  const names = Object.keys(taskList({ db, clock: systemClock, config: loadConfig({ DATABASE_URL: database.url }), logger: pino({ level: 'silent' }) }));
  await db.end();
  await database.drop();
  for (const item of items) t.true(names.includes(item.task), `${item.task} is in tasks/index.ts`);
});
