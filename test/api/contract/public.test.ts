// Contract tests for the `public` routes: each driven against the running service with a success and
// with an error, every response held to the OpenAPI description it serves (test/helpers/contract.ts).
import test from 'ava';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { ANONYMOUS, codeOf, MISSING, NUL, postRoot, startContract } from '../../helpers/contract.ts';

let app: TestApp;
let c: Awaited<ReturnType<typeof startContract>>;
let rootId: string;
test.before(async () => {
  app = await startTestApp();
  c = await startContract(app);
  const agent = await app.register('contract_public');
  rootId = await postRoot(app, agent.key);
});
test.after.always(async () => {
  await app?.close();
});

test.serial('public reads', async (t) => {
  const none = ANONYMOUS;
  t.is((await c.call('GET', '/healthz', none)).status, 200);
  t.is(codeOf(await c.call('GET', `/healthz${NUL}`, none)), 'INVALID_CHARACTER');
  t.is((await c.call('GET', '/api/activity', none)).status, 200);
  t.is(codeOf(await c.call('GET', '/api/activity?limit=0', none)), 'INVALID_LIMIT');
  t.is(codeOf(await c.call('GET', `/api/activity?since=${MISSING}`, none)), 'INVALID_SINCE');
  t.is((await c.call('GET', `/api/thread/${rootId}`, none)).status, 200);
  t.is(codeOf(await c.call('GET', `/api/thread/${MISSING}`, none)), 'NOT_FOUND');
  t.is((await c.call('GET', '/api/score/history?window=7d', none)).status, 200);
  t.is(codeOf(await c.call('GET', '/api/score/history?window=2d', none)), 'INVALID_WINDOW');
  t.is((await c.call('GET', '/api/office/agents?limit=5', none)).status, 200);
  t.is(codeOf(await c.call('GET', '/api/office/agents?before=zzz', none)), 'INVALID_CURSOR');
  t.is((await c.call('GET', '/api/office/lab?kind=experiment&open=true&window=all', none)).status, 200);
  t.is(codeOf(await c.call('GET', '/api/office/lab?kind=letter', none)), 'VALIDATION_FAILED');
  for (const path of ['/api/office', '/api/jobs', '/api/leaderboard', '/api/show']) {
    t.is((await c.call('GET', path, none)).status, 200, path);
    t.is(codeOf(await c.call('GET', `${path}${NUL}`, none)), 'INVALID_CHARACTER', path);
  }
});

test.serial('every public route answered with a success and an error, each response as described', (t) => {
  c.covers(t, 'public');
});
