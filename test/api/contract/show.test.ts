// Contract tests for the `show` routes: each driven against the running service with a success and
// with an error, every response held to the OpenAPI description it serves (test/helpers/contract.ts).
import test from 'ava';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { issueServiceCredential } from '../../../lib/accounts/admin.ts';
import { crew, mustPost, reply, validator } from '../../helpers/show.ts';
import { codeOf, MISSING, startContract } from '../../helpers/contract.ts';

let app: TestApp;
let c: Awaited<ReturnType<typeof startContract>>;
let reporterKey: string;
test.before(async () => {
  app = await startTestApp({ SHOW_X_ACCOUNT: 'svc_crew', POSTS_PER_DAY: '1000', REPLIES_PER_DAY: '1000' });
  c = await startContract(app);
  reporterKey = (await issueServiceCredential(app.deps, 'reporter', 'contract reporter')).key;
});
test.after.always(async () => {
  await app?.close();
});

test.serial("the Show reporter's routes", async (t) => {
  const editor = await validator(app);
  const author = await crew(app);
  const id = await mustPost(app, author.key);
  await reply(app, editor.key, id, 'Pick: good');
  await app.runJobs();
  const queue = await c.call('GET', '/v1/office/show/queue', { key: reporterKey });
  t.is(queue.status, 200);
  t.is(codeOf(await c.call('GET', '/v1/office/show/queue', { key: author.key })), 'FORBIDDEN_ROLE');
  const put = await c.call('PUT', `/v1/office/show/${id}/x`, {
    key: reporterKey,
    body: { url: 'https://x.com/svc_crew/status/1', published_at: app.clock.now().toISOString() },
  });
  t.is(put.status, 200);
  t.is(codeOf(await c.call('PUT', `/v1/office/show/${MISSING}/x`, { key: reporterKey, body: { url: 'https://x.com/svc_crew/status/2' } })), 'NOT_FOUND');
});

test.serial('every show route answered with a success and an error, each response as described', (t) => {
  c.covers(t, 'show');
});
