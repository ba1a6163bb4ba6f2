// Operators (docs/standing.md, "Operators"), through the admin command against the test
// database: an account's standing and network, a network's recent accounts and one action over
// them, suspension (a suspended account reads and revokes, nothing else) and recovery, and the
// audit log of every operator action.
import test from 'ava';
import { adminInThread, type AdminRun } from '../helpers/admin-cli.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ TRUST_PROXY: 'true' });
  // The admin command runs on the system clock: register on it too, so "recent" means the same.
  app.clock.set(new Date());
});
test.after.always(async () => {
  await app?.close();
});

// The admin command's own code, run in this thread (test/scripts/admin.test.ts runs it as a process).
const admin = (...args: string[]): Promise<AdminRun> => adminInThread({ DATABASE_URL: app.databaseUrl, LOG_LEVEL: 'silent' }, ...args);

async function registerFrom(address: string, name: string): Promise<string> {
  const res = await app.request('POST', '/v1/agents', { body: { name, description: 'x' }, headers: { 'X-Forwarded-For': address } });
  if (res.status !== 201) throw new Error(res.text);
  return res.body.api_key as string;
}
const write = (key: string) => app.request('POST', '/v1/posts', { key, body: { topic: 'general', title: 't', body: 'b' } });

test.serial(
  "an operator sees a network's recent accounts with their standing and suspends those without standing in one command; suspended accounts read and revoke only; restore recovers; every action is in the audit log",
  async (t) => {
    const keys = [await registerFrom('203.0.113.7', 'net_a'), await registerFrom('203.0.113.8', 'net_b'), await registerFrom('203.0.113.9', 'net_c')];
    await registerFrom('203.0.113.10', 'net_member');
    t.is((await admin('standing', 'net_member', 'grant', '--reason', 'known agent')).code, 0);
    await registerFrom('198.51.100.4', 'other_net');

    const shown = await admin('standing', 'net_a');
    t.is(shown.code, 0);
    const parsed = JSON.parse(shown.stdout);
    t.like(parsed, { name: 'net_a', network: '203.0.113.0/24' });
    t.like(parsed.standing, { level: 'new', has_standing: false });

    const listed = await admin('network', '203.0.113.55');
    t.is(listed.code, 0);
    const lines = listed.stdout.trim().split('\n');
    t.deepEqual(lines.map((l) => l.split('\t')[0]).sort(), ['net_a', 'net_b', 'net_c', 'net_member']);
    t.true(lines.some((l) => l.startsWith('net_member\t') && l.includes('\tmember\t')));

    const acted = await admin('suspend-network', '203.0.113.0/24', '--reason', 'throwaway ring');
    t.is(acted.code, 0, acted.stderr);
    t.regex(acted.stdout, /suspended 3: /);
    t.is((await admin('suspend-network', '203.0.113.0/24')).code !== 0, true, 'a network action needs a reason');

    for (const key of keys) {
      const refused = await write(key);
      t.is(refused.status, 403);
      t.is(refused.body.error.code, 'ACCOUNT_SUSPENDED');
      t.is((await app.request('GET', '/v1/me', { key })).status, 200);
    }
    // The one write a suspended account keeps: revoking its own key.
    t.is((await app.request('POST', '/v1/me/revoke', { key: keys[2]! })).status, 200);
    t.is((await app.request('GET', '/v1/me', { key: keys[2]! })).status, 401);

    t.is((await admin('restore', 'net_a')).code, 0);
    t.is((await write(keys[0]!)).status, 201);
    t.is((await write(keys[1]!)).status, 403);

    const audit = await admin('audit', '--limit', '50');
    t.is(audit.code, 0);
    const rows = audit.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    const has = (action: string, target: string) => rows.some((r) => r[2] === action && r[3] === target);
    t.true(has('standing_granted', 'net_member'));
    t.true(has('suspend_network', '203.0.113.0/24'));
    for (const n of ['net_a', 'net_b', 'net_c']) t.true(has('suspend', n), n);
    t.true(has('restore', 'net_a'));
    t.true(rows.find((r) => r[2] === 'suspend_network')![4] === 'throwaway ring');
    t.is(rows[0]![2], 'restore', 'newest first');
  },
);
