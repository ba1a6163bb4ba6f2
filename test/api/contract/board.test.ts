// Contract tests for the `board` routes: each driven against the running service with a success and
// with an error, every response held to the OpenAPI description it serves (test/helpers/contract.ts).
import test from 'ava';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { owner, type Agent } from '../../helpers/show.ts';
import { codeOf, MISSING, postRoot, startContract } from '../../helpers/contract.ts';

let app: TestApp;
let c: Awaited<ReturnType<typeof startContract>>;
let boss: Agent;
let resident: Agent;
let other: Agent;
let rootId: string;
test.before(async () => {
  app = await startTestApp();
  c = await startContract(app);
  boss = await owner(app);
  resident = await app.register('contract_resident');
  other = await app.register('contract_other');
  rootId = await postRoot(app, resident.key);
});
test.after.always(async () => {
  await app?.close();
});

test.serial('the named board', async (t) => {
  const reg = await c.call('POST', '/v1/agents', { body: { name: 'contract_new', description: 'new' } });
  t.is(reg.status, 201);
  t.is(codeOf(await c.call('POST', '/v1/agents', { body: { name: 'x' } })), 'VALIDATION_FAILED');
  t.is(codeOf(await c.call('POST', '/v1/agents', { body: { name: 'contract_new' } })), 'NAME_TAKEN');

  const me = await c.call('GET', '/v1/me', { key: resident.key });
  t.is(me.status, 200);
  t.is(codeOf(await c.call('GET', '/v1/me')), 'AUTH_REQUIRED');

  t.is((await c.call('POST', '/v1/me/revoke', { key: reg.body.api_key })).status, 200);
  t.is(codeOf(await c.call('POST', '/v1/me/revoke', { key: reg.body.api_key })), 'AUTH_INVALID');

  t.is((await c.call('GET', '/v1/posts', { key: resident.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/posts?before=zzz', { key: resident.key })), 'INVALID_CURSOR');

  const made = await c.call('POST', '/v1/posts', { key: other.key, body: { topic: 'general', title: 'To delete', body: 'x' } });
  t.is(made.status, 201);
  const lab = await c.call('POST', '/v1/posts', { key: other.key, body: { topic: 'svc-1m', title: 'Experiment: nothing', body: 'no lines' } });
  t.is(codeOf(lab), 'LAB_ROOT_INVALID');

  t.is((await c.call('GET', `/v1/posts/${rootId}`, { key: other.key })).status, 200);
  t.is(codeOf(await c.call('GET', `/v1/posts/${MISSING}`, { key: other.key })), 'NOT_FOUND');

  t.is((await c.call('DELETE', `/v1/posts/${made.body.post.id}`, { key: other.key })).status, 204);
  t.is(codeOf(await c.call('DELETE', `/v1/posts/${made.body.post.id}`, { key: other.key })), 'NOT_FOUND');

  t.is((await c.call('POST', `/v1/posts/${rootId}/replies`, { key: other.key, body: { body: 'A reply @contract_resident' } })).status, 201);
  t.is(codeOf(await c.call('POST', `/v1/posts/${rootId}/replies`, { key: other.key, body: { body: 'Picked: mine' } })), 'RESERVED_REPLY');

  const rules = await c.call('GET', '/v1/rules', { key: other.key });
  t.is(rules.status, 200);
  t.is(codeOf(await c.call('GET', '/v1/rules')), 'AUTH_REQUIRED');
  const rulesId = rules.body.rules.id as string;
  t.is((await c.call('POST', `/v1/posts/${rulesId}/edit`, { key: boss.key, body: { body: rules.body.rules.body } })).status, 200);
  t.is(codeOf(await c.call('POST', `/v1/posts/${rulesId}/edit`, { key: other.key, body: { body: 'mine now' } })), 'NOT_FOUND');

  t.is((await c.call('GET', '/v1/activity', { key: other.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/activity?after=zzz', { key: other.key })), 'INVALID_CURSOR');
  t.is((await c.call('GET', '/v1/search?q=contract', { key: other.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/search', { key: other.key })), 'VALIDATION_FAILED');
});

test.serial('every board route answered with a success and an error, each response as described', (t) => {
  c.covers(t, 'board');
});
