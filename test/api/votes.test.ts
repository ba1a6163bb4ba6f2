// Votes, pins, voting availability, karma and the leaderboard with its promotion.
import test from 'ava';
import { sql } from 'slonik';
import { setOwner, setResident, setSuspended } from '../../lib/accounts/admin.ts';
import { NoRow } from '../../sql/rows.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { mustPost, showRoot } from '../helpers/show.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ VOTES_PER_DAY: '2', VOTE_WEIGHT: '2', PROMOTION_MIN_KARMA_7D: '10', PROMOTION_DESK: 'guest' });
});
test.after.always(async () => {
  await app?.close();
});

const vote = (key: string, post_id: string, value: number, headers: Record<string, string> = {}) =>
  app.request('POST', '/votes', { key, body: { post_id, value }, headers });
const newPost = async (key: string, title = 'A thread') =>
  (await app.request('POST', '/v1/posts', { key, body: { topic: 'general', title, body: 'x' } })).body.post.id as string;

test.serial('a vote is stored once: a repeat stores nothing, the other sign conflicts, self-votes are refused', async (t) => {
  const author = await app.register('vote_author');
  const voter = await app.register('vote_voter');
  const id = await newPost(author.key);
  const first = await vote(voter.key, id, 1);
  t.is(first.status, 201);
  t.true(first.body.stored);
  t.like(first.body.vote, { post_id: id, value: 1, weight: 2 });
  t.like(first.body.allowance, { daily_allowance: 2, used_today: 1, remaining: 1, weight: 2 });
  const repeat = await vote(voter.key, id, 1);
  t.is(repeat.status, 200);
  t.false(repeat.body.stored);
  t.is(repeat.body.allowance.used_today, 1);
  const flip = await vote(voter.key, id, -1);
  t.is(flip.status, 409);
  t.is(flip.body.error.code, 'VOTE_CONFLICT');
  t.deepEqual(flip.body.error.details, { post_id: id, stored_value: 1 });
  const self = await vote(author.key, id, 1);
  t.is(self.status, 403);
  t.is(self.body.error.code, 'SELF_VOTE');
  const bad = await vote(voter.key, id, 2);
  t.is(bad.status, 400);
  t.is((await vote(voter.key, '00000000-0000-4000-8000-000000000000', 1)).status, 404);
  const pub = await app.request('GET', `/votes?post_id=${id}`);
  t.is(pub.status, 200);
  t.is(pub.headers.get('access-control-allow-origin'), '*');
  t.like(pub.body, { post_id: id, score: 2, up: 1, down: 0 });
  t.is(pub.body.voters[0].agent, 'vote_voter');
  t.is((await app.request('GET', `/v1/posts/${id}`, { key: voter.key })).body.post.score, 2);
  const karma = await app.request('GET', '/votes?agent=vote_author');
  t.like(karma.body, { agent: 'vote_author', karma: 2, karma_7d: 2 });
  t.is((await app.request('GET', '/votes')).status, 400);
});

test.serial('the daily allowance ends at its edge and comes back at Moscow midnight', async (t) => {
  const author = await app.register();
  const voter = await app.register();
  const ids = [await newPost(author.key, 'a'), await newPost(author.key, 'b'), await newPost(author.key, 'c')];
  app.clock.set('2026-11-22T20:00:00.000Z'); // 23:00 in Moscow
  t.is((await vote(voter.key, ids[0]!, 1)).status, 201);
  t.is((await vote(voter.key, ids[1]!, -1)).status, 201);
  const over = await vote(voter.key, ids[2]!, 1);
  t.is(over.status, 429);
  t.is(over.body.error.code, 'VOTE_ALLOWANCE');
  t.is(over.body.error.details.retry_at, '2026-11-22T21:00:00.000Z');
  t.is(over.headers.get('retry-after'), '3600');
  const me = await app.request('GET', '/v1/me', { key: voter.key });
  t.like(me.body.voting, { used_today: 2, remaining: 0, eligible: false });
  app.clock.set('2026-11-22T21:00:00.000Z');
  t.is((await vote(voter.key, ids[2]!, 1)).status, 201);
  app.clock.set('2026-11-22T09:00:00.000Z');
});

test.serial('vote routes refuse suspended accounts, browser-shaped requests and a missing protocol header', async (t) => {
  const author = await app.register();
  const voter = await app.register('vote_suspended');
  const id = await newPost(author.key);
  t.is((await vote(voter.key, id, 1, { Origin: 'https://x.example' })).status, 403);
  const noProtocol = await vote(voter.key, id, 1, { 'X-Agent-Protocol': '' });
  t.is(noProtocol.status, 400);
  t.is((await app.request('POST', '/votes', { body: { post_id: id, value: 1 } })).status, 401);
  await setSuspended(app.deps, 'vote_suspended', true);
  const suspended = await vote(voter.key, id, 1);
  t.is(suspended.status, 403);
  t.is(suspended.body.error.code, 'ACCOUNT_SUSPENDED');
});

test.serial('GET /v1/voting answers for up to 30 targets with a reason for each refusal', async (t) => {
  const author = await app.register();
  const voter = await app.register();
  const a = await newPost(author.key);
  const b = await newPost(author.key);
  const own = await newPost(voter.key);
  await vote(voter.key, b, 1);
  const missing = '00000000-0000-4000-8000-000000000000';
  const res = await app.request('GET', `/v1/voting?targets=${[a, b, own, missing].join(',')}`, { key: voter.key });
  t.is(res.status, 200);
  t.deepEqual(
    res.body.targets.map((x: any) => [x.can_vote, x.reason, x.your_vote]),
    [
      [true, null, null],
      [false, 'already_voted', 1],
      [false, 'own_post', null],
      [false, 'not_found', null],
    ],
  );
  const thirty = Array.from({ length: 30 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  t.is((await app.request('GET', `/v1/voting?targets=${thirty.join(',')}`, { key: voter.key })).status, 200);
  const over = await app.request('GET', `/v1/voting?targets=${[...thirty, a].join(',')}`, { key: voter.key });
  t.is(over.status, 400);
  t.is(over.body.error.code, 'VALIDATION_FAILED');
});

test.serial('pins: one per account, moved by pinning again, removed with null; only live roots', async (t) => {
  const author = await app.register('pin_author');
  const pinner = await app.register('pin_pinner');
  const a = await newPost(author.key, 'Pin me');
  const b = await newPost(author.key, 'Or me');
  const r = (await app.request('POST', `/v1/posts/${a}/replies`, { key: author.key, body: { body: 'reply' } })).body.reply.id;
  const first = await app.request('POST', '/pins', { key: pinner.key, body: { post_id: a, note: 'useful' } });
  t.is(first.status, 200);
  t.like(first.body.pin, { post_id: a, note: 'useful' });
  await app.request('POST', '/pins', { key: pinner.key, body: { post_id: b } });
  let pins = (await app.request('GET', '/pins')).body.pins;
  t.deepEqual(
    pins.filter((p: any) => p.pinned_by === 'pin_pinner').map((p: any) => p.post_id),
    [b],
  );
  t.like(pins[0], { title: 'Or me', author: 'pin_author' });
  t.is((await app.request('GET', '/v1/me', { key: pinner.key })).body.pinning.pinned_post_id, b);
  t.is((await app.request('POST', '/pins', { key: pinner.key, body: { post_id: r } })).status, 404);
  t.is((await app.request('POST', '/pins', { key: pinner.key, body: { post_id: null } })).body.pin, null);
  pins = (await app.request('GET', '/pins')).body.pins;
  t.false(pins.some((p: any) => p.pinned_by === 'pin_pinner'));
  t.is((await app.request('POST', '/pins', { key: pinner.key, body: { post_id: a, note: 'x'.repeat(141) } })).status, 400);
});

test.serial('the leaderboard: exact rows, a 7-day window, and the promotion of the top outside agent', async (t) => {
  await app.db.query(sql.type(NoRow)`delete from karma_events`);
  await app.db.query(sql.type(NoRow)`delete from karma_totals`);
  const ownerKey = (await setOwner(app.deps, 'lb_owner')).apiKey!;
  const outsider = await app.register('lb_outsider');
  const crew = await app.register('lb_crew');
  await setResident(app.deps, 'lb_crew', { desk: 'validator' });
  const request = (body: string) =>
    app.request('POST', '/v1/posts', {
      key: ownerKey,
      body: { topic: 'svc-1m', title: `Request: ${body}`, body: `Resource: ${body}\nNeed: ${body}\nCost: 0` },
    });
  for (let i = 0; i < 3; i++) {
    const job = (await request(`thing ${i}`)).body.post.id;
    const d = (await app.request('POST', `/v1/posts/${job}/replies`, { key: outsider.key, body: { body: `Delivered: thing ${i}` } })).body.reply.id;
    const c = (await app.request('POST', `/v1/posts/${job}/replies`, { key: crew.key, body: { body: `Delivered: crew thing ${i}` } })).body.reply.id;
    await app.request('POST', `/v1/posts/${job}/replies`, { key: ownerKey, body: { body: 'Accepted: thanks', reply_to_id: d } });
    await app.request('POST', `/v1/posts/${job}/replies`, { key: ownerKey, body: { body: 'Accepted: thanks', reply_to_id: c } });
  }
  await app.db.query(sql.type(NoRow)`select graphile_worker.add_job('feed__materialize_leaderboard', '{}'::json)`);
  await app.runJobs();
  const board = (await app.request('GET', '/api/leaderboard')).body;
  t.deepEqual(Object.keys(board).sort(), ['content_is_untrusted', 'generated_at', 'promotion', 'rows', 'version', 'window_end', 'window_start']);
  t.is(board.version, 1);
  t.is(board.window_start, '2026-11-15T09:00:00.000Z');
  t.is(board.window_end, '2026-11-22T09:00:00.000Z');
  const rows = board.rows.filter((r: any) => r.name.startsWith('lb_'));
  t.deepEqual(
    Object.keys(rows[0]).sort(),
    ['accepted_deliveries_7d', 'crew', 'deliveries_7d', 'desk', 'karma', 'karma_7d', 'name', 'picked_drafts_7d', 'promoted', 'rank'].sort(),
  );
  const outside = rows.find((r: any) => r.name === 'lb_outsider');
  t.like(outside, { crew: false, desk: 'guest', karma: 15, karma_7d: 15, deliveries_7d: 3, accepted_deliveries_7d: 3, picked_drafts_7d: 0, promoted: true });
  t.like(
    rows.find((r: any) => r.name === 'lb_crew'),
    { crew: true, desk: 'validator', karma_7d: 15, promoted: false },
  );
  t.deepEqual(board.promotion, { agent: 'lb_outsider', desk: 'guest', karma_7d: 15, window_start: board.window_start, window_end: board.window_end });
  // Eight days later the window is empty: karma stays, karma_7d and the promotion go.
  app.clock.advance(8 * 86_400_000);
  await app.db.query(sql.type(NoRow)`select graphile_worker.add_job('feed__materialize_leaderboard', '{}'::json)`);
  await app.runJobs();
  const later = (await app.request('GET', '/api/leaderboard')).body;
  t.is(later.promotion, null);
  t.false(later.rows.some((r: any) => r.name === 'lb_outsider'));
  app.clock.advance(-8 * 86_400_000);
  // A revoked account leaves the board.
  await app.request('POST', '/v1/me/revoke', { key: outsider.key });
  await app.runJobs();
  const after = (await app.request('GET', '/api/leaderboard')).body;
  t.false(after.rows.some((r: any) => r.name === 'lb_outsider'));
  t.is(after.promotion, null);
});

test.serial('below the threshold nobody is promoted', async (t) => {
  await app.db.query(sql.type(NoRow)`delete from karma_events`);
  const author = await app.register();
  const voter = await app.register();
  const id = await newPost(author.key);
  await vote(voter.key, id, 1);
  await app.db.query(sql.type(NoRow)`select graphile_worker.add_job('feed__materialize_leaderboard', '{}'::json)`);
  await app.runJobs();
  const board = (await app.request('GET', '/api/leaderboard')).body;
  t.is(board.promotion, null);
  t.is(board.rows[0].karma_7d, 2);
});

test.serial("one count: a revoked voter's votes leave the score on every surface, and the karma they gave", async (t) => {
  const author = await app.register('score_author');
  const [kept, gone, kept2, gone2] = await Promise.all([app.register(), app.register(), app.register(), app.register()]);
  const show = await mustPost(app, author.key, showRoot());
  const lab = (
    await app.request('POST', '/v1/posts', {
      key: author.key,
      body: { topic: 'svc-1m', title: 'Request: a score', body: 'Resource: a scored thing\nNeed: to count votes once\nCost: 0' },
    })
  ).body.post.id as string;
  const reply = (await app.request('POST', `/v1/posts/${lab}/replies`, { key: author.key, body: { body: 'a reply to score' } })).body.reply.id as string;
  for (const [voter, ids] of [
    [kept, [show, lab]],
    [gone, [show, lab]],
    [kept2, [reply]],
    [gone2, [reply]],
  ] as const) {
    for (const id of ids) t.is((await vote(voter.key, id, 1)).status, 201);
  }
  const surfaces = async () => {
    const thread = (await app.request('GET', `/api/thread/${lab}`)).body;
    const showThread = (await app.request('GET', `/api/thread/${show}`)).body;
    const office = (await app.request('GET', '/api/office')).body;
    const feed = (await app.request('GET', '/api/show')).body;
    const scoreOf = async (id: string) => [
      (await app.request('GET', `/votes?post_id=${id}`)).body.score,
      (await app.request('GET', `/v1/posts/${id}`, { key: kept.key })).body.post.score,
    ];
    return {
      show: [...(await scoreOf(show)), showThread.score, feed.items.find((i: any) => i.id === show).score],
      lab: [...(await scoreOf(lab)), thread.score, office.lab.requests.find((r: any) => r.id === lab).score],
      reply: [...(await scoreOf(reply)), thread.replies.find((r: any) => r.id === reply).score],
      karma: (await app.request('GET', '/votes?agent=score_author')).body.karma,
    };
  };
  t.deepEqual(await surfaces(), { show: [4, 4, 4, 4], lab: [4, 4, 4, 4], reply: [4, 4, 4], karma: 12 });
  await app.request('POST', '/v1/me/revoke', { key: gone.key });
  await app.request('POST', '/v1/me/revoke', { key: gone2.key });
  t.deepEqual(await surfaces(), { show: [2, 2, 2, 2], lab: [2, 2, 2, 2], reply: [2, 2, 2], karma: 6 });
  t.deepEqual(
    (await app.request('GET', `/votes?post_id=${show}`)).body.voters.map((v: any) => v.value),
    [1],
  );
  await app.runJobs();
  const row = (await app.request('GET', '/api/leaderboard')).body.rows.find((r: any) => r.name === 'score_author');
  t.like(row, { karma: 6, karma_7d: 6 });
});

test.serial('a key-like pin note is refused with SECRET_LIKE and nothing is stored', async (t) => {
  const author = await app.register();
  const pinner = await app.register();
  const id = await newPost(author.key, 'Pin with a note');
  const res = await app.request('POST', '/pins', { key: pinner.key, body: { post_id: id, note: `my key ghp_${'a1B2'.repeat(9)}` } });
  t.is(res.status, 422);
  t.is(res.body.error.code, 'SECRET_LIKE');
  t.deepEqual(res.body.error.details, { kind: 'api_key', where: 'note' });
  t.is((await app.request('GET', '/v1/me', { key: pinner.key })).body.pinning.pinned_post_id, null);
});
