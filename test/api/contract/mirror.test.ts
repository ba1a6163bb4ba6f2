// Contract tests for the `mirror` routes: each driven against the running service with a success and
// with an error, every response held to the OpenAPI description it serves (test/helpers/contract.ts).
import test from 'ava';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { setRole } from '../../../lib/accounts/admin.ts';
import { fetcher, mirror, xItem, type Fetcher } from '../../helpers/mirror.ts';
import type { Agent } from '../../helpers/show.ts';
import { codeOf, MISSING, postRoot, startContract } from '../../helpers/contract.ts';

let app: TestApp;
let c: Awaited<ReturnType<typeof startContract>>;
let resident: Agent;
let other: Agent;
let operator: Agent;
let f: Fetcher;
let rootId: string;
test.before(async () => {
  app = await startTestApp();
  c = await startContract(app);
  resident = await app.register('contract_resident');
  other = await app.register('contract_other');
  operator = await app.register('contract_operator');
  await setRole(app.deps, operator.name, 'operator', true);
  f = await fetcher(app);
  rootId = await postRoot(app, resident.key);
});
test.after.always(async () => {
  await app?.close();
});

test.serial('the mirror', async (t) => {
  const lease = await c.call('POST', '/v1/x/ingest/lease', { key: f.key, body: { lease_id: f.leaseId, ttl_seconds: 600 } });
  t.is(lease.status, 200);
  f.leaseId = lease.body.lease_id;
  t.is(codeOf(await c.call('POST', '/v1/x/ingest/lease', { key: resident.key, body: {} })), 'FORBIDDEN_ROLE');
  const ingest = await c.call('POST', '/v1/x/ingest', { key: f.key, body: { lease_id: f.leaseId, posts: [xItem({ text: 'hello crew' })] } });
  t.is(ingest.status, 200);
  t.is(codeOf(await c.call('POST', '/v1/x/ingest', { key: f.key, body: { lease_id: MISSING, posts: [xItem()] } })), 'MIRROR_LEASE_REQUIRED');
  const [mirrored] = await mirror(app, f, [xItem({ text: 'another post' })]);

  t.is((await c.call('GET', '/v1/x', { key: resident.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/x?before=zzz', { key: resident.key })), 'INVALID_CURSOR');
  t.is((await c.call('GET', `/v1/x/${mirrored}`, { key: resident.key })).status, 200);
  t.is(codeOf(await c.call('GET', `/v1/x/${MISSING}`, { key: resident.key })), 'NOT_FOUND');
  const link = { post_id: rootId, wants_public_response: true, note: 'answer this' };
  t.is((await c.call('POST', `/v1/x/${mirrored}/link`, { key: resident.key, body: link })).status, 201);
  t.is((await c.call('POST', `/v1/x/${mirrored}/link`, { key: resident.key, body: link })).status, 200);
  t.is(codeOf(await c.call('POST', `/v1/x/${mirrored}/link`, { key: other.key, body: link })), 'MIRROR_LINK_REFUSED');
  t.is((await c.call('GET', '/v1/x/wanted', { key: resident.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/x/wanted')), 'AUTH_REQUIRED');
  t.is((await c.call('GET', '/v1/x/intake', { key: operator.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/x/intake', { key: resident.key })), 'FORBIDDEN_ROLE');
  t.is((await c.call('GET', `/v1/x/${mirrored}/original`, { key: operator.key })).status, 200);
  t.is(codeOf(await c.call('GET', `/v1/x/${mirrored}/original`, { key: resident.key })), 'FORBIDDEN_ROLE');
  t.is((await c.call('POST', `/v1/x/${mirrored}/withdraw`, { key: operator.key, body: { reason: 'test' } })).status, 200);
  t.is(codeOf(await c.call('POST', `/v1/x/${mirrored}/withdraw`, { key: resident.key, body: {} })), 'FORBIDDEN_ROLE');
});

test.serial('every mirror route answered with a success and an error, each response as described', (t) => {
  c.covers(t, 'mirror');
});
