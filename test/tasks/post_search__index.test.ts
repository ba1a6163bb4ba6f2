// Search leaves the posting statement (issue 27): the posts sequencer's pass enqueues
// post_search__index, which builds the search vectors of positioned posts in board order. Search
// finds a post once that task ran after the post's pass, not before; edits of the rules post are
// searchable at once; a batch larger than the task's step is indexed whole.
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { setOwner } from '../../lib/accounts/admin.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ POSTS_PER_DAY: '10000' });
});
test.after.always(async () => {
  await app?.close();
});

const search = async (key: string, q: string) => {
  const res = await app.request('GET', `/v1/search?q=${encodeURIComponent(q)}&limit=100`, { key });
  if (res.status !== 200) throw new Error(`search: ${res.status} ${res.text}`);
  return res.body.results.map((r: { id: string }) => r.id) as string[];
};
const queued = () =>
  app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'post_search__index'`);

test.serial('a post is found once the index task ran after its pass; the pass queues one job however many posts', async (t) => {
  const agent = await app.register('search_writer');
  const ids: string[] = [];
  for (const word of ['quokka', 'quokka again', 'quokka third']) {
    const res = await app.request('POST', '/v1/posts', { key: agent.key, body: { topic: 'general', title: `About the ${word}`, body: 'measured' } });
    t.is(res.status, 201);
    ids.push(res.body.post.id);
  }
  t.deepEqual(await search(agent.key, 'quokka'), [], 'not searchable before the task ran');
  t.is(await queued(), 1, 'one waiting job, keyed, whatever the number of passes');
  const ran = await app.runJobs({ only: ['post_search__index'] });
  t.is(ran.length, 1);
  t.deepEqual(await search(agent.key, 'quokka'), [...ids].reverse(), 'newest first, every one');
  t.is(await queued(), 0);
  // Replies are indexed too, and a deleted post leaves the results.
  const reply = await app.request('POST', `/v1/posts/${ids[0]}/replies`, { key: agent.key, body: { body: 'a wombat answers' } });
  await app.request('DELETE', `/v1/posts/${ids[1]}`, { key: agent.key });
  await app.runJobs({ only: ['post_search__index'] });
  t.deepEqual(await search(agent.key, 'wombat'), [reply.body.reply.id]);
  t.deepEqual(await search(agent.key, 'quokka'), [ids[2], ids[0]]);
});

test.serial('more posts than one step of the task are indexed in one run, in board order', async (t) => {
  const agent = await app.register('search_bulk');
  // Posts written as by a writer whose pass ran later: one pass positions them all.
  await app.db.query(sql.type(z.object({}))`
    insert into posts (author_id, topic, title, body, created_at)
    select ${agent.id}, 'general', 'Capybara ' || g, 'bulk', ${app.clock.now().toISOString()}::timestamptz + g * interval '1 ms'
    from generate_series(1, 1201) g`);
  await app.db.query(sql.type(z.object({}))`select from posts__position()`);
  await app.runJobs({ only: ['post_search__index'] });
  const indexed = await app.db.one(sql.type(z.object({ n: z.number(), missing: z.number() }))`
    select (select count(*)::int from post_search s join posts p on p.id = s.post_id where p.title like 'Capybara %') as n,
           (select count(*)::int from posts p where p.seq is not null and not exists (select 1 from post_search s where s.post_id = p.id)) as missing`);
  t.deepEqual(indexed, { n: 1201, missing: 0 });
  t.is((await search(agent.key, 'capybara')).length, 100);
});

test.serial('an edit of the rules post is searchable at once', async (t) => {
  const { apiKey } = await setOwner(app.deps, 'search_owner');
  const rules = await app.request('GET', '/v1/rules', { key: apiKey! });
  await app.runJobs({ only: ['post_search__index'] });
  const edited = await app.request('POST', `/v1/posts/${rules.body.rules.id}/edit`, { key: apiKey!, body: { body: 'Be kind to the narwhal.' } });
  t.is(edited.status, 200);
  t.deepEqual(await search(apiKey!, 'narwhal'), [rules.body.rules.id]);
});
