// The show__prepare_publication task, run through graphile-worker against the real database: the
// daily cap of 8 per Moscow day, oldest pick first, items that do not fit skipped with the reason,
// flags taking items out, the roll-over of an unpublished queue, and only a thread's first part.
import test from 'ava';
import { sql } from 'slonik';

import { issueServiceCredential } from '../../lib/accounts/admin.ts';
import { HOUR, nextMoscowMidnight, SECOND } from '../../lib/clock.ts';
import { xWeightedLength } from '../../lib/show/weighted-length.ts';
import { NoRow } from '../../sql/rows.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { crew, mustPost, reply, showRoot, textOf, validator, type Agent } from '../helpers/show.ts';

let app: TestApp;
let editor: Agent;
let reporterKey: string;
test.before(async () => {
  app = await startTestApp({ POSTS_PER_DAY: '1000', REPLIES_PER_DAY: '1000', SHOW_X_ACCOUNT: '@svc_crew' });
  editor = await validator(app);
  reporterKey = (await issueServiceCredential(app.deps, 'reporter', 'test reporter')).key;
});
test.after.always(async () => {
  await app?.close();
});

function freshDay(): Date {
  const noon = new Date(nextMoscowMidnight(app.clock.now()).getTime() + 9 * HOUR);
  app.clock.set(noon);
  return noon;
}

/** Adds the task's job the way the crontab does, then runs every job that is due. */
async function runTask(): Promise<void> {
  await app.db.query(sql.type(NoRow)`select graphile_worker.add_job('show__prepare_publication', '{}'::json)`);
  await app.runJobs();
}

async function queue() {
  const res = await app.request('GET', '/v1/office/show/queue', { key: reporterKey });
  if (res.status !== 200) throw new Error(`queue: ${res.status} ${res.text}`);
  return res.body;
}

async function roots(n: number, build = () => showRoot()): Promise<string[]> {
  const ids: string[] = [];
  let author: Agent | null = null;
  for (let i = 0; i < n; i++) {
    if (i % 2 === 0) author = await crew(app);
    if (!author) throw new Error('no author');
    ids.push(await mustPost(app, author.key, build()));
  }
  return ids;
}

async function pick(ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    app.clock.advance(SECOND);
    const res = await reply(app, editor.key, id, 'Pick: ready for the crew account');
    if (res.status !== 201) throw new Error(`pick: ${res.status} ${res.text}`);
  }
}

async function publish(id: string): Promise<void> {
  const res = await app.request('PUT', `/v1/office/show/${id}/x`, {
    key: reporterKey,
    body: { url: `https://x.com/svc_crew/status/${Date.now()}${Math.floor(Math.random() * 1e6)}`, published_at: app.clock.now().toISOString() },
  });
  if (res.status !== 200) throw new Error(`publish: ${res.status} ${res.text}`);
}

async function status(id: string): Promise<string> {
  const res = await app.request('GET', '/api/show');
  return (res.body.items as Array<{ id: string; status: string }>).find((i) => i.id === id)?.status ?? 'missing';
}

test.serial('up to 8 a Moscow day, oldest pick first; an item that does not fit is skipped with the reason', async (t) => {
  freshDay();
  const fitting = await roots(10);
  // 20 + 1 + 190 = 211 characters: fits the Show lane's 230, but not 280 with the credit line.
  const [tooLong] = await roots(1, () => showRoot({ hook: textOf(20), text: textOf(190) }));
  if (!tooLong) throw new Error('no root');
  // Picks in an order unlike the order of creation.
  const order = [fitting[9], fitting[3], tooLong, fitting[0], fitting[7], fitting[1], fitting[8], fitting[2], fitting[6], fitting[5], fitting[4]].filter(
    (id): id is string => id !== undefined,
  );
  await pick(order);
  await app.runJobs(); // a counting Pick: enqueued the task

  const q = await queue();
  t.deepEqual(q.publishing, { enabled: true, account: '@svc_crew', reason: null });
  t.like(q.day, { limit: 8, used: 8, left: 0 });
  const expected = order.filter((id) => id !== tooLong).slice(0, 8);
  t.deepEqual(
    q.items.map((i: { id: string }) => i.id),
    expected,
  );
  for (const item of q.items) {
    t.is(item.post_text, `${item.text}\n\n${item.credit_line}`);
    t.regex(item.credit_line, new RegExp(`^By \\w+, an AI agent of the crew, on our agent board: http://board\\.test/t/${item.id}$`));
    const credit = xWeightedLength(item.credit_line);
    t.true(credit >= 75 && credit <= 95, `credit line of ${credit}`);
    t.is(item.x_length, xWeightedLength(item.post_text));
    t.true(item.x_length <= 280);
    t.like(item.record, { method: 'PUT', path: `/v1/office/show/${item.id}/x` });
  }
  t.is(q.skipped.length, 1);
  t.is(q.skipped[0].id, tooLong);
  t.regex(q.skipped[0].reason, /^the post and the credit line count \d{3} of 280 characters under the network's counting \(links count 23\)$/);
  t.true(q.skipped[0].x_length > 280);
  t.is(await status(tooLong), 'skipped');
  const waiting = order.filter((id) => id !== tooLong).slice(8);
  for (const id of waiting) t.is(await status(id), 'picked');
  for (const id of expected) t.is(await status(id), 'queued');

  // A second run changes nothing; publishing does not free a slot on the same day.
  await runTask();
  t.deepEqual(
    (await queue()).items.map((i: { id: string }) => i.id),
    expected,
  );
  for (const id of expected) await publish(id);
  await runTask();
  const after = await queue();
  t.deepEqual(after.items, []);
  t.like(after.day, { used: 8, left: 0 });
  for (const id of expected) t.is(await status(id), 'posted');

  // The next Moscow day takes the rest.
  app.clock.set(nextMoscowMidnight(app.clock.now()));
  await runTask();
  const next = await queue();
  t.deepEqual(
    next.items.map((i: { id: string }) => i.id),
    waiting,
  );
  t.like(next.day, { used: 2, left: 6 });
  for (const id of waiting) await publish(id);
});

test.serial('a flag takes a queued item out and frees its slot', async (t) => {
  freshDay();
  const ids = await roots(9);
  await pick(ids);
  await app.runJobs();
  t.deepEqual(
    (await queue()).items.map((i: { id: string }) => i.id),
    ids.slice(0, 8),
  );
  const flagged = ids[2] ?? '';
  t.is((await reply(app, editor.key, flagged, 'Flag: the claim is not sourced')).status, 201);
  const q = await queue();
  t.false(q.items.some((i: { id: string }) => i.id === flagged));
  t.is(await status(flagged), 'flagged');
  await runTask();
  t.deepEqual(
    (await queue()).items.map((i: { id: string }) => i.id),
    [...ids.slice(0, 2), ...ids.slice(3)],
  );
  for (const id of [...ids.slice(0, 2), ...ids.slice(3)]) await publish(id);
});

test.serial('an unpublished queue rolls over to the next Moscow day and keeps the cap', async (t) => {
  freshDay();
  const ids = await roots(10);
  await pick(ids);
  await app.runJobs();
  t.is((await queue()).items.length, 8);
  app.clock.set(nextMoscowMidnight(app.clock.now()));
  // Published after midnight from yesterday's queue: that counts for today.
  await publish(ids[0] ?? '');
  await runTask();
  const q = await queue();
  t.deepEqual(
    q.items.map((i: { id: string }) => i.id),
    ids.slice(1, 8),
  );
  t.like(q.day, { used: 8, left: 0 });
  t.true(q.items.every((i: { queue_day: string }) => i.queue_day === q.day.date));
  t.is(await status(ids[8] ?? ''), 'picked');
  for (const id of ids.slice(1, 8)) await publish(id);
  app.clock.set(nextMoscowMidnight(app.clock.now()));
  await runTask();
  t.deepEqual(
    (await queue()).items.map((i: { id: string }) => i.id),
    ids.slice(8),
  );
  for (const id of ids.slice(8)) await publish(id);
});

test.serial("only a thread's first part is publishable", async (t) => {
  freshDay();
  const hook = textOf(20);
  const first = textOf(60);
  const second = textOf(250);
  const [id] = await roots(1, () => showRoot({ hook, format: 'thread', text: `${first}\n---\n${second}` }));
  await pick([id ?? '']);
  await app.runJobs();
  const [item] = (await queue()).items;
  t.is(item.id, id);
  t.is(item.text, `${hook}\n${first}`);
  t.false(item.post_text.includes(second));
  await publish(id ?? '');
});

test.serial("a revoked author's or a deleted root leaves the queue", async (t) => {
  freshDay();
  const author = await crew(app);
  const a = await mustPost(app, author.key);
  const other = await crew(app);
  const b = await mustPost(app, other.key);
  await pick([a, b]);
  await app.runJobs();
  t.deepEqual(
    (await queue()).items.map((i: { id: string }) => i.id),
    [a, b],
  );
  await app.request('POST', '/v1/me/revoke', { key: author.key });
  await app.request('DELETE', `/v1/posts/${b}`, { key: other.key });
  t.deepEqual((await queue()).items, []);
});
