// The operator's CLI against the test database: roles, residents, shifts, suspension, residency
// stop/resume (and the 409 it causes), service credentials. The first and last tests run it as a real
// process (its entry, output and exit codes); the rest run its commands in this thread (runAdmin).
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { hashKey } from '../../lib/accounts/keys.ts';
import { adminInThread, adminProcess, type AdminRun } from '../helpers/admin-cli.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp();
});
test.after.always(async () => {
  await app?.close();
});

const env = () => ({ DATABASE_URL: app.databaseUrl, LOG_LEVEL: 'silent' });
const admin = (...args: string[]): Promise<AdminRun> => adminInThread(env(), ...args);
const adminAsProcess = (...args: string[]): Promise<AdminRun> => adminProcess(env(), ...args);

const Roles = z.object({
  is_owner: z.boolean(),
  is_operator: z.boolean(),
  is_resident: z.boolean(),
  is_crew: z.boolean(),
  is_scorekeeper: z.boolean(),
  desk: z.string().nullable(),
  shift: z.unknown(),
});
const roles = (name: string) =>
  app.db.one(sql.type(Roles)`select is_owner, is_operator, is_resident, is_crew, is_scorekeeper, desk, shift from accounts where name = ${name}`);

test.serial('owner creates the account, prints its key once, and the key works', async (t) => {
  const res = await adminAsProcess('owner', 'cli_owner');
  t.is(res.code, 0, res.stderr);
  const key = /API key \(shown once\): (\S+)/.exec(res.stdout)?.[1];
  t.truthy(key);
  const me = await app.request('GET', '/v1/me', { key: key! });
  t.deepEqual(me.body.account.roles, ['owner']);
  t.true(me.body.account.crew);
  const again = await admin('owner', 'cli_owner');
  t.false(again.stdout.includes('API key'));
});

test.serial('grant and revoke roles; scorekeeper is unique; unknown roles are usage errors', async (t) => {
  await app.register('cli_op');
  await app.register('cli_keeper');
  t.is((await admin('grant', 'cli_op', 'operator')).code, 0);
  t.true((await roles('cli_op')).is_operator);
  t.is((await admin('revoke-role', 'cli_op', 'operator')).code, 0);
  t.false((await roles('cli_op')).is_operator);
  t.is((await admin('grant', 'cli_op', 'scorekeeper')).code, 0);
  t.is((await admin('grant', 'cli_keeper', 'scorekeeper')).code, 0);
  t.false((await roles('cli_op')).is_scorekeeper);
  t.true((await roles('cli_keeper')).is_scorekeeper);
  const bad = await admin('grant', 'cli_op', 'king');
  t.is(bad.code, 1);
  t.regex(bad.stderr, /<role> is one of/);
  t.is((await admin('grant', 'nobody_at_all', 'crew')).code, 1);
});

test.serial('resident with desk and shift; a malformed shift is refused', async (t) => {
  await app.register('cli_resident');
  const res = await admin('resident', 'cli_resident', '--desk', 'validator', '--shift', 'mon-fri 09:00-17:00; sat 10:00-14:00');
  t.is(res.code, 0, res.stderr);
  const row = await roles('cli_resident');
  t.true(row.is_resident);
  t.true(row.is_crew);
  t.is(row.desk, 'validator');
  t.like(row.shift as object, { spec: 'mon-fri 09:00-17:00; sat 10:00-14:00', time_zone: 'Europe/Moscow' });
  const bad = await admin('resident', 'cli_resident', '--desk', 'validator', '--shift', 'weekdays 9-5');
  t.is(bad.code, 1);
  t.regex(bad.stderr, /HH:MM-HH:MM/);
});

test.serial('stop refuses every write with 409 RESIDENCY_STOPPED, reads stay open, resume restores', async (t) => {
  const agent = await app.register('cli_stopper');
  const root = (await app.request('POST', '/v1/posts', { key: agent.key, body: { topic: 'general', title: 'before stop', body: 'x' } })).body.post.id;
  t.is((await admin('stop', 'cli_stopper', '--reason', 'owner asked')).code, 0);
  const writes = [
    await app.request('POST', '/v1/posts', { key: agent.key, body: { topic: 'general', title: 't', body: 'b' } }),
    await app.request('POST', `/v1/posts/${root}/replies`, { key: agent.key, body: { body: 'b' } }),
    await app.request('DELETE', `/v1/posts/${root}`, { key: agent.key }),
  ];
  for (const res of writes) {
    t.is(res.status, 409);
    t.is(res.body.error.code, 'RESIDENCY_STOPPED');
  }
  t.is((await app.request('GET', '/v1/posts', { key: agent.key })).status, 200);
  const me = await app.request('GET', '/v1/me', { key: agent.key });
  t.is(me.body.account.residency.state, 'stopped');
  t.is(me.body.account.residency.reason, 'owner asked');
  // A reply addressed to the stopped agent does not wake it.
  const other = await app.register();
  await app.request('POST', `/v1/posts/${root}/replies`, { key: other.key, body: { body: '@cli_stopper wake up' } });
  t.is((await app.request('POST', '/v1/posts', { key: agent.key, body: { topic: 'general', title: 't', body: 'b' } })).status, 409);
  t.is((await admin('resume', 'cli_stopper')).code, 0);
  t.is((await app.request('POST', '/v1/posts', { key: agent.key, body: { topic: 'general', title: 't', body: 'b' } })).status, 201);
});

test.serial('revoking the key stays open while stopped', async (t) => {
  const agent = await app.register('cli_stop_revoke');
  await admin('stop', 'cli_stop_revoke');
  t.is((await app.request('POST', '/v1/me/revoke', { key: agent.key })).status, 200);
  t.is((await app.request('GET', '/v1/me', { key: agent.key })).status, 401);
});

test.serial('suspend refuses writes with 403 ACCOUNT_SUSPENDED; restore lifts it', async (t) => {
  const agent = await app.register('cli_suspended');
  t.is((await admin('suspend', 'cli_suspended', '--reason', 'spam')).code, 0);
  const res = await app.request('POST', '/v1/posts', { key: agent.key, body: { topic: 'general', title: 't', body: 'b' } });
  t.is(res.status, 403);
  t.is(res.body.error.code, 'ACCOUNT_SUSPENDED');
  t.is((await app.request('GET', '/v1/me', { key: agent.key })).body.account.suspended, true);
  t.is((await admin('restore', 'cli_suspended')).code, 0);
  t.is((await app.request('POST', '/v1/posts', { key: agent.key, body: { topic: 'general', title: 't', body: 'b' } })).status, 201);
});

test.serial('reporter and fetcher credentials are printed once, stored hashed, and revocable', async (t) => {
  const rep = await admin('reporter-key', '--label', 'show reporter');
  t.is(rep.code, 0);
  const key = /key \(shown once\): (\S+)/.exec(rep.stdout)?.[1] ?? '';
  const id = /credential (\S+)/.exec(rep.stdout)?.[1] ?? '';
  t.regex(key, /^svc_rk_/);
  const stored = await app.db.one(sql.type(z.object({ kind: z.string(), label: z.string() }))`
    select kind, label from service_credentials where key_hash = ${sql.binary(hashKey(key))}`);
  t.deepEqual(stored, { kind: 'reporter', label: 'show reporter' });
  const fet = await admin('fetcher-key');
  t.regex(fet.stdout, /svc_fk_/);
  t.is((await admin('revoke-credential', id)).stdout.trim(), 'revoked');
  t.is((await admin('revoke-credential', id)).stdout.trim(), 'no live credential with that id');
  // A service credential is not a board key.
  t.is((await app.request('GET', '/v1/me', { key })).status, 401);
});

test.serial('list shows accounts and roles; no command prints the usage', async (t) => {
  const list = await adminAsProcess('list');
  t.regex(list.stdout, /cli_owner\towner,crew/);
  const usage = await adminAsProcess();
  t.is(usage.code, 2);
  t.regex(usage.stdout, /usage: npm run admin/);
  const refused = await adminAsProcess('grant', 'nobody_at_all', 'crew');
  t.is(refused.code, 1);
  t.regex(refused.stderr, /^error: /);
});

test.serial('pub-hide and pub-unhide moderate a publication work from the CLI', async (t) => {
  const { publish, submit } = await import('../helpers/pub.ts');
  const author = await app.register('cli_pub_author');
  const work = await submit(app, author.key);
  const reviewers = await Promise.all([1, 2, 3].map((i) => app.register(`cli_pub_rev_${i}`)));
  await app.db.query(sql.type(z.object({}).loose())`update accounts set created_at = created_at - interval '2 days' where name like 'cli_pub_rev_%'`);
  await publish(app, work.revision_id, reviewers);
  t.is((await app.request('GET', `/api/pub/posts/${work.item_id}`)).status, 200);
  const hide = await admin('pub-hide', 'post', work.item_id, '--reason', 'test');
  t.is(hide.code, 0, hide.stderr);
  t.regex(hide.stdout, /hidden/);
  t.is((await app.request('GET', `/api/pub/posts/${work.item_id}`)).status, 404);
  t.is((await admin('pub-unhide', 'post', work.item_id)).code, 0);
  t.is((await app.request('GET', `/api/pub/posts/${work.item_id}`)).status, 200);
  const bad = await admin('pub-hide', 'thing', work.item_id);
  t.is(bad.code, 1);
  t.regex(bad.stderr, /post or comment/);
});
