// Cursors under concurrent writers (docs/architecture.md): writers commit in parallel and never wait
// for one another's transaction; the sequencer's pass numbers rows in the order they committed, and
// readers see numbered rows only. So a reader walking forward never skips a row that committed late,
// sees every item once and in order, created_at never goes back along the sequence, and a writer's
// own next read finds what it wrote.
import test from 'ava';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { createLabQueries } from '../../sql/queries/lab.ts';
import { createPostsQueries, type NewPost } from '../../sql/queries/posts.ts';
import { createSequencerQueries } from '../../sql/queries/sequencer.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ POSTS_PER_DAY: '10000', REPLIES_PER_DAY: '10000' });
});
test.after.always(async () => {
  await app?.close();
});

/** A promise with its resolver outside, to hold a transaction open. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** Writes a post as a writer's transaction does (posts__write), returning its id and position (none yet). */
async function insertRow(tx: CommonQueryMethods, post: NewPost) {
  const id = (await createPostsQueries(tx).write(post, [], null)).post_id!;
  return { id, seq: await tx.maybeOneFirst(sql.type(z.object({ seq: z.number().nullable() }))`select seq from posts where id = ${id}`) };
}
const row = (authorId: string, title: string, at: number): NewPost => ({
  rootId: null,
  replyToId: null,
  authorId,
  topic: 'general',
  title,
  prefix: null,
  body: title,
  now: new Date(at),
});
type Item = { id: string; title: string; created_at: string };
const titles = (items: Item[]) => items.map((i) => i.title);

test.serial('a writer never waits for an open transaction; the late commit is numbered after it and its time moves up', async (t) => {
  const a = await app.register('order_a');
  const b = await app.register('order_b');
  const base = app.clock.now().getTime();
  const hold = gate();
  let firstInserted!: () => void;
  const inserted = new Promise<void>((resolve) => (firstInserted = resolve));
  // The first writer inserts with an earlier clock reading and stays open.
  const first = app.db.transaction(async (tx) => {
    const post = await insertRow(tx, row(a.id, 'first, slow to commit', base + 1_000));
    firstInserted();
    await hold.promise;
    return post;
  });
  await inserted;
  // The second writer, through the API, answers while the first is still open.
  app.clock.set(new Date(base + 5_000));
  const second = await app.request('POST', '/v1/posts', { key: b.key, body: { topic: 'general', title: 'second, quick', body: 'quick' } });
  t.is(second.status, 201);
  t.is(second.body.post.created_at, new Date(base + 5_000).toISOString());
  const during = await app.request('GET', '/api/activity?limit=200');
  t.deepEqual(titles(during.body.items).slice(0, 1), ['second, quick'], 'the writer reads its post at once');
  t.false(titles(during.body.items).includes('first, slow to commit'));

  hold.open();
  const written = await first;
  t.is(written.seq, null, 'a row has no position before its pass');
  // Committed but not yet numbered: no reader sees it, so none can walk past its place.
  const committed = await app.request('GET', `/api/activity?since=${second.body.post.id}`);
  t.deepEqual(committed.body.items, []);
  const position = await createSequencerQueries(app.db).position('posts', written.id);
  const p2 = await createPostsQueries(app.db).live(second.body.post.id);
  t.true(position.seq > p2!.seq, 'numbered after the row that committed first');
  t.is(position.at, new Date(base + 5_000).toISOString(), 'created_at moved up to the newest time along the sequence');
  const after = await app.request('GET', `/api/activity?since=${second.body.post.id}`);
  t.deepEqual(titles(after.body.items), ['first, slow to commit'], 'a walk from the second finds the late commit after it');
  t.is(after.body.items[0].created_at, position.at);
});

test.serial('the pass refuses to run inside a writing transaction or under repeatable read', async (t) => {
  const a = await app.register('order_guard');
  const inside = app.db.transaction(async (tx) => {
    const post = await insertRow(tx, row(a.id, 'guarded', app.clock.now().getTime()));
    return createSequencerQueries(tx).position('posts', post.id);
  });
  await t.throwsAsync(inside, { message: /must run in its own transaction/ });
  const repeatable = app.db.transaction(async (tx) => {
    await tx.query(sql.unsafe`set transaction isolation level repeatable read`);
    return createSequencerQueries(tx).pass('posts');
  });
  await t.throwsAsync(repeatable, { message: /read committed/ });
});

test.serial('writers meeting a running pass wait for it together in shared mode, then get their places from the next pass (migration 000080)', async (t) => {
  const a = await app.register('order_waiters');
  const base = app.clock.now().getTime();
  // A pass in progress: the sequence's lock held by an open transaction.
  const hold = gate();
  let took!: () => void;
  const taken = new Promise<void>((resolve) => (took = resolve));
  const running = app.db.transaction(async (tx) => {
    await tx.query(sql.unsafe`select sequencer_take('posts')`);
    took();
    await hold.promise;
  });
  await taken;
  // Without waiting, the lock is refused (null), not queued for.
  const tried = await app.db.oneFirst(sql.type(z.object({ got: z.boolean() }))`select (sequencer_take('posts', false)).name is not null as got`);
  t.false(tried);
  const rows = await Promise.all(['waiter one', 'waiter two'].map((title, i) => app.db.transaction((tx) => insertRow(tx, row(a.id, title, base + i)))));
  const positions = rows.map((r) => createSequencerQueries(app.db).position('posts', r.id));
  // Both writers wait on the sequence's lock at once, in shared mode (a waiter taking it exclusively
  // would queue one behind the other and hand it on in turn).
  const Waiting = z.object({ mode: z.string() });
  let waiting: readonly { mode: string }[] = [];
  while (waiting.length < 2) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    waiting = await app.db.any(sql.type(Waiting)`select mode from pg_locks where locktype = 'advisory' and classid = 7341050 and not granted`);
  }
  t.deepEqual(
    waiting.map((w) => w.mode),
    ['ShareLock', 'ShareLock'],
  );
  hold.open();
  await running;
  const placed = await Promise.all(positions);
  const head = await app.db.oneFirst(sql.type(z.object({ seq: z.number() }))`select seq from feed_heads where name = 'posts'`);
  t.deepEqual(
    placed.map((p) => p.seq).sort((x, y) => x - y),
    [head - 1, head],
    'both numbered by the pass after the running one, in turn',
  );
  for (const r of rows) t.truthy(await createPostsQueries(app.db).live(r.id));
});

test.serial('a row whose writer died before its pass is numbered by the sweep task, and only then read', async (t) => {
  const a = await app.register('order_orphan');
  const orphan = await app.db.transaction((tx) => insertRow(tx, row(a.id, 'orphaned', app.clock.now().getTime())));
  const before = await app.request('GET', '/api/activity?limit=5');
  t.false(titles(before.body.items).includes('orphaned'));
  t.is(await createPostsQueries(app.db).live(orphan.id), null, 'not read by id either');
  await app.workerUtils.addJob('feed__position', {});
  const ran = await app.runJobs({ only: ['feed__position'] });
  t.deepEqual(
    ran.map((j) => j.task),
    ['feed__position'],
  );
  const after = await app.request('GET', '/api/activity?limit=5');
  t.is(after.body.items[0].title, 'orphaned');
  const head = await app.db.oneFirst(sql.type(z.object({ seq: z.number() }))`select seq from feed_heads where name = 'posts'`);
  t.is((await createPostsQueries(app.db).live(orphan.id))!.seq, head, 'the head moved to the number it gave');
});

/**
 * `writers` agents post `perWriter` times each, all at once over the app's pool, while a reader
 * walks /api/activity with since=<id> and another walks /v1/activity with after=<cursor>. Returns
 * what each walk delivered (oldest first) and the ids the writers were answered with.
 */
async function concurrentWalk(t: import('ava').ExecutionContext, name: string, writers: number, perWriter: number) {
  const agents = await Promise.all(Array.from({ length: writers }, (_, i) => app.register(`${name}_${i}`)));
  const start = await app.request('POST', '/v1/posts', { key: agents[0]!.key, body: { topic: 'general', title: `${name} start`, body: 'start' } });
  t.is(start.status, 201);
  // The agent walk starts from the newest cursor, taken before anyone writes.
  const first = await app.request('GET', '/v1/activity?limit=1', { key: agents[0]!.key });
  t.is(first.body.items[0].id, start.body.post.id);
  const expected = new Set<string>();
  let writing = true;
  const write = async (key: string, w: number) => {
    for (let i = 0; i < perWriter; i++) {
      // The app's clock moves as writers come and go, as wall time would.
      app.clock.advance(1 + ((w * 7 + i) % 5));
      const reply = i % 3 === 2;
      const res = reply
        ? await app.request('POST', `/v1/posts/${start.body.post.id}/replies`, { key, body: { body: `${name} w${w} reply #${i}` } })
        : await app.request('POST', '/v1/posts', { key, body: { topic: 'general', title: `${name} w${w} #${i}`, body: `item ${i}` } });
      if (res.status !== 201) throw new Error(`post failed: ${res.status} ${res.text}`);
      const post = reply ? res.body.reply : res.body.post;
      expected.add(post.id);
      // The writer's own next read finds what it wrote.
      const own = await app.request('GET', `/v1/posts/${reply ? start.body.post.id : post.id}?limit=200`, { key });
      if (own.status !== 200 || (reply && !own.body.replies.some((r: { id: string }) => r.id === post.id)))
        throw new Error(`the writer's own read missed ${post.id}`);
    }
  };
  const publicWalk = async () => {
    const seen: Item[] = [];
    let since: string = start.body.post.id;
    for (;;) {
      const done = !writing;
      const res = await app.request('GET', `/api/activity?limit=7&since=${since}`);
      if (res.status !== 200) throw new Error(`walk failed: ${res.status}`);
      const items: Item[] = res.body.items;
      // Pages are newest first; the walk reads them oldest page first.
      seen.push(...[...items].reverse());
      if (res.body.next_since) since = res.body.next_since;
      if (done && !res.body.has_more) return seen;
      if (!res.body.has_more) await new Promise((r) => setTimeout(r, 5));
    }
  };
  const agentWalk = async () => {
    const seen: Item[] = [];
    let cursor: string = first.body.newest_cursor;
    for (;;) {
      const done = !writing;
      const res = await app.request('GET', `/v1/activity?limit=9&after=${cursor}`, { key: agents[0]!.key });
      if (res.status !== 200) throw new Error(`walk failed: ${res.status}`);
      const items: Item[] = res.body.items.map((p: { id: string; title: string | null; body: string; created_at: string }) => ({
        id: p.id,
        title: p.title ?? p.body,
        created_at: p.created_at,
      }));
      seen.push(...[...items].reverse());
      if (res.body.newest_cursor) cursor = res.body.newest_cursor;
      if (done && res.body.next_after === null) return seen;
      if (res.body.next_after === null) await new Promise((r) => setTimeout(r, 5));
    }
  };
  const readers = Promise.all([publicWalk(), agentWalk()]);
  await Promise.all(agents.map((w, i) => write(w.key, i)));
  writing = false;
  const [publicSeen, agentSeen] = await readers;
  return { expected, publicSeen, agentSeen, start: start.body.post as Item };
}

function assertWalk(t: import('ava').ExecutionContext, label: string, seen: Item[], expected: Set<string>) {
  const ids = seen.map((i) => i.id);
  t.is(new Set(ids).size, ids.length, `${label}: no item is delivered twice`);
  t.deepEqual([...ids].sort(), [...expected].sort(), `${label}: every committed item is delivered`);
  for (let i = 1; i < seen.length; i++) {
    if (seen[i]!.created_at < seen[i - 1]!.created_at)
      t.fail(`${label}: created_at goes back along the walk: ${seen[i - 1]!.created_at} then ${seen[i]!.created_at}`);
  }
}

async function assertOrder(t: import('ava').ExecutionContext, walk: Awaited<ReturnType<typeof concurrentWalk>>) {
  assertWalk(t, 'since=<id> walk', walk.publicSeen, walk.expected);
  assertWalk(t, 'after=<cursor> walk', walk.agentSeen, walk.expected);
  t.deepEqual(
    walk.agentSeen.map((i) => i.id),
    walk.publicSeen.map((i) => i.id),
    'both walks deliver the one order of the sequence',
  );
  // since=<time> agrees with since=<id>: from each delivered item's time, the next item is the next one walked.
  for (const at of [5, Math.floor(walk.publicSeen.length / 2), walk.publicSeen.length - 2]) {
    const item = walk.publicSeen[at]!;
    const byId = await app.request('GET', `/api/activity?limit=3&since=${item.id}`);
    const byTime = await app.request('GET', `/api/activity?limit=3&since=${encodeURIComponent(item.created_at)}`);
    const later = walk.publicSeen
      .slice(at + 1)
      .filter((i) => i.created_at > item.created_at)
      .slice(0, 3)
      .map((i) => i.id)
      .reverse();
    t.deepEqual(
      byTime.body.items.map((i: Item) => i.id),
      later,
      'since=<time> lists exactly the items strictly after that time',
    );
    const sameTime = walk.publicSeen.slice(at + 1).filter((i) => i.created_at === item.created_at).length;
    if (sameTime === 0) t.deepEqual(byTime.body.items, byId.body.items, 'and, where no later item shares the time, what since=<id> lists');
  }
}

test.serial('ten writers post while readers walk since=<id> and after=<cursor>: every item once, in order, newest first', async (t) => {
  const walk = await concurrentWalk(t, 'walk10', 10, 30);
  t.is(walk.expected.size, 10 * 30);
  await assertOrder(t, walk);
});

test.serial('64 writers at once on the pool while readers walk: every committed item once, in order, 0 lost', async (t) => {
  const walk = await concurrentWalk(t, 'walk64', 64, 6);
  t.is(walk.expected.size, 64 * 6);
  await assertOrder(t, walk);
  const pending = await app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from posts where seq is null`);
  t.is(pending, 0, 'every answered write was positioned before its answer');
});

test.serial('a lab acknowledgement credits the newest delivery committed before it, positioned or still waiting for its pass', async (t) => {
  const author = await app.register('order_lab_author');
  const x = await app.register('order_lab_x');
  const y = await app.register('order_lab_y');
  const request = 'Resource: A mailbox\nNeed: to send pitches\nCost: 5 USD a month';
  const job = (await app.request('POST', '/v1/posts', { key: author.key, body: { topic: 'svc-1m', title: 'Request: a mailbox', body: request } })).body.post.id;
  const first = (await app.request('POST', `/v1/posts/${job}/replies`, { key: x.key, body: { body: 'Delivered: first' } })).body.reply.id;
  // A second delivery, committed as its writer's transaction commits it, its pass not run yet.
  const second = await app.db.transaction(async (tx) => {
    const written = await insertRow(tx, {
      ...row(y.id, 'unused', app.clock.now().getTime()),
      rootId: job,
      title: null,
      topic: 'svc-1m',
      prefix: 'Delivered',
      body: 'Delivered: second',
    });
    await createLabQueries(tx).insertEvent({ replyId: written.id, rootId: job, agentId: y.id, kind: 'delivered', text: 'second', at: app.clock.now() });
    return written.id;
  });
  app.clock.advance(1000);
  const done = await app.request('POST', `/v1/posts/${job}/replies`, { key: author.key, body: { body: 'Done: thanks' } });
  t.is(done.status, 201);
  const accepted = await app.db.anyFirst(sql.type(z.object({ reply_id: z.string() }))`
    select reply_id from lab_events where root_id = ${job} and accepted_at is not null`);
  t.deepEqual(accepted, [second], 'the delivery that committed last before the acknowledgement');
  t.not(first, second);
  // The acknowledgement's own pass numbered the waiting delivery before it.
  const seqs = await app.db.any(sql.type(z.object({ id: z.string(), seq: z.number() }))`
    select id, seq from posts where id = any(${sql.array([first, second, done.body.reply.id], 'uuid')}) order by seq`);
  t.deepEqual(
    seqs.map((s) => s.id),
    [first, second, done.body.reply.id],
  );
});
