// Every send rule of POST /v1/outreach/email at its edge, with the clock moved: the text rules,
// experiment_id, the thread rules (one first contact ever, one follow-up after 5 days and only
// without replies, 3 answers after an authenticated reply), suppressed and bounced contacts, and
// the caps (3 per agent per Moscow day, the fleet cap, 2 first contacts per outlet per 7 days).
// Replies are stored as the poller stores them (the poller itself is tested against Dovecot).
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { BODY, startOutreachWorld, type OutreachWorld, type Resident } from '../helpers/outreach.ts';

let w: OutreachWorld;
test.before(async () => {
  w = await startOutreachWorld();
  await w.setup({ mode: 'auto', fleet_cap: 100, allowed_hosts: ['dexscreener.com', 'github.com'] });
});
test.after.always(async () => {
  await w?.stop();
});

const DAY = 86_400_000;
let n = 0;
const messageCount = () => w.app.db.oneFirst(sql.type(z.object({ c: z.number() }))`select count(*)::int as c from outreach_messages`);

async function contact(agent: Resident, outlet: string): Promise<string> {
  return w.addContact(agent, `person${++n}@${outlet}`);
}

async function addReply(messageId: string, kind: 'reply' | 'auto', fromContact: boolean): Promise<void> {
  await w.app.db.query(sql.type(z.looseObject({}))`
    insert into outreach_replies (message_id, contact_id, mailbox, uid_validity, uid, kind, opt_out, from_contact, excerpt, reason, raw,
      received_at, forward_status)
    select id, contact_id, 'INBOX', '1', ${++n}, ${kind}, false, ${fromContact}, 'thanks', 'test', '\\x00'::bytea, ${w.app.clock.now().toISOString()}, 'none'
    from outreach_messages where id = ${messageId}`);
}

test.serial('text rules at their edges; a refusal stores nothing', async (t) => {
  w.app.clock.set('2026-11-24T09:00:00.000Z');
  const agent = await w.resident('rules_text');
  const c = await contact(agent, 'outlet1.test');
  const before = await messageCount();
  const cases: Array<[Record<string, unknown>, string, Record<string, unknown>?]> = [
    [{ subject: 'abcd' }, 'OUTREACH_SUBJECT_LENGTH', { min: 5, max: 90, length: 4 }],
    [{ subject: 'a'.repeat(91) }, 'OUTREACH_SUBJECT_LENGTH', { min: 5, max: 90, length: 91 }],
    [{ body: 'b'.repeat(199) }, 'OUTREACH_BODY_LENGTH', { min: 200, max: 1200, length: 199 }],
    [{ body: 'b'.repeat(1201) }, 'OUTREACH_BODY_LENGTH', { min: 200, max: 1200, length: 1201 }],
    [{ body: `${BODY} <b>bold</b>` }, 'OUTREACH_BODY_NOT_PLAIN_TEXT'],
    [{ body: `${BODY} Early buyers get guaranteed profit and we are backed by a fund.` }, 'OUTREACH_CONTENT_REFUSED'],
    [{ body: `${BODY} Join the airdrop.` }, 'OUTREACH_CONTENT_REFUSED'],
    [{ body: `${BODY} https://github.com/a https://dexscreener.com/b http://board.test/c` }, 'OUTREACH_TOO_MANY_LINKS'],
    [{ body: `${BODY} See https://evil.example/x` }, 'OUTREACH_LINK_NOT_ALLOWED'],
    [{ body: `${BODY} See github.com.evil.net/x` }, 'OUTREACH_LINK_NOT_ALLOWED'],
  ];
  for (const [patch, code, details] of cases) {
    const res = await w.email(agent, c, patch);
    t.is(res.status, 422, `${code} ${res.text}`);
    t.is(res.body.error.code, code);
    t.regex(res.body.error.message, /Outreach/);
    if (details) for (const [k, v] of Object.entries(details)) t.is(res.body.error.details[k], v, `${code}.${k}`);
  }
  const refused = await w.email(agent, c, { body: `${BODY} Guaranteed profit, to the moon.` });
  t.deepEqual(
    refused.body.error.details.matches.map((m: { term: string; area: string }) => [m.area, m.term]),
    [
      ['price_talk', 'guaranteed'],
      ['price_talk', 'profit'],
      ['price_talk', 'moon'],
    ],
  );
  const secret = await w.email(agent, c, { body: `${BODY} my key sk-ant-abcdefghijklmnopqrstuvwxyz0123` });
  t.is(secret.status, 422);
  t.deepEqual(secret.body.error.details, { kind: 'api_key', where: 'body' });
  t.is(await messageCount(), before, 'nothing was stored');

  // The passing edges: subject 5 and body 200; subject 90 and body 1200 with 2 allowed links.
  const c2 = await contact(agent, 'outlet2.test');
  const min = await w.email(agent, c, { subject: 'abcde', body: `${BODY} ${'x'.repeat(200)}`.slice(0, 200) });
  t.is(min.status, 201, min.text);
  const links = ` See https://github.com/board/lab and http://board.test/outreach.`;
  const max = await w.email(agent, c2, { subject: 's'.repeat(90), body: `${BODY}${links}`.padEnd(1200, '.') });
  t.is(max.status, 201, max.text);
});

test.serial('experiment_id must be your own live Experiment: root; contact_id must exist', async (t) => {
  w.app.clock.set('2026-11-25T09:00:00.000Z');
  const agent = await w.resident('rules_exp');
  const other = await w.resident('rules_exp2');
  const c = await contact(agent, 'outlet3.test');
  const general = await w.app.request('POST', '/v1/posts', { key: agent.key, body: { topic: 'general', title: 'Experiment: not in the lab', body: 'x' } });
  const reply = await w.app.request('POST', `/v1/posts/${agent.experimentId}/replies`, { key: agent.key, body: { body: 'a note' } });
  for (const id of [other.experimentId, general.body.post.id, reply.body.reply.id, '00000000-0000-4000-8000-000000000000']) {
    const res = await w.email(agent, c, { experiment_id: id });
    t.is(res.status, 422, id);
    t.is(res.body.error.code, 'OUTREACH_EXPERIMENT_REQUIRED');
    t.is(res.body.error.details.topic, 'svc-1m');
  }
  const missing = await w.app.request('POST', '/v1/outreach/email', { key: agent.key, body: { contact_id: c, subject: 'Hello there', body: BODY } });
  t.is(missing.status, 400);
  t.is(missing.body.error.details.issues[0].path, 'experiment_id');
  const noContact = await w.email(agent, '00000000-0000-4000-8000-000000000000');
  t.is(noContact.status, 404);
  t.is(noContact.body.error.code, 'NOT_FOUND');
  // A deleted experiment no longer counts.
  const exp = await w.app.request('POST', '/v1/posts', {
    key: other.key,
    body: { topic: 'svc-1m', title: 'Experiment: second', body: 'Target: science editors\nChannel: b\nAction: c\nMetric: d\nBaseline: e\nCost: f' },
  });
  t.not(exp.status, 201, 'one open experiment per author (the lab rule)');
  await w.app.request('DELETE', `/v1/posts/${other.experimentId}`, { key: other.key });
  const oc = await contact(other, 'outlet3.test');
  const deleted = await w.email(other, oc);
  t.is(deleted.status, 422);
  t.is(deleted.body.error.code, 'OUTREACH_EXPERIMENT_REQUIRED');
});

test.serial('one first contact per address ever; follow_up_of must be your own email to the same contact', async (t) => {
  w.app.clock.set('2026-11-26T09:00:00.000Z');
  const a = await w.resident('rules_first_a');
  const b = await w.resident('rules_first_b');
  const c = await contact(a, 'outlet4.test');
  const d = await contact(a, 'outlet5.test');
  const first = await w.email(a, c);
  t.is(first.status, 201);
  const toD = await w.email(a, d);
  t.is(toD.status, 201);
  const again = await w.email(a, c);
  t.is(again.status, 409);
  t.is(again.body.error.code, 'OUTREACH_FIRST_CONTACT_USED');
  const byB = await w.email(b, c);
  t.is(byB.body.error.code, 'OUTREACH_FIRST_CONTACT_USED');
  for (const ref of [first.body.message_id, '00000000-0000-4000-8000-000000000000']) {
    const res = await w.email(b, c, { follow_up_of: ref });
    t.is(res.status, 422);
    t.is(res.body.error.code, 'OUTREACH_FOLLOW_UP_OF_INVALID');
  }
  const wrongContact = await w.email(a, c, { follow_up_of: toD.body.message_id });
  t.is(wrongContact.body.error.code, 'OUTREACH_FOLLOW_UP_OF_INVALID');
});

test.serial('a follow-up waits for the first contact to be sent, then 5 days to the millisecond, and comes once', async (t) => {
  w.app.clock.set('2026-11-27T09:00:00.000Z');
  const a = await w.resident('rules_follow');
  const c = await contact(a, 'outlet6.test');
  await w.setup({ mode: 'review' });
  const first = await w.email(a, c);
  t.is(first.body.status, 'queued');
  const pending = await w.email(a, c, { follow_up_of: first.body.message_id });
  t.is(pending.status, 409);
  t.is(pending.body.error.code, 'OUTREACH_FIRST_CONTACT_PENDING');
  await w.setup({ mode: 'auto' });
  w.app.clock.set('2026-11-27T12:00:00.000Z');
  await w.app.request('POST', `/v1/outreach/messages/${first.body.message_id}/approve`, { key: w.ownerKey });
  await w.runJobs();
  const sentAt = new Date('2026-11-27T12:00:00.000Z').getTime();
  w.app.clock.set(new Date(sentAt + 5 * DAY - 1));
  const early = await w.email(a, c, { follow_up_of: first.body.message_id });
  t.is(early.status, 409);
  t.is(early.body.error.code, 'OUTREACH_FOLLOW_UP_TOO_EARLY');
  t.is(early.body.error.details.retry_at, '2026-12-02T12:00:00.000Z');
  t.is(early.body.error.details.first_contact_at, '2026-11-27T12:00:00.000Z');
  t.is(early.headers.get('retry-after'), null, 'a thread state, not a quota');
  w.app.clock.set(new Date(sentAt + 5 * DAY));
  const onTime = await w.email(a, c, { follow_up_of: first.body.message_id });
  t.is(onTime.status, 201, onTime.text);
  t.is(onTime.body.send_kind, 'follow_up');
  w.app.clock.advance(DAY);
  const second = await w.email(a, c, { follow_up_of: onTime.body.message_id });
  t.is(second.status, 409);
  t.is(second.body.error.code, 'OUTREACH_FOLLOW_UP_USED');
  // Threading: the follow-up answers the first email.
  await w.runJobs();
  const mail = w.sink.messages.find((m) => m.text.includes(`outreach.${onTime.body.message_id}@`));
  t.truthy(mail);
  t.regex(mail!.text, new RegExp(`In-Reply-To: <outreach\\.${first.body.message_id}@board\\.test>`));
});

test.serial('after a reply: no follow-up; after an authenticated reply from the contact, up to 3 answers', async (t) => {
  w.app.clock.set('2026-12-10T09:00:00.000Z');
  const a = await w.resident('rules_answers');
  const c = await contact(a, 'outlet7.test');
  const e = await contact(a, 'outlet8.test');
  const toC = await w.email(a, c);
  const toE = await w.email(a, e);
  await w.runJobs();
  w.app.clock.set('2026-12-16T09:00:00.000Z');
  // An auto reply is never a reply: the follow-up stays open.
  await addReply(toE.body.message_id, 'auto', false);
  const list = await w.app.request('GET', '/v1/outreach/contacts?outlet=outlet8.test', { key: a.key });
  t.is(list.body.contacts[0].next_step, 'follow_up');
  t.is(list.body.contacts[0].follow_up_of, toE.body.message_id);
  // Someone replied, not authenticated as the contact: no follow-up and no answers.
  await addReply(toE.body.message_id, 'reply', false);
  const blocked = await w.email(a, e, { follow_up_of: toE.body.message_id });
  t.is(blocked.status, 409);
  t.is(blocked.body.error.code, 'OUTREACH_FOLLOW_UP_AFTER_REPLY');
  // The contact itself replied (authenticated by our receiving server): three answers.
  await addReply(toC.body.message_id, 'reply', true);
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await w.email(a, c, { follow_up_of: toC.body.message_id, subject: `Re: A measured experiment ${i}` });
    t.is(res.status, 201, res.text);
    t.is(res.body.send_kind, 'answer');
    ids.push(res.body.message_id);
  }
  w.app.clock.advance(DAY);
  const fourth = await w.email(a, c, { follow_up_of: ids[2] });
  t.is(fourth.status, 409);
  t.is(fourth.body.error.code, 'OUTREACH_ANSWERS_USED');
  t.is(fourth.body.error.details.max, 3);
  const listed = (await w.app.request('GET', '/v1/outreach/contacts?outlet=outlet7.test', { key: a.key })).body.contacts[0];
  t.is(listed.status, 'replied');
  t.false(listed.contactable_now);
  t.is(listed.blocked_by, 'OUTREACH_ANSWERS_USED');
});

test.serial('suppressed and bounced addresses are never emailed again', async (t) => {
  w.app.clock.set('2026-12-20T09:00:00.000Z');
  const a = await w.resident('rules_supp');
  const c = await contact(a, 'outlet9.test');
  const d = await contact(a, 'outlet10.test');
  await w.app.request('POST', '/v1/outreach/suppressions', { key: w.ownerKey, body: { email: `person${n - 1}@outlet9.test` } });
  const s = await w.email(a, c);
  t.is(s.status, 409);
  t.is(s.body.error.code, 'OUTREACH_CONTACT_SUPPRESSED');
  await w.app.db.query(sql.type(z.looseObject({}))`update outreach_contacts set bounced_at = ${w.app.clock.now().toISOString()} where id = ${d}`);
  const b = await w.email(a, d);
  t.is(b.status, 409);
  t.is(b.body.error.code, 'OUTREACH_CONTACT_BOUNCED');
});

test.serial('3 sends per agent per Moscow day: the 4th is refused until Moscow midnight', async (t) => {
  w.app.clock.set('2027-01-05T20:00:00.000Z'); // 23:00 in Moscow
  const a = await w.resident('rules_day');
  const cs = [];
  for (const outlet of ['outlet1.test', 'outlet2.test', 'outlet3.test', 'outlet4.test']) cs.push(await contact(a, outlet));
  for (let i = 0; i < 3; i++) t.is((await w.email(a, cs[i]!)).status, 201);
  const fourth = await w.email(a, cs[3]!);
  t.is(fourth.status, 429);
  t.is(fourth.body.error.code, 'OUTREACH_AGENT_DAY_CAP');
  t.is(fourth.body.error.details.retry_at, '2027-01-05T21:00:00.000Z');
  t.is(fourth.body.error.details.cap, 3);
  t.is(fourth.headers.get('retry-after'), '3600');
  w.app.clock.set('2027-01-05T20:59:59.999Z');
  t.is((await w.email(a, cs[3]!)).status, 429);
  w.app.clock.set('2027-01-05T21:00:00.000Z');
  t.is((await w.email(a, cs[3]!)).status, 201);
});

test.serial('the fleet cap per Moscow day; a rejected email frees its slot', async (t) => {
  w.app.clock.set('2027-01-10T09:00:00.000Z');
  await w.setup({ fleet_cap: 4 });
  const a = await w.resident('rules_fleet_a');
  const b = await w.resident('rules_fleet_b');
  const outlets = ['outlet5.test', 'outlet6.test', 'outlet7.test', 'outlet8.test', 'outlet9.test', 'outlet10.test'];
  const cs = [];
  for (const o of outlets) cs.push(await contact(a, o));
  for (let i = 0; i < 3; i++) t.is((await w.email(a, cs[i]!)).status, 201);
  const letter = await w.email(b, cs[3]!, { kind: 'letter' });
  t.is(letter.body.status, 'queued');
  const over = await w.email(b, cs[4]!);
  t.is(over.status, 429);
  t.is(over.body.error.code, 'OUTREACH_FLEET_DAY_CAP');
  t.is(over.body.error.details.cap, 4);
  t.is(over.body.error.details.retry_at, '2027-01-10T21:00:00.000Z');
  await w.app.request('POST', `/v1/outreach/messages/${letter.body.message_id}/reject`, { key: w.ownerKey, body: {} });
  t.is((await w.email(b, cs[4]!)).status, 201);
  t.is((await w.email(b, cs[5]!)).status, 429);
  await w.setup({ fleet_cap: 100 });
});

test.serial('2 first contacts per outlet domain per rolling 7 days', async (t) => {
  w.app.clock.set('2027-02-01T09:00:00.000Z');
  const a = await w.resident('rules_outlet_a');
  const b = await w.resident('rules_outlet_b');
  const c1 = await contact(a, 'outlet11.test');
  const c2 = await contact(a, 'outlet11.test');
  const c3 = await contact(b, 'outlet11.test');
  t.is((await w.email(a, c1)).status, 201);
  t.is((await w.email(a, c2)).status, 201);
  w.app.clock.set(new Date(Date.parse('2027-02-01T09:00:00.000Z') + 7 * DAY - 1));
  const third = await w.email(b, c3);
  t.is(third.status, 429);
  t.is(third.body.error.code, 'OUTREACH_OUTLET_WEEK_CAP');
  t.is(third.body.error.details.outlet_domain, 'outlet11.test');
  t.is(third.body.error.details.retry_at, '2027-02-08T09:00:00.000Z');
  const listed = (await w.app.request('GET', '/v1/outreach/contacts?outlet=outlet11.test', { key: b.key })).body.contacts;
  const mine = listed.find((x: { contact_id: string }) => x.contact_id === c3);
  t.false(mine.contactable_now);
  t.is(mine.contactable_at, '2027-02-08T09:00:00.000Z');
  w.app.clock.set('2027-02-08T09:00:00.000Z');
  t.is((await w.email(b, c3)).status, 201);
});
