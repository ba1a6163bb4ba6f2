// scorecard__post: `Scorecard 6h #N` as a lab root from the scorekeeper, measured numbers with source
// and time, N counting up without gaps (also after a failed post and across a fresh task list, as
// after a restart), idempotent per window, a crash between post and mark never posts twice.
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { pino } from 'pino';
import { createAccount, setRole } from '../../lib/accounts/admin.ts';
import { enqueue } from '../../lib/jobs.ts';
import { loadConfig } from '../../lib/config.ts';
import { postScorecard } from '../../lib/score/scorecard.ts';
import { readScoreSources } from '../../lib/score/snapshot.ts';
import { createScoreQueries } from '../../sql/queries/score.ts';
import { NoRow } from '../../sql/rows.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ POSTS_PER_DAY: '1000', REPLIES_PER_DAY: '1000', SCORE_SOURCE_URL: 'http://market.test/tokens' });
});
test.after.always(async () => {
  await app?.close();
});

const Card = z.object({ n: z.number(), title: z.string(), body: z.string(), post_id: z.string().nullable(), window_end: z.string() });
const cards = () => app.db.any(sql.type(Card)`select n, title, body, post_id, window_end from scorecards order by n`);
const keeperRoots = () =>
  app.db.any(sql.type(z.object({ id: z.string(), title: z.string(), topic: z.string() }))`
    select p.id, p.title, p.topic from posts p join accounts a on a.id = p.author_id
    where a.is_scorekeeper and p.root_id is null order by p.seq`);
const run = async () => {
  await enqueue(app.db, 'scorecard__post', {});
  await app.runJobs();
};

test.serial('without a scorekeeper account nothing is posted and no number is taken', async (t) => {
  await run();
  t.deepEqual(await cards(), []);
});

test.serial('the first card measures the window that just ended, with sources and times', async (t) => {
  const { account: keeper } = await createAccount(app.deps, 'scorekeeper');
  await setRole(app.deps, 'scorekeeper', 'scorekeeper', true);
  // 2026-11-22T09:00Z: the window is 00:00 to 06:00 UTC.
  const start = new Date('2026-11-22T00:00:00Z');
  const at = (h: number, m = 0) => new Date(start.getTime() + h * 3_600_000 + m * 60_000);
  const base = await readScoreSources(loadConfig({ NODE_ENV: 'test' }), at(0, 2));
  const q = createScoreQueries(app.db);
  await q.insertSnapshot({ ...base, market_source: 'market.test', price_usd: 0.002, market_cap_usd: 2_000_000, market_stale: false, market_error: null });
  await q.insertSnapshot({ ...(await readScoreSources(loadConfig({ NODE_ENV: 'test' }), at(3))), market_source: 'market.test', market_error: 'HTTP 502' });
  await q.insertSnapshot({
    ...(await readScoreSources(loadConfig({ NODE_ENV: 'test' }), at(5, 55))),
    market_source: 'market.test',
    price_usd: 0.0025,
    market_cap_usd: 2_500_000,
    volume_6h_usd: 41000,
    buys_6h: 200,
    sells_6h: 150,
    liquidity_usd: 90000,
    market_stale: false,
    market_error: null,
  });
  // Lab records in the window (what the lab's rules write), and one outside it.
  const author = await app.register('card_author');
  const root = async (title: string) =>
    (await app.request('POST', '/v1/posts', { key: author.key, body: { topic: 'general', title, body: 'x' } })).body.post.id as string;
  const e1 = await root('e1');
  const e2 = await root('e2');
  const e3 = await root('e3');
  await app.db.query(sql.type(NoRow)`
    insert into lab_roots (root_id, kind, author_id, state, verdict, started_at, ended_at, ended_by, created_at) values
      (${e1}, 'experiment', ${author.id}, 'verdict', 'win', ${at(1).toISOString()}, ${at(4).toISOString()}, 'verdict', ${at(0).toISOString()}),
      (${e2}, 'experiment', ${author.id}, 'started', null, ${at(2).toISOString()}, null, null, ${at(0).toISOString()}),
      (${e3}, 'experiment', ${author.id}, 'started', null, ${at(7).toISOString()}, null, null, ${at(0).toISOString()})`);
  const delivery = (await app.request('POST', `/v1/posts/${e2}/replies`, { key: author.key, body: { body: 'a delivery' } })).body.reply.id;
  await app.db.query(sql.type(NoRow)`
    insert into lab_events (reply_id, root_id, agent_id, kind, text, created_at, accepted_at)
    values (${delivery}, ${e2}, ${author.id}, 'delivered', 'a delivery', ${at(2).toISOString()}, ${at(3).toISOString()})`);

  await run();
  const [card] = await cards();
  t.is(card!.n, 1);
  t.is(card!.title, 'Scorecard 6h #1');
  t.is(card!.window_end, '2026-11-22T06:00:00.000Z');
  const roots = await keeperRoots();
  t.is(roots.length, 1);
  t.deepEqual(roots[0], { id: card!.post_id!, title: 'Scorecard 6h #1', topic: 'svc-1m' });
  const body = card!.body;
  t.true(body.includes('Window: 2026-11-22T00:00:00.000Z to 2026-11-22T06:00:00.000Z (UTC)'));
  t.true(body.includes('source: market data from market.test'));
  t.true(body.includes('3 reads in the window, 1 failed or partial'));
  t.true(body.includes('- Price USD: 0.002 at 2026-11-22T00:02:00.000Z -> 0.0025 at 2026-11-22T05:55:00.000Z (+25.00%)'));
  t.true(body.includes('- Market cap USD: 2,000,000 at 2026-11-22T00:02:00.000Z -> 2,500,000 at 2026-11-22T05:55:00.000Z (+25.00%)'));
  t.true(body.includes('- Volume 6h USD: 41,000 at 2026-11-22T05:55:00.000Z'));
  t.true(body.includes('- Experiments started: 2'));
  t.true(body.includes('- Verdicts: win 1, fail 0, inconclusive 0'));
  t.true(body.includes('- Deliveries accepted: 1'));
  t.true(body.includes('Retro:'));
  t.is(keeper.name, 'scorekeeper');
  // The scorecard is a public board post like any other.
  const thread = await app.request('GET', `/api/thread/${card!.post_id}`);
  t.is(thread.body.author, 'scorekeeper');
  t.is(thread.body.body, body);
});

test.serial('a second run in the same window posts nothing; the next window is #2', async (t) => {
  await run();
  t.is((await cards()).length, 1);
  t.is((await keeperRoots()).length, 1);
  app.clock.advance(6 * 3_600_000);
  await run();
  const all = await cards();
  t.deepEqual(
    all.map((c) => c.n),
    [1, 2],
  );
  t.is(all[1]!.window_end, '2026-11-22T12:00:00.000Z');
  t.true(all[1]!.body.includes('No good market read in the window'));
});

test.serial('a failed post keeps its number; the next run posts it first, so posted numbers never skip', async (t) => {
  // The scorekeeper's posting quota is used up: the post of #3 fails after #3 is reserved.
  const keeper = await app.db.oneFirst(sql.type(z.object({ id: z.string() }))`select id from accounts where is_scorekeeper`);
  await app.db.query(sql.type(NoRow)`
    insert into posts (author_id, topic, title, body, created_at)
    select ${keeper}, 'general', 'filler ' || g, 'x', ${app.clock.now().toISOString()} from generate_series(1, 1000) g`);
  app.clock.advance(6 * 3_600_000);
  await run();
  let all = await cards();
  t.deepEqual(
    all.map((c) => [c.n, c.post_id !== null]),
    [
      [1, true],
      [2, true],
      [3, false],
    ],
  );
  // Quota frees; a restart builds a fresh task list over the same database.
  await app.db.query(sql.type(NoRow)`delete from posts where author_id = ${keeper} and title like 'filler %'`);
  app.clock.advance(6 * 3_600_000);
  const logger = pino({ level: 'silent' });
  await postScorecard({ db: app.db, clock: app.clock, config: app.config, logger });
  all = await cards();
  t.deepEqual(
    all.map((c) => [c.n, c.post_id !== null]),
    [
      [1, true],
      [2, true],
      [3, true],
      [4, true],
    ],
  );
  const titles = (await keeperRoots()).map((r) => r.title);
  t.deepEqual(titles, ['Scorecard 6h #1', 'Scorecard 6h #2', 'Scorecard 6h #3', 'Scorecard 6h #4']);
});

test.serial('a crash between the post and its mark links the existing post instead of posting twice', async (t) => {
  app.clock.advance(6 * 3_600_000);
  await run();
  const last = (await cards()).at(-1)!;
  t.is(last.n, 5);
  await app.db.query(sql.type(NoRow)`update scorecards set post_id = null, posted_at = null where n = 5`);
  await run();
  const again = (await cards()).at(-1)!;
  t.is(again.post_id, last.post_id);
  t.is((await keeperRoots()).filter((r) => r.title === 'Scorecard 6h #5').length, 1);
});

test.serial('concurrent runs in one window make one card', async (t) => {
  app.clock.advance(6 * 3_600_000);
  const logger = pino({ level: 'silent' });
  const deps = { db: app.db, clock: app.clock, config: app.config, logger };
  await Promise.all([postScorecard(deps), postScorecard(deps), postScorecard(deps)]);
  const all = await cards();
  t.deepEqual(
    all.map((c) => c.n),
    [1, 2, 3, 4, 5, 6],
  );
  t.is((await keeperRoots()).filter((r) => r.title === 'Scorecard 6h #6').length, 1);
});
