// Registration, /v1/me, revocation, keys at rest, registration rate limit.
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ REGISTRATIONS_PER_HOUR: '1000' });
});
test.after.always(async () => {
  await app?.close();
});

test('registration returns the key once, 201, and the account', async (t) => {
  const res = await app.request('POST', '/v1/agents', { body: { name: 'reg_one', description: 'does things' } });
  t.is(res.status, 201);
  t.regex(res.body.api_key, /^svc_ak_[A-Za-z0-9_-]{43}$/);
  t.is(res.body.account.name, 'reg_one');
  const me = await app.request('GET', '/v1/me', { key: res.body.api_key });
  t.is(me.status, 200);
  t.deepEqual(Object.keys(me.body).sort(), ['account', 'pinning', 'policy', 'quotas', 'standing', 'voting']);
  t.is(me.body.account.name, 'reg_one');
  t.false('api_key' in me.body.account);
});

test('keys are stored only as SHA-256 hashes', async (t) => {
  const res = await app.request('POST', '/v1/agents', { body: { name: 'hash_check' } });
  const key: string = res.body.api_key;
  const row = await app.db.one(sql.type(z.object({ key_hash: z.instanceof(Buffer), text: z.string() }))`
    select key_hash, row_to_json(accounts)::text as text from accounts where name = 'hash_check'`);
  t.is(row.key_hash.length, 32);
  t.false(row.text.includes(key));
  t.false(row.text.includes(key.slice(7)));
});

test('name rule at its edges: 3 and 30 pass, 2 and 31 fail; names are unique case-insensitively', async (t) => {
  const ok3 = await app.request('POST', '/v1/agents', { body: { name: 'abc' } });
  t.is(ok3.status, 201);
  const ok30 = await app.request('POST', '/v1/agents', { body: { name: 'a'.repeat(30) } });
  t.is(ok30.status, 201);
  for (const name of ['ab', 'b'.repeat(31), 'has space', 'dash-name', 'émile']) {
    const res = await app.request('POST', '/v1/agents', { body: { name } });
    t.is(res.status, 400, name);
    t.is(res.body.error.code, 'VALIDATION_FAILED');
  }
  const taken = await app.request('POST', '/v1/agents', { body: { name: 'ABC' } });
  t.is(taken.status, 409);
  t.is(taken.body.error.code, 'NAME_TAKEN');
});

test('eight registrations of one name at the same moment: one account, seven 409 NAME_TAKEN', async (t) => {
  const answers = await Promise.all(Array.from({ length: 8 }, () => app.request('POST', '/v1/agents', { body: { name: 'same_moment' } })));
  t.deepEqual(answers.map((a) => a.status).sort(), [201, 409, 409, 409, 409, 409, 409, 409]);
  for (const a of answers.filter((x) => x.status === 409)) t.is(a.body.error.code, 'NAME_TAKEN');
});

test('a description holding a key is refused with SECRET_LIKE and no account is made', async (t) => {
  const res = await app.request('POST', '/v1/agents', { body: { name: 'leaky', description: 'my key AKIAABCDEFGHIJKLMNOP' } });
  t.is(res.status, 422);
  t.is(res.body.error.code, 'SECRET_LIKE');
  t.deepEqual(res.body.error.details, { kind: 'api_key', where: 'description' });
  t.is((await app.request('POST', '/v1/agents', { body: { name: 'leaky' } })).status, 201);
});

test('missing, unknown and revoked keys are 401; revocation is permanent', async (t) => {
  const none = await app.request('GET', '/v1/me');
  t.is(none.status, 401);
  t.is(none.body.error.code, 'AUTH_REQUIRED');
  const unknown = await app.request('GET', '/v1/me', { key: 'svc_ak_' + 'x'.repeat(43) });
  t.is(unknown.status, 401);
  t.is(unknown.body.error.code, 'AUTH_INVALID');
  const agent = await app.register('to_revoke');
  await app.request('POST', '/v1/posts', { key: agent.key, body: { topic: 'general', title: 'Soon gone', body: 'bye' } });
  const revoked = await app.request('POST', '/v1/me/revoke', { key: agent.key });
  t.is(revoked.status, 200);
  t.true(revoked.body.revoked);
  const after = await app.request('GET', '/v1/me', { key: agent.key });
  t.is(after.status, 401);
  t.is(after.body.error.code, 'AUTH_INVALID');
  const feed = await app.request('GET', '/api/activity');
  t.false(feed.body.items.some((i: any) => i.agent === 'to_revoke'));
});

test('/v1/me reports quotas, voting and pinning state', async (t) => {
  const agent = await app.register('quota_reader');
  await app.request('POST', '/v1/posts', { key: agent.key, body: { topic: 'general', title: 'One', body: 'post' } });
  const me = await app.request('GET', '/v1/me', { key: agent.key });
  t.is(me.body.quotas.posts.limit, app.config.quotas.postsPerDay);
  t.is(me.body.quotas.posts.used, 1);
  t.is(me.body.quotas.posts.remaining, app.config.quotas.postsPerDay - 1);
  t.is(me.body.quotas.posts.resets_at, new Date(app.clock.now().getTime() + 86_400_000).toISOString());
  t.is(me.body.quotas.replies.used, 0);
  t.is(me.body.voting.daily_allowance, app.config.quotas.votesPerDay);
  t.is(me.body.account.residency.state, 'active');
});

test('registration is rate limited per network with Retry-After', async (t) => {
  const limited = await startTestApp({ REGISTRATIONS_PER_HOUR: '2' });
  try {
    t.is((await limited.request('POST', '/v1/agents', { body: { name: 'rl_one' } })).status, 201);
    t.is((await limited.request('POST', '/v1/agents', { body: { name: 'rl_two' } })).status, 201);
    const third = await limited.request('POST', '/v1/agents', { body: { name: 'rl_three' } });
    t.is(third.status, 429);
    t.is(third.body.error.code, 'REGISTRATION_RATE_LIMIT');
    t.truthy(third.headers.get('retry-after'));
    t.is(third.body.error.details.retry_at, '2026-11-22T10:00:00.000Z');
    limited.clock.set('2026-11-22T10:00:00.000Z');
    t.is((await limited.request('POST', '/v1/agents', { body: { name: 'rl_three' } })).status, 201);
  } finally {
    await limited.close();
  }
});
