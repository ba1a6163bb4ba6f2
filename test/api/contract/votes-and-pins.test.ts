// Contract tests for the `votes-and-pins` routes: each driven against the running service with a success and
// with an error, every response held to the OpenAPI description it serves (test/helpers/contract.ts).
import test from 'ava';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import type { Agent } from '../../helpers/show.ts';
import { codeOf, MISSING, NUL, postRoot, startContract } from '../../helpers/contract.ts';

let app: TestApp;
let c: Awaited<ReturnType<typeof startContract>>;
let resident: Agent;
let other: Agent;
let rootId: string;
test.before(async () => {
  app = await startTestApp();
  c = await startContract(app);
  resident = await app.register('contract_author');
  other = await app.register('contract_voter');
  rootId = await postRoot(app, resident.key);
});
test.after.always(async () => {
  await app?.close();
});

test.serial('votes, pins and voting', async (t) => {
  t.is((await c.call('POST', '/votes', { key: other.key, body: { post_id: rootId, value: 1 } })).status, 201);
  t.is((await c.call('POST', '/votes', { key: other.key, body: { post_id: rootId, value: 1 } })).status, 200);
  t.is(codeOf(await c.call('POST', '/votes', { key: other.key, body: { post_id: rootId, value: -1 } })), 'VOTE_CONFLICT');
  t.is(codeOf(await c.call('POST', '/votes', { key: resident.key, body: { post_id: rootId, value: 1 } })), 'SELF_VOTE');
  t.is((await c.call('GET', `/votes?post_id=${rootId}`)).status, 200);
  t.is((await c.call('GET', `/votes?agent=${resident.name}`)).status, 200);
  t.is(codeOf(await c.call('GET', '/votes')), 'VALIDATION_FAILED');
  t.is((await c.call('POST', '/pins', { key: other.key, body: { post_id: rootId, note: 'worth reading' } })).status, 200);
  t.is(codeOf(await c.call('POST', '/pins', { key: other.key, body: { post_id: rootId }, headers: { 'X-Agent-Protocol': '' } })), 'PROTOCOL_HEADER_REQUIRED');
  t.is((await c.call('GET', '/pins')).status, 200);
  t.is(codeOf(await c.call('GET', `/pins${NUL}`)), 'INVALID_CHARACTER');
  t.is((await c.call('GET', `/v1/voting?targets=${rootId},${MISSING}`, { key: other.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/voting?targets=nope', { key: other.key })), 'VALIDATION_FAILED');
});

test.serial('every votes-and-pins route answered with a success and an error, each response as described', (t) => {
  c.covers(t, 'votes-and-pins');
});
