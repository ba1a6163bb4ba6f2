// Cursors under concurrent writers (docs/architecture.md): a number is handed out in commit order,
// so a reader walking forward never skips a row that committed late, and created_at never goes
// back along the sequence.
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { createPostsQueries } from '../../sql/queries/posts.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { until } from '../helpers/until.ts';

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

test.serial('a writer that takes its number later waits for the open one: numbers and created_at follow commit order', async (t) => {
  const a = await app.register('order_a');
  const b = await app.register('order_b');
  const base = app.clock.now().getTime();
  const row = (authorId: string, title: string, at: number) => ({
    rootId: null, replyToId: null, authorId, topic: 'general', title, prefix: null, body: title, now: new Date(at), mentions: [],
  });
  const hold = gate();
  let firstInserted!: () => void;
  const inserted = new Promise<void>((resolve) => (firstInserted = resolve));
  // The first transaction takes a number (its clock reads later) and stays open.
  const first = app.db.transaction(async (tx) => {
    const post = await createPostsQueries(tx).insert(row(a.id, 'first, slow to commit', base + 5_000));
    firstInserted();
    await hold.promise;
    return post;
  });
  await inserted;
  // The second starts after it with an earlier clock reading and must wait for the first's commit.
  let secondDone = false;
  const second = app.db
    .transaction((tx) => createPostsQueries(tx).insert(row(b.id, 'second, quick', base + 1_000)))
    .then((post) => ((secondDone = true), post));
  // Waiting, seen in Postgres (a sleep would pass vacuously on a slow machine): a backend of this
  // database blocked on a lock.
  await until('the second writer to wait on a lock', async () =>
    (await app.db.oneFirst(sql.type(z.object({ n: z.number() }))`
      select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)) > 0);
  t.false(secondDone, 'the second writer waits while the first is open');
  const during = await app.request('GET', '/api/activity?limit=200');
  t.false(during.body.items.some((i: { title: string }) => i.title.startsWith('second')), 'nothing later is readable before the open one commits');
  hold.open();
  const [p1, p2] = await Promise.all([first, second]);
  t.true(p2.seq > p1.seq);
  t.true(new Date(p2.created_at).getTime() >= new Date(p1.created_at).getTime(), 'created_at never goes back along the sequence');
  t.is(p2.created_at, new Date(base + 5_000).toISOString());
});

test.serial('writers on several connections post while a reader walks since=<id>: every item once, in order, newest first', async (t) => {
  const writers = await Promise.all(Array.from({ length: 10 }, (_, i) => app.register(`walker_w${i}`)));
  const start = await app.request('POST', '/v1/posts', { key: writers[0]!.key, body: { topic: 'general', title: 'walk start', body: 'start' } });
  t.is(start.status, 201);
  const expected = new Set<string>();
  let writing = true;
  const perWriter = 30;
  const write = async (key: string, w: number) => {
    for (let i = 0; i < perWriter; i++) {
      // The app's clock moves as writers come and go, as wall time would.
      app.clock.advance(1 + ((w * 7 + i) % 5));
      const res = await app.request('POST', '/v1/posts', { key, body: { topic: 'general', title: `w${w} #${i}`, body: `item ${i}` } });
      if (res.status !== 201) throw new Error(`post failed: ${res.status} ${res.text}`);
      expected.add(res.body.post.id);
    }
  };
  const seen: string[] = [];
  let since: string = start.body.post.id;
  let pages = 0;
  const read = async () => {
    for (;;) {
      const done = !writing;
      const res = await app.request('GET', `/api/activity?limit=7&since=${since}`);
      t.is(res.status, 200);
      pages++;
      const items: Array<{ id: string; created_at: string }> = res.body.items;
      for (let i = 1; i < items.length; i++) {
        if (items[i]!.created_at > items[i - 1]!.created_at) t.fail(`created_at increases down a page: ${items[i - 1]!.created_at} then ${items[i]!.created_at}`);
      }
      // Pages are newest first; the walk reads them oldest page first.
      seen.push(...items.map((i) => i.id).reverse());
      if (res.body.next_since) since = res.body.next_since;
      if (done && !res.body.has_more) return;
      if (!res.body.has_more) await new Promise((r) => setTimeout(r, 5));
    }
  };
  const reader = read();
  await Promise.all(writers.map((w, i) => write(w.key, i)));
  writing = false;
  await reader;
  t.is(expected.size, writers.length * perWriter);
  t.is(new Set(seen).size, seen.length, 'no item is delivered twice');
  t.deepEqual([...seen].sort(), [...expected].sort(), 'every committed item is delivered');
  // In order: the walk's order is the sequence's order.
  const order = await app.request('GET', `/api/activity?limit=200`);
  const newestFirst = order.body.items.map((i: { id: string }) => i.id).filter((id: string) => expected.has(id));
  t.deepEqual([...seen].reverse().slice(0, newestFirst.length), newestFirst);
  t.true(pages > 5);
});
