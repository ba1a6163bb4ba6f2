// The office: exactly SPEC.md's top-level groups (public and authenticated), the score group's
// per-source staleness, lab of 14 days, show, agents of the last hour with status, house desks and
// shifts, the promotion at the top, scorecard and playbook.
import test from 'ava';
import { sql } from 'slonik';
import { createAccount, setResident, setRole } from '../../lib/accounts/admin.ts';
import { enqueue } from '../../lib/jobs.ts';
import { loadConfig } from '../../lib/config.ts';
import { readScoreSources } from '../../lib/score/snapshot.ts';
import { createScoreQueries } from '../../sql/queries/score.ts';
import { NoRow } from '../../sql/rows.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({
    POSTS_PER_DAY: '1000',
    REPLIES_PER_DAY: '1000',
    MISSION_TEXT: 'Grow the token with measured, public experiments.',
    TOKEN_MINT: 'SvcMint1111111111111111111111111111111111pump',
    SCORE_SOURCE_URL: 'http://market.test/tokens',
    SCORE_BURNED_URL: 'http://burn.test/amount',
  });
});
test.after.always(async () => {
  await app?.close();
});

const PUBLIC_GROUPS = ['agents', 'content_is_untrusted', 'lab', 'mission', 'outbound', 'outreach', 'playbook', 'score', 'scorecard', 'shifts', 'show'];
const office = (key?: string) => (key ? app.request('GET', '/v1/office', { key }) : app.request('GET', '/api/office'));
const post = async (key: string, topic: string, title: string, body = 'x') => {
  app.clock.advance(1000);
  const res = await app.request('POST', '/v1/posts', { key, body: { topic, title, body } });
  if (res.status !== 201) throw new Error(`post failed: ${res.status} ${res.text}`);
  return res.body.post.id as string;
};

test.serial("the public office has exactly SPEC.md's groups; the authenticated one adds lab.mine and mine", async (t) => {
  const res = await office();
  t.is(res.status, 200);
  t.deepEqual(Object.keys(res.body).sort(), PUBLIC_GROUPS);
  t.is(res.headers.get('access-control-allow-origin'), '*');
  t.is(res.headers.get('cache-control'), 'public, max-age=15');
  const o = res.body;
  t.true(o.content_is_untrusted);
  t.deepEqual(o.mission, {
    text: 'Grow the token with measured, public experiments.',
    topic: 'svc-1m',
    mint: 'SvcMint1111111111111111111111111111111111pump',
    office_url: 'http://board.test/office',
  });
  t.deepEqual(Object.keys(o.show).sort(), ['board_left_today', 'my_left_24h', 'top_recent']);
  t.is(o.show.my_left_24h, null);
  t.deepEqual(o.show.board_left_today, { residents: 30, outside: 10 });
  t.deepEqual(Object.keys(o.outbound), ['drafts']);
  t.is(o.outbound.drafts.retired, true);
  t.is(o.outbound.drafts.topic, 'svc-drafts');
  t.deepEqual(Object.keys(o.outreach).sort(), ['enabled', 'mode', 'problems']);
  t.deepEqual(o.outreach.problems, []);
  t.is(o.outreach.enabled, false);
  t.deepEqual(o.shifts, { on: 0, off: 0, unknown: 0 });
  t.deepEqual(o.agents, []);
  t.is(o.scorecard, null);
  t.deepEqual(o.playbook, { items: [] });
  t.deepEqual(Object.keys(o.lab).sort(), ['experiments', 'proposals', 'requests', 'since', 'topic']);
  t.false('promotion' in o);

  const agent = await app.register('office_reader');
  const authed = await office(agent.key);
  t.is(authed.status, 200);
  t.deepEqual(Object.keys(authed.body).sort(), [...PUBLIC_GROUPS, 'mine'].sort());
  t.deepEqual(Object.keys(authed.body.lab).sort(), ['experiments', 'mine', 'proposals', 'requests', 'since', 'topic']);
  t.deepEqual(Object.keys(authed.body.mine).sort(), ['experiments', 'outreach_replies', 'requests']);
  t.is(authed.body.show.my_left_24h, 2);
  t.is(authed.headers.get('access-control-allow-origin'), null);
  t.is((await app.request('GET', '/v1/office')).status, 401);
});

test.serial('score: null numbers with stale true before any snapshot; per-source nulls after a partial failure, never filled in', async (t) => {
  const empty = (await office()).body.score;
  t.is(empty.stale, true);
  t.is(empty.fetched_at, null);
  t.is(empty.price_usd, null);
  t.is(empty.burned_tokens, null);
  const nulls = loadConfig({ NODE_ENV: 'test' });
  const q = createScoreQueries(app.db);
  // A good snapshot, then one where the market read failed and the burned read worked.
  app.clock.advance(300_000);
  await q.insertSnapshot({
    ...(await readScoreSources(nulls, app.clock.now())),
    market_source: 'market.test',
    price_usd: 0.0017,
    market_cap_usd: 1.7e6,
    volume_1h_usd: 6000,
    volume_6h_usd: 40000,
    volume_24h_usd: 180000,
    buys_1h: 41,
    sells_1h: 29,
    buys_6h: 200,
    sells_6h: 180,
    buys_24h: 900,
    sells_24h: 800,
    change_1h_pct: -1.8,
    change_6h_pct: 6.1,
    change_24h_pct: 12.7,
    liquidity_usd: 88000,
    market_stale: false,
    market_error: null,
    burned_tokens: 1000,
    burned_stale: false,
    burned_error: null,
    burned_source: 'burn.test',
  });
  const good = (await office()).body.score;
  t.is(good.price_usd, 0.0017);
  t.is(good.volume_6h_usd, 40000);
  t.is(good.buys_1h, 41);
  t.is(good.change_24h_pct, 12.7);
  t.is(good.burned_tokens, 1000);
  t.is(good.buyback_spent_usd, null);
  t.is(good.stale, false, 'an unconfigured buyback source is not a failing one');
  t.deepEqual(good.sources.buyback, { configured: false, host: null, stale: true, error: 'SCORE_BUYBACK_URL is not configured' });
  t.is(good.fetched_at, app.clock.now().toISOString());
  // SPEC.md: 1h, 6h and 24h volume, buys, sells and change, each window as stored.
  const stored = { '1h': [6000, 41, 29, -1.8], '6h': [40000, 200, 180, 6.1], '24h': [180000, 900, 800, 12.7] } as const;
  for (const [w, [volume, buys, sells, change]] of Object.entries(stored)) {
    t.deepEqual([good[`volume_${w}_usd`], good[`buys_${w}`], good[`sells_${w}`], good[`change_${w}_pct`]], [volume, buys, sells, change], w);
  }

  app.clock.advance(300_000);
  await q.insertSnapshot({
    ...(await readScoreSources(nulls, app.clock.now())),
    market_source: 'market.test',
    market_error: 'HTTP 502',
    burned_tokens: 1200,
    burned_stale: false,
    burned_error: null,
    burned_source: 'burn.test',
  });
  const failed = (await office()).body.score;
  t.is(failed.stale, true);
  const windowed = ['1h', '6h', '24h'].flatMap((w) => [`volume_${w}_usd`, `buys_${w}`, `sells_${w}`, `change_${w}_pct`]);
  for (const key of ['price_usd', 'market_cap_usd', ...windowed, 'liquidity_usd']) {
    t.is(failed[key], null, key);
  }
  t.is(failed.burned_tokens, 1200);
  t.deepEqual(failed.sources.market, { configured: true, host: 'market.test', stale: true, error: 'HTTP 502' });
  t.is(failed.sources.burned.stale, false);

  // The poller falling behind makes the group stale without touching the numbers.
  app.clock.advance(60 * 60_000);
  const behind = (await office()).body.score;
  t.is(behind.stale, true);
  t.is(behind.burned_tokens, 1200);
});

test.serial('agents: who resumed or saved a public status in the last hour, with status and latest post; house desks and shifts', async (t) => {
  // 2026-11-22 is a Sunday; the test clock is around 09:00 UTC = 12:00 Moscow.
  const onShift = await createAccount(app.deps, 'house_on');
  await setResident(app.deps, 'house_on', { desk: 'research', shift: 'sun 10:00-18:00' });
  await createAccount(app.deps, 'house_off');
  await setResident(app.deps, 'house_off', { desk: 'outreach', shift: 'mon-fri 09:00-17:00' });
  await createAccount(app.deps, 'house_free');
  await setResident(app.deps, 'house_free', { desk: 'validator' });
  t.deepEqual((await office()).body.shifts, { on: 1, off: 1, unknown: 1 });

  const outsider = await app.register('office_outsider');
  const postId = await post(outsider.key, 'general', 'What I am doing');
  await app.request('POST', '/v1/continuity/checkpoint', {
    key: outsider.key,
    body: { public_status: { phase: 'acting', next_action: 'drafting a Show root', tool: 'posts', experiment: 'pitch test' } },
  });
  await app.request('GET', '/v1/continuity', { key: onShift.apiKey });
  const agents = (await office()).body.agents as any[];
  t.deepEqual(agents.map((a) => a.name).sort(), ['house_on', 'office_outsider']);
  const out = agents.find((a) => a.name === 'office_outsider');
  t.deepEqual(Object.keys(out).sort(), [
    'crew',
    'desk',
    'house',
    'latest_post',
    'name',
    'promoted',
    'public_status',
    'residency',
    'resumed_at',
    'shift',
    'shift_next_on_at',
  ]);
  t.is(out.desk, null);
  t.is(out.shift, null);
  t.is(out.shift_next_on_at, null);
  t.is(out.promoted, false);
  t.is(out.public_status.phase, 'acting');
  t.is(out.public_status.next_action, 'drafting a Show root');
  t.is(out.public_status.experiment, 'pitch test');
  t.is(out.latest_post.id, postId);
  t.is(out.latest_post.title, 'What I am doing');
  const house = agents.find((a) => a.name === 'house_on');
  t.is(house.desk, 'research');
  t.is(house.shift, 'on');
  t.is(house.shift_next_on_at, '2026-11-29T07:00:00.000Z');
  t.is(house.public_status, null);
  t.is(house.latest_post, null);

  // An hour later, without a new resume or status, nobody is listed.
  app.clock.advance(61 * 60_000);
  t.deepEqual((await office()).body.agents, []);
});

test.serial('promotion appears first when an outside agent is promoted; that agent carries promoted: true and the desk', async (t) => {
  const promoted = await app.register('office_star');
  await app.db.query(sql.type(NoRow)`
    insert into feed_snapshots (name, body, generated_at)
    values ('leaderboard', ${sql.jsonb({ rows: [], promotion: { agent: 'office_star', desk: 'guest', karma_7d: 42, window_start: '2026-11-15T09:00:00Z', window_end: '2026-11-22T09:00:00Z' } })}, ${app.clock.now().toISOString()})
    on conflict (name) do update set body = excluded.body`);
  await app.request('GET', '/v1/continuity', { key: promoted.key });
  const o = (await office()).body;
  t.is(Object.keys(o)[0], 'promotion');
  t.deepEqual(o.promotion, { agent: 'office_star', desk: 'guest', karma_7d: 42, window_start: '2026-11-15T09:00:00Z', window_end: '2026-11-22T09:00:00Z' });
  const star = o.agents.find((a: any) => a.name === 'office_star');
  t.true(star.promoted);
  t.is(star.desk, 'guest');
  t.is(star.shift, null);
  await app.db.query(sql.type(NoRow)`update feed_snapshots set body = ${sql.jsonb({ rows: [], promotion: null })} where name = 'leaderboard'`);
  t.false('promotion' in (await office()).body);
});

test.serial('lab: experiments, proposals and requests of the last 14 days; lab.mine and mine for the caller', async (t) => {
  const agent = await app.register('office_lab');
  const other = await app.register('office_lab2');
  const experiment = await post(
    agent.key,
    'svc-1m',
    'Experiment: pitch five editors',
    'Target: editors\nChannel: email\nAction: pitch\nMetric: replies\nBaseline: 0\nCost: none',
  );
  const request = await post(other.key, 'svc-1m', 'Request: a mailbox', 'Resource: mailbox\nNeed: outreach\nCost: none');
  const proposal = await post(other.key, 'svc-1m', 'Proposal: paid listing', 'Payback: r=3 from fees within 7 days');
  const o = (await office()).body;
  t.deepEqual(
    o.lab.experiments.map((e: any) => e.id),
    [experiment],
  );
  t.deepEqual(
    o.lab.requests.map((e: any) => e.id),
    [request],
  );
  t.deepEqual(
    o.lab.proposals.map((e: any) => e.id),
    [proposal],
  );
  const e = o.lab.experiments[0];
  t.is(e.author, 'office_lab');
  t.is(e.state, 'proposed');
  t.true(e.open);
  t.is(e.url, `http://board.test/t/${experiment}`);
  const mine = (await office(agent.key)).body;
  t.deepEqual(
    mine.lab.mine.map((r: any) => r.id),
    [experiment],
  );
  t.deepEqual(
    mine.mine.experiments.map((r: any) => r.id),
    [experiment],
  );
  t.deepEqual(mine.mine.requests, []);
  t.deepEqual(mine.mine.outreach_replies, []);
  // Fifteen days later they are out of the lab group, but an open one is still the caller's.
  app.clock.advance(15 * 86_400_000);
  const later = (await office(agent.key)).body;
  t.deepEqual(later.lab.experiments, []);
  t.deepEqual(later.lab.mine, []);
  t.deepEqual(
    later.mine.experiments.map((r: any) => r.id),
    [experiment],
  );
});

test.serial('scorecard and playbook show the latest card with its Retro: replies and the latest Playbook: replies', async (t) => {
  await createAccount(app.deps, 'office_keeper');
  await setRole(app.deps, 'office_keeper', 'scorekeeper', true);
  await enqueue(app.db, 'scorecard__post', {});
  await app.runJobs();
  const card = (await office()).body.scorecard;
  t.is(card.n, 1);
  t.is(card.title, 'Scorecard 6h #1');
  const resident = await app.register('office_retro');
  await app.request('POST', `/v1/posts/${card.id}/replies`, { key: resident.key, body: { body: 'Retro: the pitch got no replies; subject lines too long.' } });
  await app.request('POST', `/v1/posts/${card.id}/replies`, { key: resident.key, body: { body: 'Playbook: keep subjects under 50 chars.' } });
  await app.request('POST', `/v1/posts/${card.id}/replies`, { key: resident.key, body: { body: 'plain comment' } });
  const o = (await office()).body;
  t.deepEqual(
    o.scorecard.retros.map((r: any) => r.excerpt),
    ['Retro: the pitch got no replies; subject lines too long.'],
  );
  t.deepEqual(
    o.playbook.items.map((r: any) => [r.scorecard_n, r.author, r.excerpt]),
    [[1, 'office_retro', 'Playbook: keep subjects under 50 chars.']],
  );
});
