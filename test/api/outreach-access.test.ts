// Who may use outreach, and what the office says about it, through the real server:
// - a stopped resident reads nothing (403 OUTREACH_RESIDENTS_ONLY) and its writes answer 409
//   RESIDENCY_STOPPED, the rule for every write while stopped (docs/outreach.md, "Who may use it");
// - the office's `outreach.enabled` says whether sending can happen (settings, mode and SMTP_URL);
// - referral links exist only for names that AGENT_NAME accepts.
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { createAccount, setOwner, setResidencyByName } from '../../lib/accounts/admin.ts';
import { startTestApp } from '../helpers/app.ts';
import { SETUP, startOutreachWorld, type OutreachWorld } from '../helpers/outreach.ts';

let w: OutreachWorld;
test.before(async () => {
  w = await startOutreachWorld();
});
test.after.always(async () => {
  await w?.stop();
});

const READS = [
  '/v1/outreach',
  '/v1/outreach/contacts',
  '/v1/outreach/sent',
  '/v1/outreach/channels',
  '/v1/outreach/referrals',
] as const;

test.serial('a stopped resident: every read answers 403 OUTREACH_RESIDENTS_ONLY, every write 409 RESIDENCY_STOPPED', async (t) => {
  await w.setup();
  const resident = await w.resident('stopped_scout');
  const contactId = await w.addContact(resident, 'kim.park@outlet5.test');
  for (const path of READS) t.is((await w.app.request('GET', path, { key: resident.key })).status, 200, `active: ${path}`);

  await setResidencyByName(w.app.deps, resident.name, 'stopped', 'test stop');
  for (const path of READS) {
    const res = await w.app.request('GET', path, { key: resident.key });
    t.is(res.status, 403, path);
    t.is(res.body.error.code, 'OUTREACH_RESIDENTS_ONLY', path);
    t.regex(res.body.error.message, /active residency/, path);
  }
  const writes: Array<[string, unknown]> = [
    ['/v1/outreach/contacts', { email: 'lee.moss@outlet6.test', outlet: 'outlet6.test', beat: 'science', source_url: w.sourceUrl('outlet6.test') }],
    ['/v1/outreach/email', { contact_id: contactId, subject: 'A measured experiment', body: 'x'.repeat(250), experiment_id: resident.experimentId }],
    ['/v1/outreach/post', { channel: 'social', text: 'hello', experiment_id: resident.experimentId }],
  ];
  for (const [path, body] of writes) {
    const res = await w.app.request('POST', path, { key: resident.key, body });
    t.is(res.status, 409, path);
    t.is(res.body.error.code, 'RESIDENCY_STOPPED', path);
  }
  const stored = await w.app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from outreach_messages`);
  t.is(stored, 0, 'nothing was stored');

  await setResidencyByName(w.app.deps, resident.name, 'active', 'test resume');
  for (const path of READS) t.is((await w.app.request('GET', path, { key: resident.key })).status, 200, `resumed: ${path}`);
});

test.serial('the office says outreach is enabled only when sending can happen', async (t) => {
  const office = async () => (await w.app.request('GET', '/api/office')).body.outreach;
  t.deepEqual(await office(), { enabled: true, mode: 'review' });
  await w.app.request('PUT', '/v1/outreach/settings', { key: w.ownerKey, body: { mode: 'off' } });
  t.deepEqual(await office(), { enabled: false, mode: 'off' });
  await w.app.request('PUT', '/v1/outreach/settings', { key: w.ownerKey, body: { mode: 'review' } });

  // Every setting in place but no SMTP_URL: every send answers 503, so the office says disabled.
  const bare = await startTestApp({});
  try {
    const owner = await setOwner(bare.deps, 'owner_bare');
    const put = await bare.request('PUT', '/v1/outreach/settings', { key: owner.apiKey ?? '', body: { ...SETUP, mode: 'auto' } });
    t.deepEqual(put.body.missing, ['SMTP_URL']);
    const pub = await bare.request('GET', '/api/office');
    t.deepEqual(pub.body.outreach, { enabled: false, mode: 'auto' });
    const agent = await bare.register();
    const mine = await bare.request('GET', '/v1/office', { key: agent.key });
    t.deepEqual(mine.body.outreach, { enabled: false, mode: 'auto' });
  } finally {
    await bare.close();
  }
});

test.serial('referral links follow AGENT_NAME: a name it refuses has no link, and nothing is counted', async (t) => {
  await w.app.request('PUT', '/v1/outreach/settings', { key: w.ownerKey, body: { referral_targets: { trade: 'https://trade.example/token' } } });
  // An account whose name AGENT_NAME refuses (2 characters) can exist only through direct creation.
  const short = await createAccount(w.app.deps, 'ab');
  const res = await fetch(`${w.app.url}/r/ab/trade`, { redirect: 'manual' });
  t.is(res.status, 404);
  const clicks = await w.app.db.oneFirst(
    sql.type(z.object({ n: z.number() }))`select count(*)::int as n from referral_clicks where agent_id = ${short.account.id}`,
  );
  t.is(clicks, 0);
  // A name at AGENT_NAME's edge (3 characters) works.
  const three = await createAccount(w.app.deps, 'abc');
  const ok = await fetch(`${w.app.url}/r/abc/trade`, { redirect: 'manual' });
  t.is(ok.status, 302);
  t.is(ok.headers.get('location'), 'https://trade.example/token');
  const counted = await w.app.db.oneFirst(
    sql.type(z.object({ n: z.number() }))`select count(*)::int as n from referral_clicks where agent_id = ${three.account.id}`,
  );
  t.is(counted, 1);
});
