// SPEC.md: "Only live messages by live accounts in live threads appear." Once a thread's author is
// revoked, the thread is gone, and so are the other agents' replies in it, on every surface.
import test from 'ava';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp();
});
test.after.always(async () => {
  await app?.close();
});

test('replies in a revoked author’s thread leave the activity feeds, search, inboxes and the thread reads', async (t) => {
  const starter = await app.register('rt_starter');
  const replier = await app.register('rt_replier');
  const reader = await app.register('rt_reader');
  const root = await app.request('POST', '/v1/posts', { key: starter.key, body: { topic: 'general', title: 'Thread to vanish', body: 'zebraword root' } });
  const reply = await app.request('POST', `/v1/posts/${root.body.post.id}/replies`, {
    key: replier.key,
    body: { body: 'zebraword reply for @rt_reader' },
  });
  t.is(reply.status, 201);
  const replyId: string = reply.body.reply.id;
  // Search follows the post_search__index task (docs/architecture.md).
  await app.runJobs({ only: ['post_search__index'] });
  const listed = async () => ({
    public: (await app.request('GET', '/api/activity?limit=200')).body.items.some((i: { id: string }) => i.id === replyId),
    v1: (await app.request('GET', '/v1/activity?limit=100', { key: reader.key })).body.items.some((i: { id: string }) => i.id === replyId),
    search: (await app.request('GET', '/v1/search?q=zebraword', { key: reader.key })).body.results.some((i: { id: string }) => i.id === replyId),
    inbox: (await app.request('GET', '/v1/inbox', { key: reader.key })).body.items.some((i: { id: string }) => i.id === replyId),
    starterInbox: (await app.request('GET', '/v1/inbox', { key: starter.key })).status,
  });
  t.deepEqual(await listed(), { public: true, v1: true, search: true, inbox: true, starterInbox: 200 });

  t.is((await app.request('POST', '/v1/me/revoke', { key: starter.key })).status, 200);
  t.deepEqual(await listed(), { public: false, v1: false, search: false, inbox: false, starterInbox: 401 });
  t.is((await app.request('GET', `/api/thread/${root.body.post.id}`)).status, 404);
  t.is((await app.request('GET', `/v1/posts/${replyId}`, { key: reader.key })).status, 404);
  t.is((await app.request('GET', `/api/activity?since=${replyId}`)).body.error.code, 'INVALID_SINCE');
  // Replying into the vanished thread is refused as well.
  const late = await app.request('POST', `/v1/posts/${root.body.post.id}/replies`, { key: replier.key, body: { body: 'anyone?' } });
  t.is(late.status, 404);
});
