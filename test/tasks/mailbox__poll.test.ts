// The mailbox__poll and outreach_reply__forward tasks against a real Dovecot: replies to real sent
// emails (their tokens read from what the SMTP server received) are classified and take effect:
// an out-of-office, a DSN bounce, a list auto-reply, a real reply authenticated as the contact, a
// STOP in the first line, "unsubscribe" only in quoted history, a forged Authentication-Results.
// Every real reply reaches the owner as message/rfc822; the checkpoint makes a pass idempotent.
import test from 'ava';
import { readFile } from 'node:fs/promises';
import { simpleParser } from 'mailparser';
import { sql } from 'slonik';
import { z } from 'zod';
import { enqueue } from '../../lib/jobs.ts';
import { outreachRepliesFor } from '../../lib/outreach/office.ts';
import { ImapUrl } from '../../lib/mail/endpoints.ts';
import { createImapClient } from '../../lib/mail/imap.ts';
import { AUTHSERV_ID, OWNER_EMAIL, REPLY_DOMAIN, headersOf, startOutreachWorld, type OutreachWorld, type Resident } from '../helpers/outreach.ts';

const SUBJECT = 'A measured experiment on open agent work';
let w: OutreachWorld;
test.before(async () => {
  w = await startOutreachWorld({ imap: true });
  await w.setup({ mode: 'auto', fleet_cap: 100 });
});
test.after.always(async () => {
  await w?.stop();
});

type Sent = { agent: Resident; contactId: string; messageId: string; address: string; outlet: string; token: string };

async function send(agent: Resident, outlet: string, local = 'jane.doe'): Promise<Sent> {
  const address = `${local}@${outlet}`;
  const contactId = await w.addContact(agent, address);
  const res = await w.email(agent, contactId, { subject: SUBJECT });
  if (res.status !== 201) throw new Error(res.text);
  await w.runJobs();
  const mail = w.sink.messages.find((m) => m.text.includes(`outreach.${res.body.message_id}@`));
  if (!mail) throw new Error('not sent');
  const token = /^reply\+([a-z2-7]{52})@/.exec(headersOf(mail.text)['reply-to'] ?? '')?.[1];
  if (!token) throw new Error('no token');
  return { agent, contactId, messageId: res.body.message_id, address, outlet, token };
}

let seq = 0;
async function reply(fixture: string, to: Sent): Promise<string> {
  const raw = (await readFile(new URL(`../fixtures/email/${fixture}`, import.meta.url), 'utf8'))
    .replaceAll('abcdefghijklmnopqrstuvwxyz234567abcdefghijklmnopqrst', to.token)
    .replaceAll('replies.board.example', REPLY_DOMAIN)
    .replaceAll('mx.board.example', AUTHSERV_ID)
    .replace(/jane\.doe@example\.org/gi, to.address)
    .replaceAll('example.org', to.outlet)
    .replace(/^Message-ID: <([^>]+)>/m, `Message-ID: <poll-${++seq}-$1>`);
  const { mailbox } = ImapUrl.parse(w.dovecot!.url);
  const client = createImapClient(ImapUrl.parse(w.dovecot!.url), { allowPlaintext: true });
  await client.connect();
  try {
    await client.append(mailbox, raw);
  } finally {
    await client.logout();
  }
  return raw;
}

async function poll(): Promise<void> {
  await w.app.db.transaction((tx) => enqueue(tx, 'mailbox__poll', {}));
  await w.runJobs();
  await w.runJobs(); // the forwards the poll queued
}

const replies = () =>
  w.app.db.any(sql.type(
    z.object({ message_id: z.string().nullable(), kind: z.string(), opt_out: z.boolean(), from_contact: z.boolean(), forward_status: z.string() }),
  )`
    select message_id, kind, opt_out, from_contact, forward_status from outreach_replies order by received_at, uid`);
const contactStatus = async (s: Sent) =>
  (await w.app.request('GET', `/v1/outreach/contacts?outlet=${s.outlet}`, { key: s.agent.key })).body.contacts.find(
    (c: { contact_id: string }) => c.contact_id === s.contactId,
  );
const toOwner = () => w.sink.messages.filter((m) => m.to.includes(OWNER_EMAIL));

const world: Record<string, Sent> = {};

test.serial('each kind of answer is classified and takes effect', async (t) => {
  w.app.clock.set('2026-11-24T09:00:00.000Z');
  const agents = [await w.resident('poll_a'), await w.resident('poll_b'), await w.resident('poll_c')];
  const plan: Array<[string, string]> = [
    ['ooo', 'out-of-office.eml'],
    ['dsn', 'dsn-bounce.eml'],
    ['list', 'list-autoreply.eml'],
    ['real', 'real-reply.eml'],
    ['stop', 'stop-reply.eml'],
    ['quoted', 'quoted-unsubscribe.eml'],
    ['forged', 'forged-ar.eml'],
  ];
  for (const [i, [name]] of plan.entries()) world[name] = await send(agents[i % 3]!, `outlet${i + 1}.test`);
  for (const [name, fixture] of plan) await reply(fixture, world[name]!);
  await poll();

  const rows = await replies();
  t.is(rows.length, 7);
  const by = (name: string) => rows.find((r) => r.message_id === world[name]!.messageId)!;
  t.like(by('ooo'), { kind: 'auto', opt_out: false, from_contact: false, forward_status: 'none' });
  t.like(by('dsn'), { kind: 'bounce', from_contact: false, forward_status: 'none' });
  t.like(by('list'), { kind: 'auto', forward_status: 'none' });
  t.like(by('real'), { kind: 'reply', opt_out: false, from_contact: true, forward_status: 'sent' });
  t.like(by('stop'), { kind: 'reply', opt_out: true, forward_status: 'sent' });
  t.like(by('quoted'), { kind: 'reply', opt_out: false, forward_status: 'sent' });
  t.like(by('forged'), { kind: 'reply', from_contact: false, forward_status: 'sent' });

  // Effects on the contacts and on what may be sent next.
  t.is((await contactStatus(world.dsn!)).status, 'bounced');
  t.is((await contactStatus(world.stop!)).status, 'suppressed');
  t.is((await contactStatus(world.quoted!)).status, 'replied');
  t.is((await contactStatus(world.ooo!)).status, 'contacted', 'an auto reply is never a reply');
  const bounced = await w.email(world.dsn!.agent, world.dsn!.contactId, { follow_up_of: world.dsn!.messageId });
  t.is(bounced.body.error.code, 'OUTREACH_CONTACT_BOUNCED');
  const stopped = await w.email(world.stop!.agent, world.stop!.contactId, { follow_up_of: world.stop!.messageId });
  t.is(stopped.body.error.code, 'OUTREACH_CONTACT_SUPPRESSED');
  const forged = await w.email(world.forged!.agent, world.forged!.contactId, { follow_up_of: world.forged!.messageId });
  t.is(forged.body.error.code, 'OUTREACH_FOLLOW_UP_AFTER_REPLY', 'a forged authentication unlocks nothing');
  w.app.clock.advance(86_400_000);
  const answer = await w.email(world.real!.agent, world.real!.contactId, { follow_up_of: world.real!.messageId, subject: `Re: ${SUBJECT}` });
  t.is(answer.status, 201, answer.text);
  t.is(answer.body.send_kind, 'answer');
  await w.runJobs();
  const answered = w.sink.messages.find((m) => m.text.includes(`outreach.${answer.body.message_id}@`))!;
  t.regex(answered.text, /In-Reply-To: <poll-\d+-CAF1234@mail\.outlet4\.test>/, 'the answer threads under their reply');
});

test.serial('every real reply reaches the owner with the original attached as message/rfc822', async (t) => {
  const forwards = toOwner();
  t.is(forwards.length, 4);
  for (const f of forwards) {
    t.is(f.from, 'agents@board.test', 'a fixed envelope sender');
    t.is(headersOf(f.text)['auto-submitted'], 'auto-generated');
    const parsed = await simpleParser(f.raw);
    t.regex(parsed.subject ?? '', /^Outreach reply to /);
    // The original travels unchanged as a message/rfc822 attachment.
    t.regex(
      f.text,
      /Content-Type: message\/rfc822; name=reply\.eml\r\nContent-Transfer-Encoding: (7bit|8bit|binary)\r\nContent-Disposition: attachment; filename=reply\.eml/,
    );
    t.regex(f.text, /filename=reply\.eml\r\n\r\n(?:[^]*\r\n)?Delivered-To: reply\+[a-z2-7]{52}@replies\.board\.test/);
  }
  const real = forwards.find((f) => f.text.includes(world.real!.messageId))!;
  t.regex(real.text, /from_contact\): yes/);
});

test.serial('the sent list and the office show replies as untrusted excerpts', async (t) => {
  const sent = await w.app.request('GET', '/v1/outreach/sent', { key: world.real!.agent.key });
  const msg = sent.body.messages.find((m: { message_id: string }) => m.message_id === world.real!.messageId);
  t.is(msg.replies.length, 1);
  t.like(msg.replies[0], { kind: 'reply', from_contact: true, opt_out: false });
  t.regex(msg.replies[0].excerpt, /^Thanks, this is interesting/);
  t.true(sent.body.content_is_untrusted);
  const office = await outreachRepliesFor(w.app.db, world.real!.agent.id);
  const row = office.find((r) => r.message_id === world.real!.messageId)!;
  t.is(row.subject, SUBJECT);
  t.is(row.kind, 'reply');
  t.true(row.from_contact);
  t.regex(row.replied_at, /^2026-11-24T09:00:00/);
});

test.serial('a bounce is listed as `auto` (SPEC.md: out-of-office, vacation, bounce or list), with `bounce: true`', async (t) => {
  const listed = async (s: Sent) => {
    const sent = await w.app.request('GET', '/v1/outreach/sent', { key: s.agent.key });
    return sent.body.messages.find((m: { message_id: string }) => m.message_id === s.messageId).replies;
  };
  const dsn = await listed(world.dsn!);
  t.is(dsn.length, 1);
  t.like(dsn[0], { kind: 'auto', bounce: true, from_contact: false, opt_out: false });
  t.like((await listed(world.ooo!))[0], { kind: 'auto', bounce: false });
  t.like((await listed(world.list!))[0], { kind: 'auto', bounce: false });
  t.like((await listed(world.real!))[0], { kind: 'reply', bounce: false });
  // Every listed kind is one of SPEC.md's two, in the sent list and in the office.
  for (const s of Object.values(world)) {
    for (const r of await listed(s)) t.true(['auto', 'reply'].includes(r.kind), r.kind);
    for (const r of await outreachRepliesFor(w.app.db, s.agent.id)) t.true(['auto', 'reply'].includes(r.kind), r.kind);
  }
  const office = await outreachRepliesFor(w.app.db, world.dsn!.agent.id);
  t.like(
    office.find((r) => r.message_id === world.dsn!.messageId),
    { kind: 'auto', bounce: true },
  );
});

test.serial('the checkpoint: a second pass reads nothing again; a new reply alone is read; a UIDVALIDITY reset dedupes', async (t) => {
  const before = (await replies()).length;
  const forwards = toOwner().length;
  await poll();
  t.is((await replies()).length, before);
  const extra = await send(await w.resident('poll_d'), 'outlet9.test');
  await reply('real-reply.eml', extra);
  await poll();
  t.is((await replies()).length, before + 1);
  t.is(toOwner().length, forwards + 1);
  const cp = await w.app.db.one(
    sql.type(z.object({ uid_validity: z.string(), last_uid: z.number() }))`select uid_validity, last_uid from outreach_mailbox_checkpoints`,
  );
  t.is(cp.last_uid, before + 1);
  // Pretend the server changed UIDVALIDITY: everything is read again and nothing is recorded twice.
  await w.app.db.query(sql.type(z.looseObject({}))`update outreach_mailbox_checkpoints set uid_validity = '1'`);
  await poll();
  t.is((await replies()).length, before + 1);
  t.is(toOwner().length, forwards + 1);
  const after = await w.app.db.one(
    sql.type(z.object({ uid_validity: z.string(), last_uid: z.number() }))`select uid_validity, last_uid from outreach_mailbox_checkpoints`,
  );
  t.is(after.uid_validity, cp.uid_validity);
  t.is(after.last_uid, before + 1);
});

test.serial('a STOP written to the mailbox without our token still suppresses a known contact address', async (t) => {
  const s = await send(await w.resident('poll_e'), 'outlet10.test', 'kai.berg');
  const raw = [
    `Delivered-To: ${`replies@${REPLY_DOMAIN}`}`,
    `From: Kai Berg <${s.address}>`,
    `To: replies@${REPLY_DOMAIN}`,
    'Subject: STOP',
    'Date: Tue, 24 Nov 2026 10:00:00 +0000',
    'Message-ID: <no-token-1@outlet10.test>',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Please stop emailing me.',
    '',
  ].join('\r\n');
  const { mailbox } = ImapUrl.parse(w.dovecot!.url);
  const client = createImapClient(ImapUrl.parse(w.dovecot!.url), { allowPlaintext: true });
  await client.connect();
  await client.append(mailbox, raw);
  await client.logout();
  await poll();
  t.is((await contactStatus(s)).status, 'suppressed');
  const row = await w.app.db.one(sql.type(z.object({ message_id: z.string().nullable(), opt_out: z.boolean() }))`
    select message_id, opt_out from outreach_replies where rfc_message_id = '<no-token-1@outlet10.test>'`);
  t.is(row.message_id, null);
  t.true(row.opt_out);
});
