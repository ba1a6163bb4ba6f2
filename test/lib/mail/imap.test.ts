import test from 'ava';
import { readFile } from 'node:fs/promises';
import type { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import { ImapUrl } from '../../../lib/mail/endpoints.ts';
import { createImapClient, fetchNewMessages, uidRanges } from '../../../lib/mail/imap.ts';
import type { ImapCheckpoint } from '../../../lib/mail/imap.ts';
import { classifyReply } from '../../../lib/outreach/classify.ts';
import type { ReplyClassification } from '../../../lib/outreach/classify.ts';
import { startDovecot } from '../../helpers/imap.ts';
import type { Dovecot } from '../../helpers/imap.ts';

let dovecot: Dovecot;
test.before(async () => {
  dovecot = await startDovecot();
});
test.after.always(async () => {
  await dovecot?.stop();
});

async function connect(): Promise<{ client: ImapFlow; mailbox: string }> {
  const endpoint = ImapUrl.parse(dovecot.url);
  const client = createImapClient(endpoint, { allowPlaintext: true });
  await client.connect();
  return { client, mailbox: endpoint.mailbox };
}

const fixture = (name: string) => readFile(new URL(`../../fixtures/email/${name}`, import.meta.url));

const options = {
  authservIds: ['mx.board.example'],
  replyDomain: 'replies.board.example',
  contactAddress: 'jane.doe@example.org',
  originalSubject: 'A measured experiment on open agent work',
};

test.serial('replies appended to Dovecot are fetched by UID, parsed and classified', async (t) => {
  const { client, mailbox } = await connect();
  try {
    const names = ['out-of-office.eml', 'dsn-bounce.eml', 'list-autoreply.eml', 'real-reply.eml', 'stop-reply.eml', 'quoted-unsubscribe.eml', 'forged-ar.eml'];
    for (const name of names) await client.append(mailbox, await fixture(name));

    const pass = await fetchNewMessages(client, mailbox, null);
    t.false(pass.reset);
    t.is(pass.messages.length, names.length);
    t.deepEqual(
      pass.messages.map((m) => m.uid),
      [...pass.messages.map((m) => m.uid)].sort((a, b) => a - b),
    );
    const results: ReplyClassification[] = [];
    for (const m of pass.messages) results.push(classifyReply(await simpleParser(m.source), options));
    t.deepEqual(
      results.map((r) => [r.kind, r.opt_out, r.from_contact]),
      [
        ['auto', false, false], // out-of-office
        ['bounce', false, false], // DSN 5.1.1
        ['auto', false, false], // list auto-reply
        ['reply', false, true], // real reply, authenticated by our server
        ['reply', true, true], // STOP in the first line
        ['reply', false, false], // "unsubscribe" only in quoted history
        ['reply', false, false], // forged Authentication-Results from another authserv-id
      ],
    );
    t.true(results.every((r) => r.token === 'abcdefghijklmnopqrstuvwxyz234567abcdefghijklmnopqrst'));
    t.is(pass.checkpoint.lastUid, pass.messages.at(-1)?.uid ?? -1);

    // a second pass from the checkpoint finds nothing: uid <= last is skipped even though
    // `N:*` returns the highest message when N is above every UID
    const again = await fetchNewMessages(client, mailbox, pass.checkpoint);
    t.deepEqual(again.messages, []);
    t.is(again.checkpoint.lastUid, pass.checkpoint.lastUid);

    // a new message arrives: only it is returned
    await client.append(mailbox, await fixture('subject-opt-out.eml'));
    const next = await fetchNewMessages(client, mailbox, again.checkpoint);
    t.is(next.messages.length, 1);
    t.true((next.messages[0]?.uid ?? 0) > pass.checkpoint.lastUid);
    t.true(classifyReply(await simpleParser(next.messages[0]?.source ?? ''), options).opt_out);
  } finally {
    await client.logout();
  }
});

test.serial('the checkpoint advances one message at a time and a bounded pass continues where it stopped', async (t) => {
  const { client } = await connect();
  const box = 'Bounded';
  try {
    await client.mailboxCreate(box);
    for (let i = 0; i < 7; i++) await client.append(box, await fixture('real-reply.eml'));
    let checkpoint: ImapCheckpoint | null = null;
    const seen: number[] = [];
    for (let round = 0; round < 5; round++) {
      const pass = await fetchNewMessages(client, box, checkpoint, { limit: 3 });
      for (const m of pass.messages) {
        seen.push(m.uid);
        // the task commits each message with its checkpoint
        checkpoint = { uidValidity: pass.uidValidity, lastUid: Math.max((checkpoint as ImapCheckpoint | null)?.lastUid ?? 0, m.uid) };
      }
      checkpoint ??= pass.checkpoint;
      if (pass.messages.length < 3) break;
    }
    t.deepEqual(seen, [1, 2, 3, 4, 5, 6, 7]);
    // a crash after handling uid 4 resumes at 5
    const resumed = await fetchNewMessages(client, box, { uidValidity: checkpoint?.uidValidity ?? '', lastUid: 4 });
    t.deepEqual(
      resumed.messages.map((m) => m.uid),
      [5, 6, 7],
    );
  } finally {
    await client.logout();
  }
});

test.serial('a UIDVALIDITY change resets the checkpoint: everything is new again', async (t) => {
  const { client } = await connect();
  const box = 'Recreated';
  try {
    await client.mailboxCreate(box);
    await client.append(box, await fixture('real-reply.eml'));
    await client.append(box, await fixture('stop-reply.eml'));
    const first = await fetchNewMessages(client, box, null);
    t.is(first.messages.length, 2);

    // same validity: nothing new
    t.deepEqual((await fetchNewMessages(client, box, first.checkpoint)).messages, []);

    // a stored checkpoint from another UIDVALIDITY
    const stale = await fetchNewMessages(client, box, { uidValidity: '1', lastUid: 999 });
    t.true(stale.reset);
    t.is(stale.messages.length, 2);

    // the real thing: the server recreates the mailbox with a new UIDVALIDITY
    await client.mailboxDelete(box);
    await new Promise((r) => setTimeout(r, 1100)); // Dovecot derives UIDVALIDITY from the clock (seconds)
    await client.mailboxCreate(box);
    await client.append(box, await fixture('quoted-unsubscribe.eml'));
    const after = await fetchNewMessages(client, box, first.checkpoint);
    t.not(after.uidValidity, first.uidValidity);
    t.true(after.reset);
    t.deepEqual(
      after.messages.map((m) => m.uid),
      [1],
    );
    t.is(after.checkpoint.uidValidity, after.uidValidity);
    t.is(after.checkpoint.lastUid, 1);
    t.is((await simpleParser(after.messages[0]?.source ?? '')).messageId, '<CAF9999@mail.example.org>');
  } finally {
    await client.logout();
  }
});

test.serial('an empty mailbox returns nothing and keeps the checkpoint', async (t) => {
  const { client } = await connect();
  try {
    await client.mailboxCreate('Empty');
    const pass = await fetchNewMessages(client, 'Empty', null);
    t.deepEqual(pass.messages, []);
    t.is(pass.checkpoint.lastUid, 0);
    t.false(pass.reset);
  } finally {
    await client.logout();
  }
});

test('client options: STARTTLS unless plaintext is allowed; TLS on imaps', (t) => {
  const prod = createImapClient(ImapUrl.parse('imap://replies%40board.example:s%3Acret@imap.example.net/Replies'));
  t.true(prod.options.doSTARTTLS);
  t.false(prod.options.secure);
  t.is(prod.options.port, 143);
  t.deepEqual(prod.options.auth, { user: 'replies@board.example', pass: 's:cret' });
  const imaps = createImapClient(ImapUrl.parse('imaps://u:p@imap.example.net'));
  t.true(imaps.options.secure);
  t.is(imaps.options.port, 993);
  t.false(createImapClient(ImapUrl.parse('imap://u:p@127.0.0.1:1143'), { allowPlaintext: true }).options.doSTARTTLS);
});

test('uidRanges compresses UID lists', (t) => {
  t.is(uidRanges([5, 1, 2, 3, 7, 8, 8]), '1:3,5,7:8');
  t.is(uidRanges([42]), '42');
  t.is(uidRanges([]), '');
});
