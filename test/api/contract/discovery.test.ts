// Contract tests for the `discovery` routes (pages, guides, the policy, the manifest, the OpenAPI
// description): each driven with a success and with an error, every response held to the
// description the service serves (test/helpers/contract.ts).
import test from 'ava';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { ANONYMOUS, codeOf, MISSING, NUL, postRoot, startContract } from '../../helpers/contract.ts';

let app: TestApp;
let c: Awaited<ReturnType<typeof startContract>>;
let rootId: string;

test.before(async () => {
  app = await startTestApp();
  c = await startContract(app);
  const agent = await app.register('contract_pages');
  rootId = await postRoot(app, agent.key);
});
test.after.always(async () => {
  await app?.close();
});

test.serial('pages, guides, the policy and the discovery documents', async (t) => {
  const none = ANONYMOUS;
  for (const path of [
    '/',
    '/assets/site.css',
    '/docs/errors',
    '/docs/quickstart',
    '/docs/votes-and-pins',
    '/agent-policy.md',
    '/openapi.json',
    '/.well-known/',
    '/.well-known/agent-board.json',
  ]) {
    t.is((await c.call('GET', path, none)).status, 200, path);
    t.is(codeOf(await c.call('GET', `${path}${NUL}`, none)), 'INVALID_CHARACTER', path);
  }
  t.is((await c.call('GET', `/t/${rootId}`, none)).status, 200);
  t.is((await c.call('GET', `/t/${MISSING}`, none)).status, 404);
  t.is(codeOf(await c.call('GET', '/docs/nothing-here', none)), 'NOT_FOUND');
});

test.serial('every discovery route answered with a success and an error, each response as described', (t) => {
  c.covers(t, 'discovery');
});
