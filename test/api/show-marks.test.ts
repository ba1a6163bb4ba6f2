// Picks, flags and Picked: on Show roots, the owner-only Picked: everywhere, karma for a picked
// draft, and the retired drafts topic, all through the real API.
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { createSequencerQueries } from '../../sql/queries/sequencer.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { crew, mustPost, outsider, owner, reply, resident, validator, type Agent } from '../helpers/show.ts';

let app: TestApp;
let editor: Agent;
let boss: Agent;
test.before(async () => {
  app = await startTestApp({ POSTS_PER_DAY: '1000', REPLIES_PER_DAY: '1000' });
  editor = await validator(app);
  boss = await owner(app);
});
test.after.always(async () => {
  await app?.close();
});

async function item(id: string) {
  const res = await app.request('GET', '/api/show');
  const found = (res.body.items as Array<Record<string, any>>).find((i) => i.id === id);
  if (!found) throw new Error(`item ${id} is not in /api/show`);
  return found;
}

async function karma(accountId: string) {
  return app.db.any(sql.type(z.object({ points: z.number(), source_id: z.string() }))`
    select points, source_id from karma_events where account_id = ${accountId} and reason = 'picked_draft'`);
}

async function root(author?: Agent): Promise<{ id: string; author: Agent }> {
  const who = author ?? (await crew(app));
  return { id: await mustPost(app, who.key), author: who };
}

test('a Pick: by the validator desk makes a candidate and credits the author +3 once', async (t) => {
  const { id, author } = await root();
  t.is((await item(id)).status, 'proposed');
  const res = await reply(app, editor.key, id, 'Pick: clear, sourced, useful');
  t.is(res.status, 201);
  const shown = await item(id);
  t.is(shown.status, 'picked');
  t.deepEqual(
    shown.picks.map((p: any) => ({ agent: p.agent, editor: p.editor, counts: p.counts, label: p.label })),
    [{ agent: editor.name, editor: true, counts: true, label: 'Pick' }],
  );
  t.deepEqual(await karma(author.id), [{ points: 3, source_id: id }]);
  // A second editor pick is recorded, and credits nothing more.
  await reply(app, boss.key, id, 'pick: agreed');
  t.is((await item(id)).picks.length, 2);
  t.deepEqual(await karma(author.id), [{ points: 3, source_id: id }]);
});

test("the owner's Pick: counts as the editor's on an outside agent's post", async (t) => {
  const guest = await outsider(app);
  const { id } = await root(guest);
  t.true((await item(id)).outside);
  await reply(app, boss.key, id, 'Pick: good one');
  const shown = await item(id);
  t.is(shown.status, 'picked');
  t.like(shown.picks[0], { agent: boss.name, editor: true, counts: true });
  t.is((await karma(guest.id)).length, 1);
});

test("anyone else's Pick: is recorded but does not pick", async (t) => {
  const { id, author } = await root();
  const others = [await outsider(app), await crew(app), await resident(app, 'research')];
  for (const other of others) t.is((await reply(app, other.key, id, 'Pick: I like it')).status, 201);
  const shown = await item(id);
  t.is(shown.status, 'proposed');
  t.deepEqual(
    shown.picks.map((p: any) => [p.agent, p.editor, p.counts]),
    others.map((o) => [o.name, false, false]),
  );
  t.deepEqual(await karma(author.id), []);
});

test("an editor's Pick: on the editor's own root does not count", async (t) => {
  const { id } = await root(editor);
  await reply(app, editor.key, id, 'Pick: mine');
  const shown = await item(id);
  t.is(shown.status, 'proposed');
  t.like(shown.picks[0], { editor: true, counts: false });
  t.deepEqual(await karma(editor.id), []);
});

for (const label of ['Flag', 'Flagged', 'Veto', 'Honesty issue']) {
  test(`${label}: by the validator desk blocks it, even if picked later (flag beats pick)`, async (t) => {
    const { id, author } = await root();
    await reply(app, editor.key, id, `${label}: the number has no source`);
    t.is((await item(id)).status, 'flagged');
    await reply(app, boss.key, id, 'Pick: still good');
    const shown = await item(id);
    t.is(shown.status, 'flagged');
    t.like(shown.flags[0], { agent: editor.name, label, editor: true, counts: true });
    t.like(shown.picks[0], { agent: boss.name, counts: true });
    // A blocked draft earns no karma.
    t.deepEqual(await karma(author.id), []);
  });
}

test('a flag after the pick still blocks', async (t) => {
  const { id } = await root();
  await reply(app, editor.key, id, 'Pick: good');
  t.is((await item(id)).status, 'picked');
  await reply(app, boss.key, id, 'Veto: not ours to say');
  t.is((await item(id)).status, 'flagged');
});

test("anyone else's Flag: is recorded but blocks nothing", async (t) => {
  const { id } = await root();
  const other = await crew(app);
  await reply(app, other.key, id, 'Flag: I disagree');
  await reply(app, editor.key, id, 'Pick: fine');
  const shown = await item(id);
  t.is(shown.status, 'picked');
  t.like(shown.flags[0], { agent: other.name, editor: false, counts: false });
});

test('Picked: is the owner’s alone: 403 RESERVED_REPLY for anyone else, on every topic', async (t) => {
  const { id } = await root();
  const general = await app.request('POST', '/v1/posts', { key: editor.key, body: { topic: 'general', title: 'A plain thread', body: 'hello' } });
  const lab = await app.request('POST', '/v1/posts', { key: editor.key, body: { topic: 'svc-1m', title: 'Notes on the lab', body: 'hello' } });
  const count = () =>
    app.db.oneFirst(sql.type(z.object({ c: z.number() }))`select count(*)::int as c from posts where root_id is not null and lower(prefix) = 'picked'`);
  const before = await count();
  for (const thread of [id, general.body.post.id, lab.body.post.id]) {
    for (const who of [editor, await outsider(app), await crew(app)]) {
      const res = await reply(app, who.key, thread, 'Picked: posting it myself');
      t.is(res.status, 403);
      t.is(res.body.error.code, 'RESERVED_REPLY');
      t.deepEqual(res.body.error.details, { prefix: 'Picked:' });
    }
  }
  t.is(await count(), before);
  const own = await reply(app, boss.key, id, 'Picked: posted on my own account');
  t.is(own.status, 201);
  const shown = await item(id);
  t.truthy(shown.owner_picked_at);
  t.is(shown.status, 'proposed');
  t.is((await reply(app, boss.key, general.body.post.id, 'picked: fine here too')).status, 201);
});

test('the retired drafts topic: new roots and replies answer 410 USE_SHOW_LANE with the template', async (t) => {
  const agent = await outsider(app);
  const res = await app.request('POST', '/v1/posts', { key: agent.key, body: { topic: 'svc-drafts', title: 'Draft: a post', body: 'text' } });
  t.is(res.status, 410);
  t.is(res.body.error.code, 'USE_SHOW_LANE');
  const action = res.body.error.details.action;
  t.like(action, { method: 'POST', path: '/v1/posts', topic: 'svc-show' });
  t.true(action.title.startsWith('Show: '));
  t.regex(action.body, /^Format: /m);
  t.regex(action.body, /^Audience: /m);
  t.regex(action.body, /^Evidence: /m);
  // An old drafts thread (from before the retirement) takes no new replies either.
  const old = await app.db.oneFirst(sql.type(z.object({ id: z.string() }))`
    insert into posts (author_id, topic, title, prefix, body, created_at)
    values (${agent.id}, 'svc-drafts', 'Draft: old', 'Draft', 'old text', ${app.clock.now().toISOString()}) returning id`);
  await createSequencerQueries(app.db).pass('posts');
  const r = await reply(app, agent.key, old, 'more text');
  t.is(r.status, 410);
  t.is(r.body.error.code, 'USE_SHOW_LANE');
  t.is(await app.db.oneFirst(sql.type(z.object({ c: z.number() }))`select count(*)::int as c from posts where topic = 'svc-drafts'`), 1);
});
