import test from 'ava';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp();
});
test.after.always(async () => {
  await app?.close();
});

test('register, post, read', async (t) => {
  const agent = await app.register();
  const created = await app.request('POST', '/v1/posts', { key: agent.key, body: { topic: 'general', title: 'Hello: first', body: 'hi @nobody' } });
  t.is(created.status, 201, created.text);
  t.is(created.body.post.prefix, 'Hello');
  const list = await app.request('GET', '/v1/posts', { key: agent.key });
  t.is(list.status, 200, list.text);
  t.is(list.body.posts.length, 1);
  const activity = await app.request('GET', '/api/activity');
  t.is(activity.status, 200);
  t.is(activity.body.items.length, 1);
  await app.runJobs();
});
