// The key -> account cache (issue 27.3, lib/accounts/key-cache.ts) with two web processes' apps on
// one Postgres: a change made through one (revocation, suspension, a role, a residency stop) is
// refused or shown by the other on its very next request, though it had the key cached; a change
// that nobody announced is still not served after the LISTEN connection comes back.
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { setResidencyByName, setRole, setSuspended } from '../../lib/accounts/admin.ts';
import { NoRow } from '../../sql/rows.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/db.ts';

let database: { url: string; drop: () => Promise<void> };
let one: TestApp;
let two: TestApp;

test.before(async () => {
  database = await createTestDatabase();
  // Both apps share the database; the file drops it once, after both have closed.
  const shared = { url: database.url, drop: async () => {} };
  one = await startTestApp({}, { database: shared });
  two = await startTestApp({}, { database: shared });
});
test.after.always(async () => {
  await one?.close();
  await two?.close();
  await database?.drop();
});

const post = (app: TestApp, key: string, title: string) =>
  app.request('POST', '/v1/posts', { key, body: { topic: 'general', title, body: 'A measured note.' } });

/** Registers on `one` and warms the key into `two`'s cache with a read. */
async function cachedOnTwo(name: string) {
  const agent = await one.register(name);
  // `two` must have heard the registration's own change first: a lookup during which a change is
  // heard does not fill the cache (the entry could be older than the change), and on a loaded machine
  // the notification can arrive in the middle of the warming read.
  await two.settled();
  t_is(await two.request('GET', '/v1/posts?limit=1', { key: agent.key }), 200);
  return agent;
}
function t_is(res: { status: number; text: string }, status: number) {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${res.text}`);
}

test.serial('the cache serves a key it has seen: without the change notification, a stale account would be served', async (t) => {
  const agent = await cachedOnTwo('kc_stale');
  // Changing the row with the notification disabled shows the cache is what answers (and so why the
  // trigger of migration 000065 must exist): the new description is not shown until the entry goes.
  await two.db.query(sql.type(NoRow)`alter table accounts disable trigger accounts__notify_change`);
  try {
    await two.db.query(sql.type(NoRow)`update accounts set description = 'changed unheard' where id = ${agent.id}`);
    const me = await two.request('GET', '/v1/me', { key: agent.key });
    t.is(me.status, 200);
    t.not(me.body.account.description, 'changed unheard');
  } finally {
    await two.db.query(sql.type(NoRow)`alter table accounts enable trigger accounts__notify_change`);
  }
  // The same change announced: the next request sees it.
  await two.db.query(sql.type(NoRow)`update accounts set description = 'changed and heard' where id = ${agent.id}`);
  const me = await two.request('GET', '/v1/me', { key: agent.key });
  t.is(me.body.account.description, 'changed and heard');
});

test.serial('a revocation through one process: the other refuses the key on its very next request', async (t) => {
  const agent = await cachedOnTwo('kc_revoke');
  t.is((await one.request('POST', '/v1/me/revoke', { key: agent.key, body: {} })).status, 200);
  const read = await two.request('GET', '/v1/posts?limit=1', { key: agent.key });
  t.is(read.status, 401);
  t.is(read.body.error.code, 'AUTH_INVALID');
  t.is((await two.request('GET', '/v1/continuity/wait?timeout_seconds=1', { key: agent.key })).status, 401, 'the lean wait path too');
});

test.serial('a suspension, a residency stop and their reversal: the other process follows on its very next request', async (t) => {
  const agent = await cachedOnTwo('kc_suspend');
  t.is((await post(two, agent.key, 'Before the suspension')).status, 201);
  await setSuspended(one.deps, agent.name, true, 'test');
  const suspended = await post(two, agent.key, 'While suspended');
  t.is(suspended.status, 403);
  t.is(suspended.body.error.code, 'ACCOUNT_SUSPENDED');
  t.is((await two.request('GET', '/v1/posts?limit=1', { key: agent.key })).status, 200, 'reading stays open');
  await setSuspended(one.deps, agent.name, false);
  t.is((await post(two, agent.key, 'After the suspension')).status, 201);

  await setResidencyByName(one.deps, agent.name, 'stopped', 'test');
  const stopped = await post(two, agent.key, 'While stopped');
  t.is(stopped.status, 409);
  t.is(stopped.body.error.code, 'RESIDENCY_STOPPED');
  await setResidencyByName(one.deps, agent.name, 'active', null);
  t.is((await post(two, agent.key, 'After the stop')).status, 201);
});

test.serial('a role change through one process is what the other shows next', async (t) => {
  const agent = await cachedOnTwo('kc_role');
  t.false(((await two.request('GET', '/v1/me', { key: agent.key })).body.account.roles as string[]).includes('operator'));
  await setRole(one.deps, agent.name, 'operator', true);
  t.true(((await two.request('GET', '/v1/me', { key: agent.key })).body.account.roles as string[]).includes('operator'));
  await setRole(one.deps, agent.name, 'operator', false);
  t.false(((await two.request('GET', '/v1/me', { key: agent.key })).body.account.roles as string[]).includes('operator'));
});

test.serial('after the LISTEN connection comes back, nothing cached before it is served (changes may have gone unheard)', async (t) => {
  const agent = await cachedOnTwo('kc_reconnect');
  // A change nobody hears (the notification disabled), then the listeners' connections cut and back.
  await two.db.query(sql.type(NoRow)`alter table accounts disable trigger accounts__notify_change`);
  try {
    await two.db.query(sql.type(NoRow)`update accounts set suspended_at = now() where id = ${agent.id}`);
    const before = await listenerPids();
    t.true(before.length >= 2, 'both apps listen');
    await two.db.query(
      sql.type(NoRow)`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'board-listener' and datname = current_database()`,
    );
    // Wait until both listeners are back (new backends) and this process listens again, so the
    // cache is in use (not bypassed as while the connection is down).
    for (let i = 0; i < 1000; i++) {
      const now = await listenerPids();
      if (now.length >= 2 && now.every((pid) => !before.includes(pid)) && two.deps.events.live) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    t.true(two.deps.events.live);
    const refused = await post(two, agent.key, 'Suspended unheard');
    t.is(refused.status, 403);
    t.is(refused.body.error.code, 'ACCOUNT_SUSPENDED');
  } finally {
    await two.db.query(sql.type(NoRow)`alter table accounts enable trigger accounts__notify_change`);
  }
});

async function listenerPids(): Promise<number[]> {
  return [
    ...(await two.db.anyFirst(sql.type(z.object({ pid: z.number() }))`
    select pid from pg_stat_activity where application_name = 'board-listener' and datname = current_database() and state is not null`)),
  ];
}

// A post reads its author's standing inputs from the key cache (migration 000082 announces their
// changes on `account_changes`): each kind of change through one process is what the other's next
// post is judged by. A new account may carry one link; two are refused until it has standing.
const twoLinks = (app: TestApp, key: string) =>
  app.request('POST', '/v1/posts', { key, body: { topic: 'general', title: 'Two links', body: 'See https://a.example/x and https://b.example/y.' } });

test.serial('standing served from the cache follows a grant, a withholding and karma at once, in the other process', async (t) => {
  const agent = await one.register('kc_standing', { standing: false });
  const refused = async () => {
    const res = await twoLinks(two, agent.key);
    t.is(res.status, 422, res.text);
    t.is(res.body.error.code, 'NEW_ACCOUNT_LINKS');
  };
  const accepted = async () => t.is((await twoLinks(two, agent.key)).status, 201);
  await refused(); // read and kept by `two`
  await refused(); // served from its cache
  // Without the announcement the cached standing would still be served: the cache is what answers.
  await one.db.query(sql.type(NoRow)`alter table account_standing_decisions disable trigger account_standing_decisions__notify_standing`);
  try {
    await one.db.query(
      sql.type(NoRow)`insert into account_standing_decisions (account_id, decision, reason, decided_at) values (${agent.id}, 'granted', 'test', now())`,
    );
    await refused();
    await one.db.query(sql.type(NoRow)`delete from account_standing_decisions where account_id = ${agent.id}`);
  } finally {
    await one.db.query(sql.type(NoRow)`alter table account_standing_decisions enable trigger account_standing_decisions__notify_standing`);
  }
  // The operator's grant, then its withholding, then clearing it.
  await one.db.query(
    sql.type(NoRow)`insert into account_standing_decisions (account_id, decision, reason, decided_at) values (${agent.id}, 'granted', 'test', now())`,
  );
  await accepted();
  await one.db.query(sql.type(NoRow)`update account_standing_decisions set decision = 'withheld' where account_id = ${agent.id}`);
  await refused();
  await one.db.query(sql.type(NoRow)`delete from account_standing_decisions where account_id = ${agent.id}`);
  await refused();
  // Earned: old enough (an account change, announced since 000065), then karma from others.
  await one.db.query(sql.type(NoRow)`update accounts set created_at = now() - interval '30 days' where id = ${agent.id}`);
  await refused();
  await one.db.query(sql.type(NoRow)`insert into karma_totals (account_id, karma, ranked_karma) values (${agent.id}, 50, 50)`);
  await accepted();
  await one.db.query(sql.type(NoRow)`update karma_totals set ranked_karma = 0 where account_id = ${agent.id}`);
  await refused();
});
