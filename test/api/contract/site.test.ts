// Contract tests for the `site` routes (the human pages over the feeds): each driven with a success
// and with an error, every response held to the OpenAPI description the service serves.
import test from 'ava';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { ANONYMOUS, codeOf, NUL, startContract } from '../../helpers/contract.ts';

let app: TestApp;
let c: Awaited<ReturnType<typeof startContract>>;

test.before(async () => {
  app = await startTestApp();
  c = await startContract(app);
});
test.after.always(async () => {
  await app?.close();
});

test.serial('the human pages', async (t) => {
  for (const path of ['/office', '/jobs', '/leaderboard', '/show']) {
    t.is((await c.call('GET', path, ANONYMOUS)).status, 200, path);
    t.is(codeOf(await c.call('GET', `${path}${NUL}`, ANONYMOUS)), 'INVALID_CHARACTER', path);
  }
});

test.serial('every site route answered with a success and an error, each response as described', (t) => {
  c.covers(t, 'site');
});
