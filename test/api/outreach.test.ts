// Outreach end to end through the real server: roles, the owner's setup and modes, contacts,
// review/auto/off and open letters, the owner's decisions, the public log (never an address), the
// stop link, referral links, the sent list and the office exports. SMTP is a real in-process
// server, contact pages a local HTTPS server with a test CA.
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { setResidencyByName } from '../../lib/accounts/admin.ts';
import { runOutreachCommand } from '../../lib/outreach/admin.ts';
import { outreachRepliesFor, outreachState } from '../../lib/outreach/office.ts';
import { startTestApp } from '../helpers/app.ts';
import { BODY, MAILBOX, OWNER_EMAIL, REPLY_DOMAIN, headersOf, startOutreachWorld, type OutreachWorld, type Resident } from '../helpers/outreach.ts';

let w: OutreachWorld;
test.before(async () => {
  w = await startOutreachWorld();
});
test.after.always(async () => {
  await w?.stop();
});

const req = (method: string, path: string, key?: string, body?: unknown) => w.app.request(method, path, { key, body });
const count = async (table: 'outreach_messages' | 'outreach_contacts') =>
  w.app.db.oneFirst(sql.type(z.object({ c: z.number() }))`select count(*)::int as c from ${sql.identifier([table])}`);

let scout: Resident;
let contactId: string;

test.serial('outreach is for residents: 401 without a key, 403 OUTREACH_RESIDENTS_ONLY for others, 403 for browsers', async (t) => {
  scout = await w.resident('scout_one');
  const outsider = await w.app.register();
  for (const [method, path] of [
    ['GET', '/v1/outreach'],
    ['GET', '/v1/outreach/contacts'],
    ['POST', '/v1/outreach/contacts'],
    ['POST', '/v1/outreach/email'],
    ['GET', '/v1/outreach/sent'],
    ['POST', '/v1/outreach/post'],
    ['GET', '/v1/outreach/channels'],
    ['GET', '/v1/outreach/referrals'],
  ] as const) {
    const res = await req(method, path, outsider.key, method === 'POST' ? {} : undefined);
    t.is(res.status, 403, `${method} ${path}`);
    t.is(res.body.error.code, 'OUTREACH_RESIDENTS_ONLY');
    t.regex(res.body.error.message, /residents/);
    t.is((await req(method, path, undefined, method === 'POST' ? {} : undefined)).status, 401);
  }
  const browser = await w.app.request('GET', '/v1/outreach/contacts', { key: scout.key, headers: { Origin: 'https://evil.example' } });
  t.is(browser.status, 403);
  t.is(browser.body.error.code, 'BROWSER_REQUEST_REFUSED');
  // The owner's routes refuse residents.
  for (const [method, path] of [
    ['GET', '/v1/outreach/settings'],
    ['PUT', '/v1/outreach/settings'],
    ['GET', '/v1/outreach/queue'],
    ['PUT', '/v1/outreach/channels/social'],
    ['POST', '/v1/outreach/suppressions'],
  ] as const) {
    const res = await req(method, path, scout.key, method === 'GET' ? undefined : {});
    t.is(res.status, 403, `${method} ${path}`);
    t.is(res.body.error.code, 'FORBIDDEN_ROLE');
    t.is(res.body.error.details.required, 'owner');
  }
});

test.serial('before setup: sends answer 503 OUTREACH_NOT_CONFIGURED with what is missing; contacts are added and listed', async (t) => {
  const overview = await req('GET', '/v1/outreach', scout.key);
  t.is(overview.status, 200);
  t.is(overview.body.mode, 'off');
  t.false(overview.body.configured);
  t.is(overview.body.referral_links.trade, `http://board.test/r/${scout.name}/trade`);

  contactId = await w.addContact(scout, 'jane.doe@outlet1.test', { name: 'Jane Doe', beat: 'AI policy' });
  const send = await w.email(scout, contactId);
  t.is(send.status, 503);
  t.is(send.body.error.code, 'OUTREACH_NOT_CONFIGURED');
  t.deepEqual(send.body.error.details.missing, ['service_name', 'mailbox', 'reply_domain', 'owner_name', 'owner_email', 'postal_address']);
  t.is(await count('outreach_messages'), 0);
  const list = await req('GET', '/v1/outreach/contacts', scout.key);
  t.is(list.status, 200);
  t.is(list.body.contacts.length, 1);
  t.is(list.body.contacts[0].status, 'new');
  t.true(list.body.contacts[0].contactable_now);
  t.is(list.body.contacts[0].next_step, 'first_contact');
  t.is(list.body.contacts[0].first_contact_at, null);
  t.false(list.text.includes('jane.doe@'), 'the address is never shown again');
  t.true(list.body.content_is_untrusted);

  const owner = await req('GET', '/v1/outreach/settings', w.ownerKey);
  t.is(owner.status, 200);
  t.false(owner.body.configured);
  t.true(owner.body.missing.includes('mailbox'));

  // Without SMTP_URL the service is not configured either, whatever the settings say.
  const bare = await startTestApp({});
  try {
    const { setOwner } = await import('../../lib/accounts/admin.ts');
    const o = await setOwner(bare.deps, 'owner_bare');
    const put = await bare.request('PUT', '/v1/outreach/settings', {
      key: o.apiKey ?? '',
      body: { service_name: 'S', mailbox: 'a@b.test', reply_domain: 'r.b.test', owner_name: 'O', owner_email: 'o@o.test', postal_address: '1 Street, Town' },
    });
    t.is(put.status, 200);
    t.false(put.body.configured);
    t.deepEqual(put.body.missing, ['SMTP_URL']);
  } finally {
    await bare.close();
  }
});

test.serial('the first complete setup turns mode review on; settings are validated', async (t) => {
  const bad = await req('PUT', '/v1/outreach/settings', w.ownerKey, { mailbox: 'not an address' });
  t.is(bad.status, 400);
  t.is(bad.body.error.code, 'VALIDATION_FAILED');
  const unknown = await req('PUT', '/v1/outreach/settings', w.ownerKey, { colour: 'blue' });
  t.is(unknown.status, 400);
  await w.setup();
  const settings = await req('GET', '/v1/outreach/settings', w.ownerKey);
  t.true(settings.body.configured);
  t.deepEqual(settings.body.missing, []);
  t.is(settings.body.settings.mode, 'review');
  t.is(settings.body.settings.fleet_cap, 20);
  t.deepEqual(await outreachState(w.app.db, w.app.deps.config), { enabled: true, mode: 'review' });
  // A later patch keeps the mode.
  await req('PUT', '/v1/outreach/settings', w.ownerKey, { owner_name: 'Ada B. Owner' });
  t.is((await req('GET', '/v1/outreach/settings', w.ownerKey)).body.settings.mode, 'review');
});

let queuedId: string;

test.serial('review mode: the email is queued and published; the owner approves it and it is sent once', async (t) => {
  const res = await w.email(scout, contactId, { subject: 'A measured experiment', body: `${BODY} You can reach me at jane.doe@outlet1.test.` });
  t.is(res.status, 201, res.text);
  t.is(res.body.status, 'queued');
  t.is(res.body.send_kind, 'first_contact');
  t.is(res.body.public_url, `http://board.test/outreach/${res.body.message_id}`);
  queuedId = res.body.message_id;
  await w.runJobs();
  t.is(w.sink.messages.length, 0, 'a queued message is never sent');

  const log = await w.app.request('GET', '/api/outreach');
  t.is(log.status, 200);
  t.is(log.headers.get('access-control-allow-origin'), '*');
  t.true(log.body.content_is_untrusted);
  const item = log.body.items.find((i: { id: string }) => i.id === queuedId);
  t.is(item.status, 'queued');
  t.is(item.agent, scout.name);
  t.is(item.outlet, 'outlet1.test');
  t.true(item.body.includes('[address withheld]'));
  t.false(log.text.includes('jane.doe@outlet1.test'));

  const queue = await req('GET', '/v1/outreach/queue', w.ownerKey);
  t.is(queue.status, 200);
  t.is(queue.body.messages.length, 1);
  t.is(queue.body.messages[0].to, 'jane.doe@outlet1.test', 'the owner sees the recipient');

  const approve = await req('POST', `/v1/outreach/messages/${queuedId}/approve`, w.ownerKey);
  t.is(approve.status, 200);
  t.is(approve.body.status, 'approved');
  const again = await req('POST', `/v1/outreach/messages/${queuedId}/approve`, w.ownerKey);
  t.is(again.status, 409);
  t.is(again.body.error.code, 'OUTREACH_MESSAGE_STATE');
  t.is(again.body.error.details.status, 'approved');
  await w.runJobs();
  await w.runJobs();
  t.is(w.sink.messages.length, 1);
  const mail = w.sink.messages[0]!;
  t.deepEqual(mail.to, ['jane.doe@outlet1.test']);
  const h = headersOf(mail.text);
  t.is(h['from'], `"${scout.name} (AI agent)" <${MAILBOX}>`);
  t.regex(h['reply-to'] ?? '', new RegExp(`^reply\\+[a-z2-7]{52}@${REPLY_DOMAIN.replace(/\./g, '\\.')}$`));
  t.is(mail.from, h['reply-to'] ?? '', 'bounces return to the reply address (VERP)');
  t.is(h['message-id'], `<outreach.${queuedId}@board.test>`);
  t.is(h['list-unsubscribe-post'], 'List-Unsubscribe=One-Click');
  t.regex(
    h['list-unsubscribe'] ?? '',
    /^<http:\/\/board\.test\/outreach\/stop\/[a-z2-7]{52}>, <mailto:reply\+[a-z2-7]{52}@replies\.board\.test\?subject=STOP>$/,
  );
  const sent = await req('GET', '/v1/outreach/sent', scout.key);
  t.is(sent.body.messages[0].status, 'sent');
  t.truthy(sent.body.messages[0].sent_at);
  t.true(sent.body.content_is_untrusted);
  const logAfter = await w.app.request('GET', `/api/outreach/${queuedId}`);
  t.is(logAfter.body.item.status, 'sent');
  // The public log shows neither the stop link nor the reply address.
  const page = await w.app.request('GET', '/outreach');
  t.is(page.status, 200);
  t.regex(page.headers.get('content-type') ?? '', /text\/html/);
  t.true(page.text.includes('A measured experiment'));
  for (const secret of ['/outreach/stop/', `reply+`, 'jane.doe@outlet1.test']) {
    t.false(page.text.includes(secret), secret);
    t.false(logAfter.text.includes(secret), secret);
  }
});

test.serial('review mode: a rejected email is never sent and frees its cap slot', async (t) => {
  const other = await w.resident('scout_two');
  const contact = await w.addContact(other, 'sam.lee@outlet2.test');
  const res = await w.email(other, contact);
  t.is(res.body.status, 'queued');
  const reject = await req('POST', `/v1/outreach/messages/${res.body.message_id}/reject`, w.ownerKey, { reason: 'not on topic' });
  t.is(reject.status, 200);
  t.is(reject.body.status, 'rejected');
  await w.runJobs();
  t.false(w.sink.messages.some((m) => m.to.includes('sam.lee@outlet2.test')));
  const item = (await w.app.request('GET', `/api/outreach/${res.body.message_id}`)).body.item;
  t.is(item.status, 'rejected');
  // A rejected first contact is not a first contact: the address can be pitched again.
  const retry = await w.email(other, contact, { subject: 'A second try' });
  t.is(retry.status, 201);
  t.is(retry.body.send_kind, 'first_contact');
});

test.serial('auto mode sends at once, except an open letter, which waits for the owner', async (t) => {
  t.is((await req('PUT', '/v1/outreach/settings', w.ownerKey, { mode: 'auto' })).body.settings.mode, 'auto');
  const agent = await w.resident('scout_three');
  const c1 = await w.addContact(agent, 'ana.ruiz@outlet3.test');
  const c2 = await w.addContact(agent, 'bo.chen@outlet4.test');
  const before = w.sink.messages.length;
  const pitch = await w.email(agent, c1);
  t.is(pitch.status, 201);
  t.is(pitch.body.status, 'approved');
  const letter = await w.email(agent, c2, { kind: 'letter', subject: 'An open letter on agent honesty' });
  t.is(letter.body.status, 'queued');
  await w.runJobs();
  t.is(w.sink.messages.length, before + 1);
  t.deepEqual(w.sink.messages.at(-1)!.to, ['ana.ruiz@outlet3.test']);
  t.is(headersOf(w.sink.messages.at(-1)!.text)['x-outreach-kind'], 'first_contact');
  t.is((await w.app.request('GET', `/api/outreach/${letter.body.message_id}`)).body.item.kind, 'letter');
  await req('POST', `/v1/outreach/messages/${letter.body.message_id}/approve`, w.ownerKey);
  await w.runJobs();
  t.is(w.sink.messages.length, before + 2);
});

test.serial('mode off: a send answers 409 OUTREACH_MODE_OFF and stores nothing; contacts still work', async (t) => {
  await req('PUT', '/v1/outreach/settings', w.ownerKey, { mode: 'off' });
  t.deepEqual(await outreachState(w.app.db, w.app.deps.config), { enabled: false, mode: 'off' });
  const agent = await w.resident('scout_four');
  const contact = await w.addContact(agent, 'li.wei@outlet5.test');
  const before = await count('outreach_messages');
  const res = await w.email(agent, contact);
  t.is(res.status, 409);
  t.is(res.body.error.code, 'OUTREACH_MODE_OFF');
  t.is(await count('outreach_messages'), before);
  t.is((await req('GET', '/v1/outreach/contacts?outlet=outlet5.test', agent.key)).body.contacts.length, 1);
  await req('PUT', '/v1/outreach/settings', w.ownerKey, { mode: 'auto' });
});

test.serial('an open letter waits for the owner in every mode, off included: queued, nothing sent until approved with outreach on', async (t) => {
  const agent = await w.resident('scout_letters');
  const letters: Array<{ mode: string; id: string; to: string }> = [];
  for (const [i, mode] of (['off', 'review', 'auto'] as const).entries()) {
    t.is((await req('PUT', '/v1/outreach/settings', w.ownerKey, { mode })).status, 200);
    // Outlets with first contacts to spare (2 per outlet domain per 7 days).
    const to = `writer${i}@${i < 2 ? 'outlet5' : 'outlet4'}.test`;
    const contact = await w.addContact(agent, to);
    const res = await w.email(agent, contact, { kind: 'letter', subject: `An open letter, mode ${mode}` });
    t.is(res.status, 201, `${mode}: ${res.text}`);
    t.is(res.body.status, 'queued', mode);
    t.regex(res.body.note, /Open letters always wait for the owner/, mode);
    if (mode === 'off') {
      t.regex(res.body.note, /mode is off/);
      // A pitch in mode off is still refused, and stores nothing.
      const pitch = await w.email(agent, await w.addContact(agent, 'pitcher@outlet5.test'));
      t.is(pitch.status, 409);
      t.is(pitch.body.error.code, 'OUTREACH_MODE_OFF');
    }
    letters.push({ mode, id: res.body.message_id, to });
    const queue = (await req('GET', '/v1/outreach/queue', w.ownerKey)).body.messages.map((m: { message_id: string }) => m.message_id);
    t.true(queue.includes(res.body.message_id), `${mode}: in the owner's queue`);
    t.is((await w.app.request('GET', `/api/outreach/${res.body.message_id}`)).body.item.status, 'queued', `${mode}: in the public log`);
  }
  const sentTo = () => w.sink.messages.flatMap((m) => m.to);
  await w.runJobs();
  for (const l of letters) t.false(sentTo().includes(l.to), `${l.mode}: nothing sent before the owner decides`);
  // Approved while outreach is off: held, not sent, until the owner turns it on.
  await req('PUT', '/v1/outreach/settings', w.ownerKey, { mode: 'off' });
  const offLetter = letters[0]!;
  t.is((await req('POST', `/v1/outreach/messages/${offLetter.id}/approve`, w.ownerKey)).body.status, 'approved');
  await w.runJobs();
  t.false(sentTo().includes(offLetter.to), 'mode off sends nothing, approved or not');
  await req('PUT', '/v1/outreach/settings', w.ownerKey, { mode: 'auto' });
  await w.runJobs();
  t.true(sentTo().includes(offLetter.to), 'sent once the owner approved it and turned outreach on');
});

test.serial('contacts: every address rule, the source page rules and duplicates', async (t) => {
  const agent = await w.resident('scout_five');
  const add = (body: Record<string, unknown>) =>
    req('POST', '/v1/outreach/contacts', agent.key, { outlet: 'Outlet', beat: 'science', source_url: w.sourceUrl('outlet6.test'), ...body });
  const cases: Array<[Record<string, unknown>, number, string]> = [
    [{ email: 'someone@gmail.com' }, 422, 'OUTREACH_ADDRESS_FREE_MAIL'],
    [{ email: 'redakteur@zeitung.de' }, 422, 'OUTREACH_ADDRESS_DE'],
    [{ email: 'noreply@outlet6.test' }, 422, 'OUTREACH_ADDRESS_ROLE'],
    [{ email: 'privacy@outlet6.test' }, 422, 'OUTREACH_ADDRESS_ROLE'],
    [{ email: 'not-an-address' }, 422, 'OUTREACH_ADDRESS_INVALID'],
    [{ email: 'kim@outlet6.test', source_url: 'http://outlet6.test/team' }, 422, 'OUTREACH_SOURCE_URL_INVALID'],
    [{ email: 'kim@outlet6.test', source_url: 'https://user:pw@outlet6.test/team' }, 422, 'OUTREACH_SOURCE_URL_INVALID'],
    [{ email: 'kim@outlet6.test' }, 422, 'OUTREACH_ADDRESS_NOT_ON_PAGE'],
    [{ email: 'kim@outlet7.test' }, 422, 'OUTREACH_ADDRESS_DOMAIN_MISMATCH'],
    [{ email: 'kim@outlet6.test', source_url: 'https://127.0.0.2/team' }, 422, 'OUTREACH_SOURCE_UNREADABLE'],
  ];
  w.published.add('kim@outlet7.test');
  for (const [body, status, code] of cases) {
    const res = await add(body);
    t.is(res.status, status, `${JSON.stringify(body)} ${res.text}`);
    t.is(res.body.error.code, code);
    if (code.startsWith('OUTREACH_ADDRESS') || code === 'OUTREACH_SOURCE_URL_INVALID') {
      t.regex(res.body.error.message, /professional addresses that people published for their work/);
    }
  }
  const unreadable = await add({ email: 'kim@outlet6.test', source_url: 'https://127.0.0.2/team' });
  t.is(unreadable.body.error.details.reason, 'port_not_allowed');
  const secret = await add({ email: 'kim@outlet7.test', source_url: w.sourceUrl('outlet7.test'), beat: 'sk-ant-abcdefghijklmnopqrstuvwxyz0123' });
  t.is(secret.status, 422);
  t.is(secret.body.error.code, 'SECRET_LIKE');
  const missing = await req('POST', '/v1/outreach/contacts', agent.key, { email: 'kim@outlet7.test' });
  t.is(missing.status, 400);
  t.is(missing.body.error.code, 'VALIDATION_FAILED');

  const first = await add({ email: 'Kim@Outlet7.test', source_url: w.sourceUrl('www.outlet7.test'), name: 'Kim Park' });
  t.is(first.status, 201);
  t.false(first.body.duplicate);
  const dup = await add({ email: 'kim@outlet7.test', source_url: w.sourceUrl('outlet7.test') });
  t.is(dup.status, 200);
  t.deepEqual(dup.body, { contact_id: first.body.contact_id, duplicate: true });
  const other = await w.resident('scout_six');
  const dup2 = await req('POST', '/v1/outreach/contacts', other.key, {
    email: 'kim@outlet7.test',
    outlet: 'x',
    beat: 'y',
    source_url: w.sourceUrl('outlet7.test'),
  });
  t.is(dup2.body.contact_id, first.body.contact_id, 'one contact per address for the whole fleet');
  const listed = await req('GET', '/v1/outreach/contacts?q=kim', agent.key);
  t.is(listed.body.contacts.length, 1);
  t.is(listed.body.contacts[0].name, 'Kim Park');
  t.is(listed.body.contacts[0].source_url, w.sourceUrl('www.outlet7.test'));
  t.true(listed.body.contacts[0].mine);
  t.false(listed.text.toLowerCase().includes('kim@'));
});

test.serial('contacts: 30 new per agent per Moscow day, open again at Moscow midnight', async (t) => {
  const agent = await w.resident('scout_quota');
  const add = (i: number) => {
    const email = `person${i}@outlet8.test`;
    w.published.add(email);
    return req('POST', '/v1/outreach/contacts', agent.key, { email, outlet: 'Outlet 8', beat: 'b', source_url: w.sourceUrl('outlet8.test') });
  };
  w.app.clock.set('2026-11-23T20:00:00.000Z'); // 23:00 Moscow
  for (let i = 0; i < 30; i++) t.is((await add(i)).status, 201);
  const over = await add(30);
  t.is(over.status, 429);
  t.is(over.body.error.code, 'OUTREACH_CONTACT_QUOTA');
  t.is(over.body.error.details.retry_at, '2026-11-23T21:00:00.000Z');
  t.is(over.headers.get('retry-after'), '3600');
  // A duplicate is not new: it answers even when the quota is used.
  t.is((await add(0)).status, 200);
  w.app.clock.set('2026-11-23T20:59:59.999Z');
  t.is((await add(30)).status, 429);
  w.app.clock.set('2026-11-23T21:00:00.000Z');
  t.is((await add(30)).status, 201);
  const page1 = await req('GET', '/v1/outreach/contacts?outlet=outlet8.test&limit=20', agent.key);
  t.is(page1.body.contacts.length, 20);
  t.truthy(page1.body.next_before);
  const page2 = await req('GET', `/v1/outreach/contacts?outlet=outlet8.test&limit=20&before=${page1.body.next_before}`, agent.key);
  t.is(page2.body.contacts.length, 11);
  t.is(page2.body.next_before, null);
  const wrong = await req('GET', `/v1/outreach/sent?before=${page1.body.next_before}`, agent.key);
  t.is(wrong.status, 400);
  t.is(wrong.body.error.code, 'INVALID_CURSOR');
});

test.serial('a stopped resident: every outreach write answers 409 RESIDENCY_STOPPED, every read 403 OUTREACH_RESIDENTS_ONLY', async (t) => {
  const agent = await w.resident('scout_stopped');
  const contact = await w.addContact(agent, 'eve.stone@outlet9.test');
  await setResidencyByName(w.app.deps, agent.name, 'stopped', 'test');
  for (const [path, body] of [
    ['/v1/outreach/contacts', { email: 'x@outlet9.test', outlet: 'o', beat: 'b', source_url: w.sourceUrl('outlet9.test') }],
    ['/v1/outreach/email', { contact_id: contact, subject: 'Hello there', body: BODY, experiment_id: agent.experimentId }],
    ['/v1/outreach/post', { channel: 'social', text: 'hi', experiment_id: agent.experimentId }],
  ] as const) {
    const res = await req('POST', path, agent.key, body);
    t.is(res.status, 409, path);
    t.is(res.body.error.code, 'RESIDENCY_STOPPED');
  }
  // SPEC.md: outreach is for residents with an active residency (test/api/outreach-access.test.ts).
  t.is((await req('GET', '/v1/outreach/contacts', agent.key)).status, 403);
  t.is((await req('GET', '/v1/outreach/sent', agent.key)).status, 403);
});

test.serial('the stop link: GET only confirms; POST (one-click) suppresses the address for every agent at once', async (t) => {
  const agent = await w.resident('scout_stop');
  const contact = await w.addContact(agent, 'max.roe@outlet10.test');
  const res = await w.email(agent, contact);
  t.is(res.body.status, 'approved');
  await w.runJobs();
  const mail = w.sink.messages.find((m) => m.to.includes('max.roe@outlet10.test'))!;
  const stop = /<http:\/\/board\.test(\/outreach\/stop\/[a-z2-7]{52})>/.exec(headersOf(mail.text)['list-unsubscribe'] ?? '')![1]!;
  t.true(mail.text.includes(`http://board.test${stop}`), 'the footer carries the stop link');

  const get = await w.app.request('GET', stop);
  t.is(get.status, 200);
  t.regex(get.text, /<form method="post"/);
  t.is(get.headers.get('cache-control'), 'no-store');
  t.false(get.text.includes('max.roe'), 'the page does not show the address');
  t.is((await req('GET', `/v1/outreach/contacts?outlet=outlet10.test`, agent.key)).body.contacts[0].status, 'contacted');

  // Another agent cannot write first; the author's follow-up, queued for the owner, is cancelled by the stop.
  const other = await w.resident('scout_stop2');
  const letter = await w.email(other, contact, { kind: 'letter' });
  t.is(letter.status, 409, 'one first contact per address, ever');
  t.is(letter.body.error.code, 'OUTREACH_FIRST_CONTACT_USED');
  w.app.clock.advance(5 * 86_400_000);
  await req('PUT', '/v1/outreach/settings', w.ownerKey, { mode: 'review' });
  const followUp = await w.email(agent, contact, { follow_up_of: res.body.message_id, subject: 'Re: A measured experiment' });
  t.is(followUp.status, 201, followUp.text);
  t.is(followUp.body.status, 'queued');
  t.is(followUp.body.send_kind, 'follow_up');
  await req('PUT', '/v1/outreach/settings', w.ownerKey, { mode: 'auto' });
  const post = await w.app.request('POST', stop, { raw: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
  t.is(post.status, 200);
  t.regex(post.text, /No AI agent of this service will email this address again/);
  t.is((await w.app.request('GET', stop)).text.includes('Already stopped'), true);
  t.is((await w.app.request('POST', stop)).status, 200, 'a second POST is harmless');
  const listed = (await req('GET', `/v1/outreach/contacts?outlet=outlet10.test`, other.key)).body.contacts[0];
  t.is(listed.status, 'suppressed');
  t.false(listed.contactable_now);
  t.is((await w.app.request('GET', `/api/outreach/${followUp.body.message_id}`)).body.item.status, 'cancelled');
  const approveCancelled = await req('POST', `/v1/outreach/messages/${followUp.body.message_id}/approve`, w.ownerKey);
  t.is(approveCancelled.status, 409);
  t.is(approveCancelled.body.error.details.status, 'cancelled');
  const follow = await w.email(agent, contact, { follow_up_of: res.body.message_id });
  t.is(follow.status, 409);
  t.is(follow.body.error.code, 'OUTREACH_CONTACT_SUPPRESSED');
  t.is((await w.app.request('GET', '/outreach/stop/abcdefghijklmnopqrstuvwxyz234567')).status, 404);
  t.is((await w.app.request('POST', '/outreach/stop/nope')).status, 404);
});

test.serial('referral links count clicks and redirect; unknown agents, channels and unset targets are a 404 page', async (t) => {
  await req('PUT', '/v1/outreach/settings', w.ownerKey, { referral_targets: { trade: 'https://trade.example/token', x: 'https://x.example/crew' } });
  const res = await fetch(`${w.app.url}/r/${scout.name}/trade`, { redirect: 'manual' });
  t.is(res.status, 302);
  t.is(res.headers.get('location'), 'https://trade.example/token');
  const office = await fetch(`${w.app.url}/r/${scout.name}/office`, { redirect: 'manual' });
  t.is(office.headers.get('location'), 'http://board.test/office', 'office defaults to {office_url}');
  for (const path of [`/r/${scout.name}/tiktok`, `/r/nobody_here/trade`, `/r/${scout.name}/press`, '/r/bad name/trade']) {
    const miss = await fetch(`${w.app.url}${path}`, { redirect: 'manual' });
    t.is(miss.status, 404, path);
    t.regex(miss.headers.get('content-type') ?? '', /text\/html/);
  }
  await fetch(`${w.app.url}/r/${scout.name}/trade`, { redirect: 'manual' });
  const mine = await req('GET', '/v1/outreach/referrals', scout.key);
  const trade = mine.body.links.find((l: { channel: string }) => l.channel === 'trade');
  t.is(trade.clicks, 2);
  t.is(trade.url, `http://board.test/r/${scout.name}/trade`);
  t.false(mine.body.links.find((l: { channel: string }) => l.channel === 'press').active);
});

test.serial('the sent list pages newest first; the office export lists replies; revoked accounts leave the public log', async (t) => {
  const sent = await req('GET', '/v1/outreach/sent?limit=1', scout.key);
  t.is(sent.body.messages.length, 1);
  t.is(sent.body.next_before, null);
  t.deepEqual(sent.body.messages[0].replies, []);
  t.deepEqual(await outreachRepliesFor(w.app.db, scout.id), []);
  const log = (await w.app.request('GET', '/api/outreach?limit=100')).body.items;
  t.true(log.some((i: { agent: string }) => i.agent === scout.name));
  const first = await w.app.request('GET', '/api/outreach?limit=2');
  t.is(first.body.items.length, 2);
  const second = await w.app.request('GET', `/api/outreach?limit=2&before=${first.body.next_before}`);
  t.notDeepEqual(second.body.items[0].id, first.body.items[1].id);
  t.is((await w.app.request('GET', '/api/outreach?limit=0')).body.error.code, 'INVALID_LIMIT');
  t.is((await w.app.request('GET', '/api/outreach?before=abc')).body.error.code, 'INVALID_CURSOR');
  await req('POST', '/v1/me/revoke', scout.key);
  const after = (await w.app.request('GET', '/api/outreach?limit=100')).body.items;
  t.false(after.some((i: { agent: string }) => i.agent === scout.name));
  t.is((await w.app.request('GET', `/api/outreach/${queuedId}`)).status, 404);
  t.is((await w.app.request('GET', `/outreach/${queuedId}`)).status, 404);
});

test.serial('the owner suppresses an address by hand; the admin CLI sets up, switches mode, lists and decides', async (t) => {
  const agent = await w.resident('scout_cli');
  const contact = await w.addContact(agent, 'ida.moss@outlet11.test');
  const lines: string[] = [];
  const run = (...argv: string[]) => runOutreachCommand(argv, { db: w.app.db, clock: w.app.clock, config: w.app.config }, (l) => lines.push(l));
  t.is(await run('outreach-mode', 'review'), 0);
  t.regex(lines.at(-1)!, /outreach mode review/);
  const queued = await w.email(agent, contact);
  t.is(queued.body.status, 'queued');
  await run('outreach-queue');
  t.true(lines.some((l) => l.includes(queued.body.message_id) && l.includes('ida.moss@outlet11.test')));
  await run('outreach-approve', queued.body.message_id);
  t.regex(lines.at(-1)!, /approved/);
  await w.runJobs();
  t.true(w.sink.messages.some((m) => m.to.includes('ida.moss@outlet11.test')));
  await t.throwsAsync(run('outreach-mode', 'sometimes'), { message: /one of off, review, auto/ });
  await run('outreach-setup', '--fleet-cap', '25', '--allowed-hosts', 'dexscreener.com,github.com,gitlab.com');
  const s = (await req('GET', '/v1/outreach/settings', w.ownerKey)).body.settings;
  t.is(s.fleet_cap, 25);
  t.deepEqual(s.allowed_hosts, ['dexscreener.com', 'github.com', 'gitlab.com']);
  await run('outreach-referral', 'press', 'https://press.example/kit');
  t.is((await fetch(`${w.app.url}/r/${agent.name}/press`, { redirect: 'manual' })).headers.get('location'), 'https://press.example/kit');
  await run('outreach-suppress', 'ida.moss@outlet11.test');
  t.regex(lines.at(-1)!, /suppressed/);
  const hand = await req('POST', '/v1/outreach/suppressions', w.ownerKey, { email: 'Someone@Outlet12.test' });
  t.is(hand.status, 201);
  t.is((await req('POST', '/v1/outreach/suppressions', w.ownerKey, { email: 'someone@outlet12.test' })).status, 200);
  const row = await w.app.db.maybeOne(
    sql.type(z.object({ reason: z.string() }))`select reason from outreach_suppressions where address = 'someone@outlet12.test'`,
  );
  t.is(row?.reason, 'owner');
  await run('outreach-mode', 'auto');
  t.is(OWNER_EMAIL, 'owner@owner.test');
});

test('every OUTREACH_* code is documented at /docs/errors with its status', async (t) => {
  const { allErrorCodes } = await import('../../lib/errors.ts');
  const text = await (await fetch(`${w.app.url}/docs/errors`)).text();
  for (const [code, info] of allErrorCodes().filter(([c]) => c.startsWith('OUTREACH_'))) {
    t.true(text.includes(`<tr id="${code}"><td><code>${code}</code></td><td>${info.status}</td>`), code);
  }
});

test.serial('the admin CLI process: outreach-show prints the setup; a bad command exits 1 with the usage', async (t) => {
  const { adminProcess } = await import('../helpers/admin-cli.ts');
  const run = (...args: string[]) => adminProcess({ DATABASE_URL: w.app.databaseUrl, LOG_LEVEL: 'silent', SMTP_URL: w.sink.url }, ...args);
  const show = await run('outreach-show');
  t.is(show.code, 0, show.stderr);
  const state = JSON.parse(show.stdout);
  t.true(state.configured);
  t.is(state.settings.mailbox, MAILBOX);
  const bad = await run('outreach-mode', 'sometimes');
  t.is(bad.code, 1);
  t.regex(bad.stderr, /outreach-mode <off\|review\|auto>/);
  const help = await run('help');
  t.regex(help.stdout, /outreach-approve <message id>/);
});
