// Who may use outreach, and what the office says about it, through the real server:
// - a stopped resident reads nothing (403 OUTREACH_RESIDENTS_ONLY) and its writes answer 409
//   RESIDENCY_STOPPED, the rule for every write while stopped (docs/outreach.md, "Who may use it");
// - the office's `outreach.enabled` says whether sending can happen (settings, mode and SMTP_URL);
// - referral links exist only for names that AGENT_NAME accepts;
// - the rules live in lib: a caller other than the routes (MCP) gets the same refusals;
// - how contact pages are fetched is the app's (its deps), not a process-wide setting.
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { createAccount, setOwner, setResidencyByName, setResident } from '../../lib/accounts/admin.ts';
import type { AppError } from '../../lib/errors.ts';
import { addContact } from '../../lib/outreach/contacts.ts';
import { listSent, submitEmail } from '../../lib/outreach/emails.ts';
import { followReferral } from '../../lib/outreach/referrals.ts';
import { createAccountsQueries } from '../../sql/queries/accounts.ts';
import { startTestApp } from '../helpers/app.ts';
import { BODY, SETUP, startOutreachWorld, type OutreachWorld } from '../helpers/outreach.ts';

let w: OutreachWorld;
test.before(async () => {
  w = await startOutreachWorld();
});
test.after.always(async () => {
  await w?.stop();
});

const READS = ['/v1/outreach', '/v1/outreach/contacts', '/v1/outreach/sent', '/v1/outreach/channels', '/v1/outreach/referrals'] as const;

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
  t.deepEqual(await office(), { enabled: true, mode: 'review', problems: [] });
  await w.app.request('PUT', '/v1/outreach/settings', { key: w.ownerKey, body: { mode: 'off' } });
  t.deepEqual(await office(), { enabled: false, mode: 'off', problems: [] });
  await w.app.request('PUT', '/v1/outreach/settings', { key: w.ownerKey, body: { mode: 'review' } });

  // Every setting in place but no SMTP_URL: every send answers 503, so the office says disabled.
  const bare = await startTestApp({});
  try {
    const owner = await setOwner(bare.deps, 'owner_bare');
    const put = await bare.request('PUT', '/v1/outreach/settings', { key: owner.apiKey ?? '', body: { ...SETUP, mode: 'auto' } });
    t.deepEqual(put.body.missing, ['SMTP_URL']);
    const pub = await bare.request('GET', '/api/office');
    t.deepEqual(pub.body.outreach, { enabled: false, mode: 'auto', problems: [] });
    const agent = await bare.register();
    const mine = await bare.request('GET', '/v1/office', { key: agent.key });
    t.deepEqual(mine.body.outreach, { enabled: false, mode: 'auto', problems: [] });
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

const accountOf = async (name: string) => {
  const account = await createAccountsQueries(w.app.db).byName(name);
  if (!account) throw new Error(`no account ${name}`);
  return account;
};
const codeOf = async (p: Promise<unknown>) =>
  (
    (await p.then(
      () => null,
      (e: AppError) => e,
    )) as AppError | null
  )?.code ?? 'accepted';

test.serial('the rules live in lib: SECRET_LIKE, residency and AGENT_NAME hold for a caller that is not a route', async (t) => {
  await w.setup({ mode: 'review' });
  const resident = await w.resident('lib_caller');
  const contactId = await w.addContact(resident, 'ivy.lane@outlet7.test');
  const account = await accountOf(resident.name);
  const key = 'AKIAABCDEFGHIJKLMNOP';
  const email = {
    contact_id: contactId,
    subject: 'A measured experiment',
    body: `${BODY} Ref ${key}.`,
    experiment_id: resident.experimentId,
    kind: 'pitch' as const,
  };
  t.is(await codeOf(submitEmail(w.app.deps, account, email)), 'SECRET_LIKE');
  w.published.add('noor.vale@outlet7.test');
  const contact = { email: 'noor.vale@outlet7.test', outlet: 'outlet7.test', beat: `science ${key}`, source_url: w.sourceUrl('outlet7.test') };
  t.is(await codeOf(addContact(w.app.deps, account, contact)), 'SECRET_LIKE');
  const stored = await w.app.db.oneFirst(
    sql.type(z.object({ n: z.number() }))`select count(*)::int as n from outreach_messages where author_id = ${account.id}`,
  );
  t.is(stored, 0, 'nothing was stored');

  // A stopped resident is refused by the lib function itself.
  await setResidencyByName(w.app.deps, resident.name, 'stopped', 'test stop');
  t.is(await codeOf(listSent(w.app.deps, await accountOf(resident.name), { limit: 10 })), 'OUTREACH_RESIDENTS_ONLY');
  await setResidencyByName(w.app.deps, resident.name, 'active', 'test resume');

  // The referral name check is AGENT_NAME's: too short, too long, or with other characters.
  await createAccount(w.app.deps, 'xy');
  for (const name of ['xy', 'a'.repeat(31), 'bad-name']) t.deepEqual(await followReferral(w.app.deps, name, 'trade'), { missing: 'link' }, name);
});

test.serial('contact pages are fetched as the app was given: an app without test options refuses the loopback page', async (t) => {
  // The world's app may read its loopback test pages; another app in the same process may not.
  const plain = await startTestApp({});
  try {
    const agent = await plain.register('plain_fetcher');
    await setResident(plain.deps, agent.name, { desk: 'outreach' });
    w.published.add('ora.finch@outlet8.test');
    const body = { email: 'ora.finch@outlet8.test', outlet: 'outlet8.test', beat: 'science', source_url: w.sourceUrl('outlet8.test') };
    const refused = await plain.request('POST', '/v1/outreach/contacts', { key: agent.key, body });
    t.is(refused.status, 422);
    t.is(refused.body.error.code, 'OUTREACH_SOURCE_UNREADABLE');
    const resident = await w.resident('world_fetcher');
    const accepted = await w.app.request('POST', '/v1/outreach/contacts', { key: resident.key, body });
    t.is(accepted.status, 201);
  } finally {
    await plain.close();
  }
});
