// GET /api/score/history: SPEC.md's exact envelope and point fields, windows and steps, the newest
// good snapshot per step with its own `at`, failed-only steps as null/stale points, INVALID_WINDOW.
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { loadConfig } from '../../lib/config.ts';
import { readScoreSources } from '../../lib/score/snapshot.ts';
import { createScoreQueries, type NewSnapshot } from '../../sql/queries/score.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ TOKEN_MINT: 'SvcMint1111111111111111111111111111111111pump' });
});
test.after.always(async () => {
  await app?.close();
});

const ENVELOPE = ['from', 'generated_at', 'mint', 'points', 'snapshot_every_seconds', 'step_seconds', 'to', 'version', 'window'];
const POINT = ['at', 'buys_1h', 'liquidity_usd', 'market_cap_usd', 'price_usd', 'sells_1h', 'stale', 'volume_1h_usd'];

const NULLS = loadConfig({ NODE_ENV: 'test' });

/** A snapshot taken at `at`: good with the given price, or a failed market read. */
async function snapshot(at: Date, price: number | null): Promise<void> {
  const base: NewSnapshot = await readScoreSources(NULLS, at);
  const row: NewSnapshot =
    price === null
      ? { ...base, market_error: 'HTTP 502' }
      : {
          ...base,
          price_usd: price,
          market_cap_usd: price * 1e9,
          volume_1h_usd: 100,
          liquidity_usd: 5000,
          buys_1h: 3,
          sells_1h: 2,
          market_stale: false,
          market_error: null,
        };
  // The step rule is tested apart from the one-per-slot rule: give each read its own slot key.
  await createScoreQueries(app.db).insertSnapshot({ ...row, slot: at.toISOString() });
}

const history = (query = '') => app.request('GET', `/api/score/history${query}`);

test.serial('the envelope and points have exactly the fields of SPEC.md; default window 24h; cache 60 s; CORS *', async (t) => {
  const res = await history();
  t.is(res.status, 200);
  t.deepEqual(Object.keys(res.body).sort(), ENVELOPE);
  t.is(res.body.version, 1);
  t.is(res.body.window, '24h');
  t.is(res.body.mint, 'SvcMint1111111111111111111111111111111111pump');
  t.is(res.body.step_seconds, 300);
  t.is(res.body.snapshot_every_seconds, 300);
  t.is(res.body.to, app.clock.now().toISOString());
  t.is(res.body.from, new Date(app.clock.now().getTime() - 86_400_000).toISOString());
  t.is(res.body.generated_at, app.clock.now().toISOString());
  t.deepEqual(res.body.points, []);
  t.is(res.headers.get('cache-control'), 'public, max-age=60');
  t.is(res.headers.get('access-control-allow-origin'), '*');
});

test.serial('INVALID_WINDOW lists the allowed windows and the default', async (t) => {
  for (const bad of ['2h', '', '24H', '30d']) {
    const res = await history(`?window=${bad}`);
    t.is(res.status, 400, bad);
    t.is(res.body.error.code, 'INVALID_WINDOW');
    t.deepEqual(res.body.error.details, { allowed: ['1h', '6h', '24h', '7d'], default: '24h' });
    t.deepEqual(Object.keys(res.body).sort(), ['docs', 'error']);
  }
  t.is((await history('?window=1h&window=6h')).status, 400);
});

test.serial('each step takes its newest good snapshot with its own at; a failed-only step is a null stale point; an empty step has none', async (t) => {
  await app.db.query(sql.type(z.looseObject({}))`delete from score_snapshots`);
  const now = app.clock.now().getTime();
  const from = now - 3_600_000;
  const at = (stepIndex: number, secondsIn: number) => new Date(from + stepIndex * 300_000 + secondsIn * 1000);
  // Step 0: two good reads, the newer one wins.
  await snapshot(at(0, 10), 1.0);
  await snapshot(at(0, 290), 1.1);
  // Step 1: a good read, then a failed one: the good one (with its own, earlier at) is the point.
  await snapshot(at(1, 20), 1.2);
  await snapshot(at(1, 280), null);
  // Step 2: only a failed read: a point with null numbers and stale true, at the failed read's time.
  await snapshot(at(2, 100), null);
  // Step 3: nothing. Step 11 (the last, ending now): a good read exactly at `to`.
  await snapshot(new Date(now), 2.0);
  // Outside the window: ignored.
  await snapshot(new Date(from - 1000), 9.9);

  const res = await history('?window=1h');
  t.is(res.status, 200);
  t.is(res.body.step_seconds, 300);
  const points = res.body.points as any[];
  for (const p of points) t.deepEqual(Object.keys(p).sort(), POINT);
  t.deepEqual(
    points.map((p) => p.at),
    [at(0, 290), at(1, 20), at(2, 100), new Date(now)].map((d) => d.toISOString()),
  );
  t.is(points[0].price_usd, 1.1);
  t.is(points[0].stale, false);
  t.is(points[1].price_usd, 1.2);
  t.deepEqual(points[2], {
    at: at(2, 100).toISOString(),
    price_usd: null,
    market_cap_usd: null,
    volume_1h_usd: null,
    liquidity_usd: null,
    buys_1h: null,
    sells_1h: null,
    stale: true,
  });
  t.is(points[3].price_usd, 2);
  t.is(points[3].buys_1h, 3);
});

test.serial('24h and 7d: at most 288 points, step 300 s and 2100 s, oldest first', async (t) => {
  await app.db.query(sql.type(z.looseObject({}))`delete from score_snapshots`);
  const now = app.clock.now().getTime();
  // Seven days of snapshots every 300 s, the way the cron stores them.
  for (let i = 0; i < 7 * 288; i++) {
    const at = new Date(now - i * 300_000 - 5_000);
    const row = { ...(await readScoreSources(NULLS, at)), price_usd: i, market_stale: false, market_error: null };
    await createScoreQueries(app.db).insertSnapshot(row);
  }
  const day = (await history('?window=24h')).body;
  t.is(day.points.length, 288);
  t.is(day.step_seconds, 300);
  const week = (await history('?window=7d')).body;
  t.is(week.step_seconds, 2100);
  t.is(week.points.length, 288);
  const ats = week.points.map((p: any) => p.at);
  t.deepEqual(ats, ats.slice().sort());
  // Each 2100 s step holds 7 snapshots; the newest (smallest i) is the point.
  t.is(week.points.at(-1).price_usd, 0);
  t.is(week.points.at(-2).price_usd, 7);
  t.is((await history('?window=6h')).body.points.length, 72);
  t.is((await history('?window=1h')).body.points.length, 12);
});
