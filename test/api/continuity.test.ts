// Continuity: the resume record, the checkpoint (validation, commitments closed only by the agent's
// own live posts, public status, stop), the residency route, and the long-poll wait over the real
// LISTEN connection (wakes on a reply, times out at its bound, frees the waiter when the client leaves).
import test from 'ava';
import { setOwner, setRole, setResidencyByName } from '../../lib/accounts/admin.ts';
import { waitersFor } from '../../lib/continuity/waiters.ts';
import { createPostsQueries } from '../../sql/queries/posts.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { until } from '../helpers/until.ts';

// The waits here hold up to the default bound (90 s), so a wait that a write should wake is never
// ended by its bound first on a loaded machine; the bound itself is tested on an app of its own.
const WAIT_BOUND_MS = 1500;
// Events heard on the real LISTEN connection, so a test can wait for one that may already have passed.
type Heard = { kind: string; post_id?: string | undefined; account_ids?: string[] | undefined; after?: number | undefined; upto?: number | undefined };
const seen: Heard[] = [];
let app: TestApp;
test.before(async () => {
  app = await startTestApp({ POSTS_PER_DAY: '1000', REPLIES_PER_DAY: '1000' });
  app.deps.events.subscribe((event) =>
    seen.push({ kind: event.kind, post_id: event.post_id, account_ids: event.account_ids, after: event.after, upto: event.upto }),
  );
});
test.after.always(async () => {
  await app?.close();
});

// Each write returns once this process has heard the sequencer pass that positioned it, so a wait
// started afterwards is never woken by an event of an earlier write.
const post = async (key: string, title: string, body = 'x', topic = 'general') => {
  app.clock.advance(1000);
  const res = await app.request('POST', '/v1/posts', { key, body: { topic, title, body } });
  if (res.status !== 201) throw new Error(`post failed: ${res.status} ${res.text}`);
  await heardPositioned(res.body.post.id);
  return res.body.post.id as string;
};
const reply = async (key: string, root: string, body: string) => {
  app.clock.advance(1000);
  const res = await app.request('POST', `/v1/posts/${root}/replies`, { key, body: { body } });
  if (res.status !== 201) throw new Error(`reply failed: ${res.status} ${res.text}`);
  await heardPositioned(res.body.reply.id);
  return res.body.reply.id as string;
};
const checkpoint = (key: string, body: unknown) => app.request('POST', '/v1/continuity/checkpoint', { key, body });
const resume = (key: string) => app.request('GET', '/v1/continuity', { key });
const waiters = () => waitersFor(app.deps.events, app.db);

/** Resolves once this process has heard an event of `kind` about `id` (a post id, or an account id). */
async function heard(kind: string, id: string): Promise<void> {
  const match = (e: Heard) => e.kind === kind && (e.post_id === id || (e.account_ids ?? []).includes(id));
  await until(`the ${kind} event of ${id}`, () => seen.some(match));
  seen.splice(seen.findIndex(match), 1);
}
const held = (n: number) => until(`${n} waiter(s) held`, () => waiters().size === n);

/** Resolves once this process has heard the sequencer pass that made post `id` readable (its `positioned` event). */
async function heardPositioned(id: string): Promise<void> {
  const seq = (await createPostsQueries(app.db).live(id))!.seq;
  await until(`the pass positioning ${id}`, () => seen.some((e) => e.kind === 'positioned' && e.after! < seq && seq <= e.upto!));
}

test.serial('the resume records the visit and returns the record with directions ranked by nothing', async (t) => {
  const agent = await app.register('cont_ann');
  const first = await resume(agent.key);
  t.is(first.status, 200);
  const body = first.body;
  t.deepEqual(Object.keys(body).sort(), [
    'account',
    'commitments',
    'content_is_untrusted',
    'decisions',
    'directions',
    'directions_order',
    'focus',
    'inbox',
    'next_step',
    'public_status',
    'residency',
    'routes',
    'saved_at',
    'since_last_visit',
    'visit',
  ]);
  t.is(body.visit.last_visit_at, null);
  t.is(body.visit.resumed_at, app.clock.now().toISOString());
  t.is(body.focus, null);
  t.deepEqual(body.commitments.open, []);
  t.is(body.residency.state, 'active');
  const names = body.directions.map((d: any) => d.name);
  t.deepEqual(names, names.slice().sort(), 'alphabetical, not ranked');
  t.deepEqual(names, ['inbox', 'jobs', 'lab', 'mirror', 'office', 'outreach', 'publication', 'scorecard', 'show', 'topics']);
  const mirror = body.directions.find((d: any) => d.name === 'mirror');
  t.deepEqual(Object.keys(mirror).sort(), ['name', 'new_since_last_visit', 'route', 'wanted', 'what']);
  t.is(mirror.new_since_last_visit, 0);
  t.is(mirror.wanted, 0);
  t.is(body.directions.find((d: any) => d.name === 'show').my_left_24h, 2);

  // What changed since the last visit: a reply, a mention, a new root elsewhere.
  const other = await app.register('cont_ben');
  const mine = await post(agent.key, 'Ann thread');
  app.clock.advance(60_000);
  const second = (await resume(agent.key)).body;
  t.is(second.visit.last_visit_at, body.visit.resumed_at);
  await reply(other.key, mine, 'an answer');
  await post(other.key, 'Hello @cont_ann', 'x', 'meta');
  await app.runJobs();
  app.clock.advance(60_000);
  const third = (await resume(agent.key)).body;
  t.is(third.since_last_visit.since, second.visit.resumed_at);
  t.is(third.since_last_visit.replies_to_you, 1);
  t.is(third.since_last_visit.mentions, 1);
  t.is(third.since_last_visit.replies_in_your_threads, 1);
  t.is(third.inbox.unread, 2);
  t.is(third.directions.find((d: any) => d.name === 'topics').new_roots_since_last_visit.meta, 1);
});

test.serial('a checkpoint saves focus, commitments, a decision and a public status; a retry adds nothing twice', async (t) => {
  const agent = await app.register('cont_cat');
  const body = {
    focus: 'Measure reply rates of the editor pitch',
    commitments: { add: ['Post Result 6h on the pitch experiment', 'Answer Ben'] },
    decision: { decision: 'Pause the second pitch', reason: 'The first has no replies yet; wait for 24h numbers' },
    next_step: 'Read replies at 18:00 UTC',
    public_status: { phase: 'waiting', next_action: 'read replies', until: '2026-11-22T18:00:00Z', tool: 'inbox', route: '/v1/inbox' },
  };
  const saved = await checkpoint(agent.key, body);
  t.is(saved.status, 200);
  t.is(saved.body.focus, body.focus);
  t.is(saved.body.commitments.open.length, 2);
  t.deepEqual(saved.body.public_status, {
    phase: 'waiting',
    next_action: 'read replies',
    tool: 'inbox',
    route: '/v1/inbox',
    until: '2026-11-22T18:00:00.000Z',
    reason: null,
    experiment: null,
    saved_at: app.clock.now().toISOString(),
  });
  t.is(saved.body.residency.state, 'active');
  const retry = await checkpoint(agent.key, body);
  t.is(retry.status, 200);
  t.is(retry.body.commitments.open.length, 2);
  const record = (await resume(agent.key)).body;
  t.is(record.focus, body.focus);
  t.is(record.next_step, body.next_step);
  t.deepEqual(
    record.commitments.open.map((c: any) => c.text),
    body.commitments.add,
  );
  t.is(record.decisions.length, 1);
  t.deepEqual({ decision: record.decisions[0].decision, reason: record.decisions[0].reason }, body.decision);
  t.is(record.public_status.phase, 'waiting');
  // Only the fields sent change; the public status can be cleared with null.
  const cleared = await checkpoint(agent.key, { public_status: null });
  t.is(cleared.body.public_status, null);
  t.is(cleared.body.focus, body.focus);
});

test.serial('checkpoint validation refuses malformed input and saves nothing', async (t) => {
  const agent = await app.register('cont_dan');
  const cases: unknown[] = [
    {},
    { focus: '' },
    { focus: 'x'.repeat(501) },
    { unknown: 1 },
    { next_step: 'go on', stop: { reason: 'told to' } },
    { decision: { decision: 'no reason' } },
    { public_status: { phase: 'sleeping', next_action: 'x' } },
    { public_status: { phase: 'acting' } },
    { public_status: { phase: 'acting', next_action: 'x', until: 'tomorrow' } },
    { public_status: { phase: 'acting', next_action: 'x', extra: true } },
    { commitments: { add: Array.from({ length: 21 }, (_, i) => `c${i}`) } },
    { commitments: { close: [{ id: '00000000-0000-4000-8000-000000000000', closed_by: 'https://example.com' }] } },
    { commitments: { close: [{ id: 'nope', closed_by: 'post:00000000-0000-4000-8000-000000000000' }] } },
  ];
  for (const body of cases) {
    const res = await checkpoint(agent.key, body);
    t.is(res.status, 400, JSON.stringify(body));
    t.is(res.body.error.code, 'VALIDATION_FAILED');
  }
  const secret = await checkpoint(agent.key, { focus: 'use key sk-ant-abcdefghijklmnopqrstuvwxyz0123' });
  t.is(secret.status, 422);
  t.is(secret.body.error.code, 'SECRET_LIKE');
  t.is((await resume(agent.key)).body.focus, null);
});

test.serial('a commitment closes only with post:<uuid> of a live post or reply the agent wrote', async (t) => {
  const agent = await app.register('cont_eva');
  const other = await app.register('cont_fox');
  const added = await checkpoint(agent.key, { commitments: { add: ['Deliver the chart', 'Reply to Fox'] } });
  const [chart, answer] = added.body.commitments.open as Array<{ id: string }>;
  const othersPost = await post(other.key, 'Fox post');
  const deleted = await post(agent.key, 'Will be deleted');
  t.is((await app.request('DELETE', `/v1/posts/${deleted}`, { key: agent.key })).status, 204);
  for (const [ref, why] of [
    [othersPost, "another agent's post"],
    [deleted, 'a deleted post'],
    ['00000000-0000-4000-8000-000000000000', 'no such post'],
  ] as const) {
    const res = await checkpoint(agent.key, { focus: 'should not be saved', commitments: { close: [{ id: chart!.id, closed_by: `post:${ref}` }] } });
    t.is(res.status, 422, why);
    t.is(res.body.error.code, 'COMMITMENT_PROOF_REFUSED');
    t.is(res.body.error.details.id, chart!.id);
  }
  t.is((await resume(agent.key)).body.focus, null, 'a refused checkpoint saves nothing');
  // Another agent cannot close it, even with its own post.
  const stranger = await checkpoint(other.key, { commitments: { close: [{ id: chart!.id, closed_by: `post:${othersPost}` }] } });
  t.is(stranger.status, 404);
  t.is(stranger.body.error.code, 'COMMITMENT_NOT_FOUND');
  // Own live root and own live reply both close.
  const root = await post(agent.key, 'The chart', 'here it is');
  const ownReply = await reply(agent.key, othersPost, 'answered');
  const closed = await checkpoint(agent.key, {
    commitments: {
      close: [
        { id: chart!.id, closed_by: `post:${root}` },
        { id: answer!.id, closed_by: `post:${ownReply.toUpperCase()}` },
      ],
    },
  });
  t.is(closed.status, 200);
  t.deepEqual(closed.body.commitments.open, []);
  t.deepEqual(closed.body.commitments.recently_closed.map((c: any) => c.closed_by).sort(), [`post:${root}`, `post:${ownReply}`].sort());
  const again = await checkpoint(agent.key, { commitments: { close: [{ id: chart!.id, closed_by: `post:${root}` }] } });
  t.is(again.status, 404, 'a closed commitment is no longer open');
});

test.serial('a stop through the checkpoint refuses writes with 409, the checkpoint itself included; owner or operator resumes', async (t) => {
  const agent = await app.register('cont_gil');
  const stopped = await checkpoint(agent.key, { stop: { reason: 'The owner asked me to stop' }, focus: 'stopped on request' });
  t.is(stopped.status, 200);
  t.is(stopped.body.residency.state, 'stopped');
  t.is(stopped.body.next_step, null);
  const write = await app.request('POST', '/v1/posts', { key: agent.key, body: { topic: 'general', title: 't', body: 'b' } });
  t.is(write.status, 409);
  t.is(write.body.error.code, 'RESIDENCY_STOPPED');
  // The checkpoint is a write too: refused, and nothing of it is saved.
  const still = await checkpoint(agent.key, { focus: 'waiting for the owner', next_step: 'carry on' });
  t.is(still.status, 409);
  t.is(still.body.error.code, 'RESIDENCY_STOPPED');
  t.is((await resume(agent.key)).body.focus, 'stopped on request');
  t.is((await app.request('GET', '/v1/me', { key: agent.key })).body.account.residency.state, 'stopped');
  t.is((await resume(agent.key)).body.residency.state, 'stopped');
  // Agents cannot resume themselves or anyone.
  const self = await app.request('POST', `/v1/agents/cont_gil/residency`, { key: agent.key, body: { state: 'active' } });
  t.is(self.status, 403);
  t.is(self.body.error.code, 'FORBIDDEN_ROLE');
  const peer = await app.register('cont_hue');
  t.is((await app.request('POST', `/v1/agents/cont_gil/residency`, { key: peer.key, body: { state: 'active' } })).status, 403);
  // The role is checked before the body is read: a malformed body from a non-operator is still 403.
  const malformed = await app.request('POST', `/v1/agents/cont_gil/residency`, { key: peer.key, body: { state: 'paused' } });
  t.is(malformed.status, 403);
  t.is(malformed.body.error.code, 'FORBIDDEN_ROLE');
  t.deepEqual(malformed.body.error.details, { required: ['owner', 'operator'] });
  // An operator resumes.
  const operator = await app.register('cont_ops');
  await setRole(app.deps, 'cont_ops', 'operator', true);
  const resumed = await app.request('POST', `/v1/agents/cont_gil/residency`, { key: operator.key, body: { state: 'active', reason: 'owner agreed' } });
  t.is(resumed.status, 200);
  t.deepEqual(resumed.body.residency.state, 'active');
  t.is(resumed.body.residency.reason, 'owner agreed');
  t.is((await app.request('POST', '/v1/posts', { key: agent.key, body: { topic: 'general', title: 't', body: 'b' } })).status, 201);
  // The owner may stop and resume too; unknown names are 404.
  const { apiKey } = await setOwner(app.deps, 'cont_owner');
  t.is((await app.request('POST', `/v1/agents/cont_gil/residency`, { key: apiKey!, body: { state: 'stopped' } })).body.residency.state, 'stopped');
  t.is((await app.request('POST', `/v1/agents/cont_gil/residency`, { key: apiKey!, body: { state: 'active' } })).body.residency.state, 'active');
  t.is((await app.request('POST', `/v1/agents/nobody_here/residency`, { key: apiKey!, body: { state: 'active' } })).status, 404);
  t.is((await app.request('POST', `/v1/agents/cont_gil/residency`, { key: apiKey!, body: { state: 'paused' } })).status, 400);
});

test.serial('wait: wakes on a reply to the caller through the real LISTEN connection', async (t) => {
  const agent = await app.register('wait_ivy');
  const other = await app.register('wait_jon');
  const root = await post(agent.key, 'Ivy waits here');
  const pending = app.request('GET', '/v1/continuity/wait?scope=mine', { key: agent.key });
  await held(1);
  const id = await reply(other.key, root, 'wake up');
  const res = await pending;
  t.is(res.status, 200);
  t.true(res.body.moved, 'woken by the reply, not ended by the bound');
  t.deepEqual(res.body.events, [{ kind: 'reply', why: 'your_thread', post_id: id, thread_id: root }]);
  t.is(res.body.scope, 'mine');
  t.regex(res.body.cursor, /^[A-Za-z0-9_-]+$/);
  t.is(res.headers.get('cache-control'), 'no-store');
  t.is(waiters().size, 0);

  // A reply that happened between two waits is answered at once with `since`.
  const missedId = await reply(other.key, root, 'while you were away');
  const missed = await app.request('GET', `/v1/continuity/wait?scope=mine&since=${res.body.cursor}`, { key: agent.key });
  t.deepEqual(missed.body.events, [{ kind: 'missed', why: 'inbox', post_id: missedId, thread_id: root }]);
  const nothing = await app.request('GET', `/v1/continuity/wait?scope=mine&since=${missed.body.cursor}&timeout_seconds=1`, { key: agent.key });
  t.false(nothing.body.moved);
  t.is((await app.request('GET', `/v1/continuity/wait?since=${encodeURIComponent('bad')}`, { key: agent.key })).status, 400);
});

test.serial("wait: scope=mine ignores others' threads and wakes on a mention; scope=all wakes on any post but not on one's own", async (t) => {
  const agent = await app.register('wait_kai');
  const other = await app.register('wait_lee');
  const elsewhere = await post(other.key, 'Lee thread');

  const mine = app.request('GET', '/v1/continuity/wait?scope=mine', { key: agent.key });
  const all = app.request('GET', '/v1/continuity/wait', { key: agent.key });
  await held(2);
  await reply(other.key, elsewhere, 'not for kai');
  const allRes = await all;
  t.true(allRes.body.moved);
  t.is(allRes.body.events[0].why, 'board');
  t.is(allRes.body.events[0].kind, 'reply');
  // One dispatch of the reply's event judged both waiters: the scope=all one has answered, so the
  // scope=mine one would have been woken by now.
  t.is(waiters().size, 1, 'the scope=mine waiter still waits');
  const mention = await reply(other.key, elsewhere, 'cc @wait_kai');
  await app.runJobs();
  const mineRes = await mine;
  t.deepEqual(mineRes.body.events, [{ kind: 'mention', why: 'inbox', post_id: mention, thread_id: elsewhere }]);

  // One's own post never wakes one's own wait.
  const own = app.request('GET', '/v1/continuity/wait?timeout_seconds=1', { key: agent.key });
  await held(1);
  await post(agent.key, 'Kai posts');
  const ownRes = await own;
  t.false(ownRes.body.moved);
});

test.serial('wait: times out at its configured bound and answers that nothing moved', async (t) => {
  // Its own app, with a short bound that nothing here would wake a wait before.
  const bounded = await startTestApp({ CONTINUITY_WAIT_MAX_MS: String(WAIT_BOUND_MS) });
  try {
    const agent = await bounded.register('wait_max');
    const started = Date.now();
    const res = await bounded.request('GET', '/v1/continuity/wait?scope=mine', { key: agent.key });
    const elapsed = Date.now() - started;
    t.is(res.status, 200);
    t.false(res.body.moved);
    t.deepEqual(res.body.events, []);
    t.is(res.body.timeout_seconds, WAIT_BOUND_MS / 1000);
    // Never early (how late a busy machine answers is not this test's business).
    t.true(elapsed >= WAIT_BOUND_MS - 20, `elapsed ${elapsed}`);
    // A shorter timeout_seconds than the bound is honoured; a longer one is capped by the bound.
    const capped = await bounded.request('GET', '/v1/continuity/wait?timeout_seconds=90', { key: agent.key });
    t.is(capped.body.timeout_seconds, WAIT_BOUND_MS / 1000);
    t.is((await bounded.request('GET', '/v1/continuity/wait?timeout_seconds=91', { key: agent.key })).status, 400);
    t.is((await bounded.request('GET', '/v1/continuity/wait?scope=everything', { key: agent.key })).status, 400);
  } finally {
    await bounded.close();
  }
});

test.serial('wait: closing the client connection frees the waiter at once', async (t) => {
  const agent = await app.register('wait_ned');
  const controller = new AbortController();
  const pending = fetch(`${app.url}/v1/continuity/wait`, {
    headers: { 'X-Agent-Protocol': 'svc/1', Authorization: `Bearer ${agent.key}` },
    signal: controller.signal,
  }).catch((e: Error) => e);
  await held(1);
  controller.abort();
  // Freed by the close, not by the wait's own bound (90 s): this deadline is well inside it.
  await until('the waiter to be freed', () => waiters().size === 0, 45_000);
  t.true((await pending) instanceof Error);
});

test.serial('wait: an incoming message never wakes a stopped agent; its residency changing does', async (t) => {
  const agent = await app.register('wait_oli');
  const other = await app.register('wait_pat');
  const root = await post(agent.key, 'Oli thread');
  // The stop's own event must have passed before the wait starts (it would answer it).
  await setResidencyByName(app.deps, 'wait_oli', 'stopped', 'test');
  await heard('residency_stopped', agent.id);
  const quiet = app.request('GET', '/v1/continuity/wait?timeout_seconds=1', { key: agent.key });
  await held(1);
  await reply(other.key, root, 'hello stopped agent');
  const quietRes = await quiet;
  t.false(quietRes.body.moved);
  t.is(quietRes.body.residency, 'stopped');
  const woken = app.request('GET', '/v1/continuity/wait', { key: agent.key });
  await held(1);
  await setResidencyByName(app.deps, 'wait_oli', 'active', 'resumed');
  const res = await woken;
  t.deepEqual(res.body.events, [{ kind: 'residency_active', why: 'residency' }]);
});
