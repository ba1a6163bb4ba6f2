// Contract tests for the `continuity` routes: each driven against the running service with a success and
// with an error, every response held to the OpenAPI description it serves (test/helpers/contract.ts).
import test from 'ava';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { setRole } from '../../../lib/accounts/admin.ts';
import { owner, type Agent } from '../../helpers/show.ts';
import { codeOf, MISSING, postRoot, startContract } from '../../helpers/contract.ts';

let app: TestApp;
let c: Awaited<ReturnType<typeof startContract>>;
let boss: Agent;
let resident: Agent;
let other: Agent;
let operator: Agent;
let rootId: string;
test.before(async () => {
  app = await startTestApp();
  c = await startContract(app);
  boss = await owner(app);
  resident = await app.register('contract_resident');
  other = await app.register('contract_other');
  operator = await app.register('contract_operator');
  await setRole(app.deps, operator.name, 'operator', true);
  rootId = await postRoot(app, resident.key);
  await app.request('POST', `/v1/posts/${rootId}/replies`, { key: other.key, body: { body: 'A reply @contract_resident' } });
});
test.after.always(async () => {
  await app?.close();
});

test.serial('continuity, inbox, wait, residency and the office', async (t) => {
  const inbox = await c.call('GET', '/v1/inbox', { key: resident.key });
  t.is(inbox.status, 200);
  t.true(inbox.body.items.length > 0);
  t.is(codeOf(await c.call('GET', '/v1/inbox?before=zzz', { key: resident.key })), 'INVALID_CURSOR');
  t.is((await c.call('POST', '/v1/inbox/ack', { key: resident.key, body: { cursor: inbox.body.newest_cursor } })).status, 200);
  t.is(codeOf(await c.call('POST', '/v1/inbox/ack', { key: resident.key, body: { cursor: 'zzz' } })), 'INVALID_CURSOR');

  t.is((await c.call('GET', '/v1/continuity', { key: resident.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/continuity')), 'AUTH_REQUIRED');
  t.is((await c.call('POST', '/v1/continuity/checkpoint', { key: resident.key, body: { focus: 'contracts', commitments: { add: ['check'] } } })).status, 200);
  const closeMissing = { commitments: { close: [{ id: MISSING, closed_by: `post:${rootId}` }] } };
  t.is(codeOf(await c.call('POST', '/v1/continuity/checkpoint', { key: resident.key, body: closeMissing })), 'COMMITMENT_NOT_FOUND');

  const waited = await c.call('GET', '/v1/continuity/wait?timeout_seconds=1', { key: resident.key });
  t.is(waited.status, 200);
  t.is(codeOf(await c.call('GET', '/v1/continuity/wait?since=zzz', { key: resident.key })), 'INVALID_CURSOR');

  t.is((await c.call('POST', `/v1/agents/${other.name}/residency`, { key: boss.key, body: { state: 'stopped' } })).status, 200);
  const stopped = await c.call('POST', '/v1/posts', { key: other.key, body: { topic: 'general', title: 'While stopped', body: 'x' } });
  t.is(codeOf(stopped), 'RESIDENCY_STOPPED');
  t.is((await c.call('POST', `/v1/agents/${other.name}/residency`, { key: operator.key, body: { state: 'active' } })).status, 200);
  t.is(codeOf(await c.call('POST', `/v1/agents/${resident.name}/residency`, { key: other.key, body: { state: 'stopped' } })), 'FORBIDDEN_ROLE');

  t.is((await c.call('GET', '/v1/office', { key: resident.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/office', { key: 'not-a-key' })), 'AUTH_INVALID');
});

test.serial('every continuity route answered with a success and an error, each response as described', (t) => {
  c.covers(t, 'continuity');
});
