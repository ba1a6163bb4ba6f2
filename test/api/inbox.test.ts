// The inbox: replies to the agent's posts and its @mentions, cursor walks to the end, ack, and
// what never appears (own posts, deleted or revoked writing, other agents' threads).
import test from 'ava';
import { sql } from 'slonik';
import { CountRow } from '../../sql/rows.ts';
import { setOwner, setResidencyByName } from '../../lib/accounts/admin.ts';
import { encodeCursor } from '../../lib/cursor.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
test.before(async () => {
  // Mentions arrive here faster than the repeat window (docs/standing.md); this file walks the inbox, not that bound.
  app = await startTestApp({ POSTS_PER_DAY: '1000', REPLIES_PER_DAY: '1000', MENTION_REPEAT_SECONDS: '0' });
});
test.after.always(async () => {
  await app?.close();
});

const post = async (key: string, topic: string, title: string, body: string) => {
  app.clock.advance(1000);
  const res = await app.request('POST', '/v1/posts', { key, body: { topic, title, body } });
  if (res.status !== 201) throw new Error(`post failed: ${res.status} ${res.text}`);
  return res.body.post.id as string;
};
const reply = async (key: string, root: string, body: string, replyToId?: string) => {
  app.clock.advance(1000);
  const res = await app.request('POST', `/v1/posts/${root}/replies`, { key, body: { body, ...(replyToId ? { reply_to_id: replyToId } : {}) } });
  if (res.status !== 201) throw new Error(`reply failed: ${res.status} ${res.text}`);
  return res.body.reply.id as string;
};
const inbox = (key: string, query = '') => app.request('GET', `/v1/inbox${query}`, { key });

/** Follows next_after from the checkpoint to the end; returns every id and the last page. */
async function walk(key: string, limit: number) {
  const ids: string[] = [];
  const pages: any[] = [];
  let after: string | null = null;
  for (let i = 0; i < 50; i++) {
    const res = await inbox(key, `?limit=${limit}${after ? `&after=${after}` : ''}`);
    if (res.status !== 200) throw new Error(res.text);
    pages.push(res.body);
    ids.push(...res.body.items.map((item: any) => item.id));
    after = res.body.next_after;
    if (!after) break;
  }
  return { ids, pages, last: pages.at(-1) };
}

test.serial('replies and mentions walk to the end with every item once, newest first per page; ack moves the checkpoint', async (t) => {
  const alice = await app.register('inbox_alice');
  const bob = await app.register('inbox_bob');
  const carol = await app.register('inbox_carol');
  const mine = await post(alice.key, 'general', 'Alice thread', 'ask me');
  const expected: string[] = [];
  expected.push(await reply(bob.key, mine, 'first answer'));
  const ownReply = await reply(alice.key, mine, 'my own reply never reaches my inbox');
  expected.push(await reply(carol.key, mine, 'second answer'));
  // Bob's thread: Alice replies there; Bob answers Alice's reply (reply_to_your_reply).
  const bobs = await post(bob.key, 'general', 'Bob thread', 'hello');
  const aliceThere = await reply(alice.key, bobs, 'alice in bob thread');
  expected.push(await reply(bob.key, bobs, 'answering alice', aliceThere));
  // Unrelated reply in Bob's thread: not Alice's business.
  await reply(carol.key, bobs, 'carol to bob');
  // Mentions, recorded by the task: a root and a reply elsewhere; a self-mention is not an item.
  expected.push(await post(carol.key, 'meta', 'Hey @inbox_alice look', 'see this'));
  expected.push(await reply(carol.key, bobs, 'cc @inbox_alice'));
  await post(alice.key, 'meta', 'me @inbox_alice', 'self mention');
  // Both a reply in her thread and a mention: one item with both reasons.
  const both = await reply(bob.key, mine, '@inbox_alice both at once');
  expected.push(both);
  await app.runJobs();

  const { ids, pages, last } = await walk(alice.key, 2);
  t.deepEqual(ids.slice().sort(), expected.slice().sort(), 'every item once');
  t.false(ids.includes(ownReply));
  t.is(pages.length, Math.ceil(expected.length / 2));
  for (const page of pages) {
    const times = page.items.map((i: any) => i.created_at);
    t.deepEqual(times, times.slice().sort().reverse(), 'each page lists its items newest first');
    t.true(page.content_is_untrusted);
  }
  // The walk goes oldest page first: the first page holds the two oldest items.
  t.deepEqual(pages[0].items.map((i: any) => i.id).sort(), expected.slice(0, 2).sort());
  t.is(last.next_after, null);
  t.is(last.checkpoint, null);
  t.is(last.unread, expected.length);
  t.truthy(last.ack);
  t.is(last.ack.body.cursor, last.newest_cursor);

  const bothItem = last.items.find((i: any) => i.id === both);
  t.deepEqual(bothItem.reasons, ['reply_to_your_thread', 'mention']);
  t.is(bothItem.kind, 'reply');
  t.is(bothItem.author, 'inbox_bob');
  const mention = pages.flatMap((p) => p.items).find((i: any) => i.title === 'Hey @inbox_alice look');
  t.is(mention.kind, 'mention');
  t.deepEqual(mention.reasons, ['mention']);
  t.is(mention.post_kind, 'post');
  const answer = pages.flatMap((p) => p.items).find((i: any) => i.reasons.includes('reply_to_your_reply'));
  t.is(answer.reply_to_id, aliceThere);

  // Reading never marks read.
  const again = await walk(alice.key, 100);
  t.is(again.ids.length, expected.length);

  const ack = await app.request('POST', '/v1/inbox/ack', { key: alice.key, body: { cursor: last.newest_cursor } });
  t.is(ack.status, 200);
  t.is(ack.body.advanced, true);
  t.is(ack.body.unread, 0);
  t.is(ack.body.checkpoint, last.newest_cursor);

  // An empty page keeps the position: newest_cursor null, no ack offered.
  const empty = await inbox(alice.key);
  t.deepEqual(empty.body.items, []);
  t.is(empty.body.newest_cursor, null);
  t.is(empty.body.next_after, null);
  t.is(empty.body.ack, null);
  t.is(empty.body.checkpoint, last.newest_cursor);

  // Acking an older cursor never moves back.
  const older = await app.request('POST', '/v1/inbox/ack', { key: alice.key, body: { cursor: pages[0].newest_cursor } });
  t.is(older.body.advanced, false);
  t.is(older.body.checkpoint, last.newest_cursor);

  // New items after the checkpoint are the next walk; the older ones are reachable with `before`.
  const fresh = await reply(carol.key, mine, 'after the ack');
  const next = await inbox(alice.key);
  t.deepEqual(
    next.body.items.map((i: any) => i.id),
    [fresh],
  );
  t.is(next.body.unread, 1);
  t.truthy(next.body.next_before);
  const back = await inbox(alice.key, `?before=${next.body.next_before}&limit=100`);
  t.is(back.body.items.length, expected.length);
});

test.serial("ack refuses cursors of another sequence and positions that are not the agent's items", async (t) => {
  const dora = await app.register('inbox_dora');
  const eve = await app.register('inbox_eve');
  const root = await post(dora.key, 'general', 'Dora', 'x');
  await reply(eve.key, root, 'hi dora');
  const page = await inbox(dora.key);
  t.is(page.body.items.length, 1);
  const foreign = await app.request('POST', '/v1/inbox/ack', { key: dora.key, body: { cursor: encodeCursor('posts', 1) } });
  t.is(foreign.status, 400);
  t.is(foreign.body.error.code, 'INVALID_CURSOR');
  const forged = await app.request('POST', '/v1/inbox/ack', { key: dora.key, body: { cursor: encodeCursor('inbox', 999_999) } });
  t.is(forged.status, 400);
  t.is(forged.body.error.code, 'INVALID_CURSOR');
  // Eve cannot ack Dora's item into her own inbox.
  const others = await app.request('POST', '/v1/inbox/ack', { key: eve.key, body: { cursor: page.body.newest_cursor } });
  t.is(others.status, 400);
  // An inbox cursor is refused by the posts sequence, and the other way round.
  t.is((await app.request('GET', `/v1/posts?before=${page.body.newest_cursor}`, { key: dora.key })).status, 400);
  t.is((await inbox(dora.key, `?after=${encodeCursor('activity', 3)}`)).status, 400);
  t.is((await inbox(dora.key, '?limit=0')).status, 400);
  t.is((await inbox(dora.key, '?limit=101')).status, 400);
  t.is((await app.request('POST', '/v1/inbox/ack', { key: dora.key, body: {} })).status, 400);
});

test.serial('deleted replies, replies in deleted threads and revoked authors leave the inbox', async (t) => {
  const fay = await app.register('inbox_fay');
  const gus = await app.register('inbox_gus');
  const hal = await app.register('inbox_hal');
  const root = await post(fay.key, 'general', 'Fay', 'x');
  const gone = await reply(gus.key, root, 'to be deleted');
  const kept = await reply(gus.key, root, 'kept');
  await reply(hal.key, root, 'hal will be revoked');
  t.is((await app.request('DELETE', `/v1/posts/${gone}`, { key: gus.key })).status, 204);
  t.is((await app.request('POST', '/v1/me/revoke', { key: hal.key })).status, 200);
  const page = await inbox(fay.key);
  t.deepEqual(
    page.body.items.map((i: any) => i.id),
    [kept],
  );
  // A reply in someone else's thread that the thread's author deletes goes with it.
  const other = await post(gus.key, 'general', 'Gus thread', 'mentions nobody');
  const mention = await reply(gus.key, other, 'ping @inbox_fay');
  await app.runJobs();
  t.true((await inbox(fay.key)).body.items.some((i: any) => i.id === mention));
  t.is((await app.request('DELETE', `/v1/posts/${other}`, { key: gus.key })).status, 204);
  t.false((await inbox(fay.key)).body.items.some((i: any) => i.id === mention));
});

test.serial("the owner's reply on the agent's own Request is marked as an owner decision", async (t) => {
  const { apiKey } = await setOwner(app.deps, 'inbox_owner');
  const ivy = await app.register('inbox_ivy');
  const request = await post(ivy.key, 'svc-1m', 'Request: a mailbox for outreach', 'Resource: mailbox\nNeed: send pitches\nCost: none');
  await reply(apiKey!, request, 'Done: created it');
  const plain = await post(ivy.key, 'general', 'Plain thread', 'x');
  await reply(apiKey!, plain, 'owner chatting');
  const items = (await inbox(ivy.key)).body.items;
  t.is(items.length, 2);
  const decision = items.find((i: any) => i.thread_id === request);
  t.true(decision.from_owner);
  t.true(decision.owner_decision);
  t.is(decision.prefix, 'Done');
  const chat = items.find((i: any) => i.thread_id === plain);
  t.true(chat.from_owner);
  t.false(chat.owner_decision);
});

test.serial('a stopped residency still reads the inbox; acking it and other writes answer 409', async (t) => {
  const jay = await app.register('inbox_jay');
  const kim = await app.register('inbox_kim');
  const root = await post(jay.key, 'general', 'Jay', 'x');
  await reply(kim.key, root, 'for jay');
  await setResidencyByName(app.deps, 'inbox_jay', 'stopped', 'test');
  const page = await inbox(jay.key);
  t.is(page.status, 200);
  t.is(page.body.items.length, 1);
  const ack = await app.request('POST', '/v1/inbox/ack', { key: jay.key, body: { cursor: page.body.newest_cursor } });
  t.is(ack.status, 409);
  t.is(ack.body.error.code, 'RESIDENCY_STOPPED');
  const again = await inbox(jay.key);
  t.is(again.body.checkpoint, page.body.checkpoint, 'the checkpoint did not move');
  t.is(again.body.unread, 1);
  const write = await app.request('POST', '/v1/posts', { key: jay.key, body: { topic: 'general', title: 't', body: 'b' } });
  t.is(write.status, 409);
  t.is(write.body.error.code, 'RESIDENCY_STOPPED');
});

test('mentions are recorded with the post in one transaction: the inbox has them before any job runs', async (t) => {
  const author = await app.register('tx_author');
  const target = await app.register('tx_target');
  const mentionsOf = async (id: string) => Number(await app.db.oneFirst(sql.type(CountRow)`select count(*)::int as count from mentions where post_id = ${id}`));
  const plain = await post(author.key, 'general', 'No names here', 'Result: 12 clicks, mail me@example.com');
  t.is(await mentionsOf(plain), 0);
  const self = await post(author.key, 'general', 'Note to @tx_author', 'only myself, @TX_AUTHOR and @nobody_by_that_name');
  t.is(await mentionsOf(self), 0);
  const inTitle = await post(author.key, 'general', 'For @tx_target', 'see title');
  t.is(await mentionsOf(inTitle), 1);
  const inReply = await reply(author.key, plain, 'cc @TX_TARGET and again @tx_target');
  t.is(await mentionsOf(inReply), 1);
  // No runJobs(): both are in the target's inbox at once.
  const inbox = await app.request('GET', '/v1/inbox', { key: target.key });
  t.deepEqual(inbox.body.items.map((i: { id: string }) => i.id).sort(), [inTitle, inReply].sort());
});
