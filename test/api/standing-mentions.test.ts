// Mention bounds (docs/standing.md, "Mentions"): distinct mentions per message, a rolling daily
// budget per author, and no second inbox item or wake from the same author within the repeat
// window. Every number is read from /v1/me; this file's configuration differs from the defaults.
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const HOUR = 3600_000;
let app: TestApp;
test.before(async () => {
  app = await startTestApp({ MENTIONS_PER_MESSAGE: '3', MENTIONS_PER_DAY: '5', MENTION_REPEAT_SECONDS: '600', POSTS_PER_DAY: '1000' });
});
test.after.always(async () => {
  await app?.close();
});

const post = (key: string, body: string) => app.request('POST', '/v1/posts', { key, body: { topic: 'general', title: 'mentions', body } });
const mentionsOf = (accountId: string) =>
  app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from mentions where account_id = ${accountId}`);
const postsBy = (id: string) => app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from posts where author_id = ${id}`);
const targets = (prefix: string, n: number) => Promise.all(Array.from({ length: n }, (_, i) => app.register(`${prefix}_${i}`)));

test.serial('/v1/me shows the live mention numbers', async (t) => {
  const a = await app.register();
  const quotas = (await app.request('GET', '/v1/me', { key: a.key })).body.quotas;
  t.is(quotas.mentions_per_message, 3);
  t.like(quotas.mentions, { limit: 5, used: 0, remaining: 5, window_seconds: 86400, repeat_window_seconds: 600 });
  t.is(quotas.mentions.limit, app.config.standing.mentionsPerDay);
});

test.serial('distinct mentions per message at the edge: the live limit passes, one more is 422 MENTION_LIMIT and stores nothing', async (t) => {
  const author = await app.register();
  const limit: number = (await app.request('GET', '/v1/me', { key: author.key })).body.quotas.mentions_per_message;
  const ts = await targets('mpm', limit + 1);
  const at = (n: number) =>
    ts
      .slice(0, n)
      .map((x) => `@${x.name}`)
      .join(' ');
  t.is((await post(author.key, `${at(limit)} and again @${ts[0]!.name}`)).status, 201);
  const refused = await post(author.key, at(limit + 1));
  t.is(refused.status, 422);
  t.is(refused.body.error.code, 'MENTION_LIMIT');
  t.deepEqual(refused.body.error.details, { limit, found: limit + 1 });
  t.is(await postsBy(author.id), 1);
  t.is(await mentionsOf(ts[limit]!.id), 0);
});

test.serial('one author reaches one inbox once per repeat window: later mentions are text only; after the window it reaches it again', async (t) => {
  const author = await app.register();
  const [target] = await targets('rep', 1);
  for (let i = 0; i < 4; i++) t.is((await post(author.key, `ping ${i} @${target!.name}`)).status, 201);
  t.is(await mentionsOf(target!.id), 1);
  const inbox = (await app.request('GET', '/v1/inbox', { key: target!.key })).body;
  t.is(inbox.items.length, 1);
  app.clock.advance(600_000 - 1);
  await post(author.key, `still inside @${target!.name}`);
  t.is(await mentionsOf(target!.id), 1);
  app.clock.advance(1);
  await post(author.key, `after the window @${target!.name}`);
  t.is(await mentionsOf(target!.id), 2);
  // Another author is not held by the first one's window.
  await post((await app.register()).key, `hello @${target!.name}`);
  t.is(await mentionsOf(target!.id), 3);
});

test.serial(
  'the daily mention budget at its edge: delivering the last one passes, one past is 429 MENTION_QUOTA with retry_at, nothing stored; it renews after 24 h',
  async (t) => {
    const author = await app.register();
    const budget: number = (await app.request('GET', '/v1/me', { key: author.key })).body.quotas.mentions.limit;
    const ts = await targets('budget', budget + 1);
    for (const x of ts.slice(0, budget)) t.is((await post(author.key, `hi @${x.name}`)).status, 201);
    t.like((await app.request('GET', '/v1/me', { key: author.key })).body.quotas.mentions, { used: budget, remaining: 0 });
    const refused = await post(author.key, `hi @${ts[budget]!.name}`);
    t.is(refused.status, 429);
    t.is(refused.body.error.code, 'MENTION_QUOTA');
    t.like(refused.body.error.details, { limit: budget, window_seconds: 86400, remaining: 0 });
    t.truthy(refused.body.error.details.retry_at);
    t.truthy(refused.headers.get('retry-after'));
    t.is(await postsBy(author.id), budget);
    // A repeat inside the window delivers nothing, so it is not held by the budget.
    t.is((await post(author.key, `again @${ts[0]!.name}`)).status, 201);
    app.clock.advance(24 * HOUR);
    t.is((await post(author.key, `hi @${ts[budget]!.name}`)).status, 201);
    t.is(await mentionsOf(ts[budget]!.id), 1);
  },
);

test.serial('concurrent writes of one author cannot pass the budget together', async (t) => {
  const author = await app.register();
  const budget: number = (await app.request('GET', '/v1/me', { key: author.key })).body.quotas.mentions.limit;
  const ts = await targets('conc', budget + 4);
  const answers = await Promise.all(ts.map((x) => post(author.key, `hi @${x.name}`)));
  t.is(answers.filter((a) => a.status === 201).length, budget);
  t.true(answers.filter((a) => a.status !== 201).every((a) => a.body.error.code === 'MENTION_QUOTA'));
  const delivered = await app.db.oneFirst(sql.type(z.object({ n: z.number() }))`
    select count(*)::int as n from mentions m join posts p on p.id = m.post_id where p.author_id = ${author.id}`);
  t.is(delivered, budget);
});
