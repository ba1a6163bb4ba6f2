import test from 'ava';
import { readFile } from 'node:fs/promises';
import { simpleParser } from 'mailparser';
import { classifyReply, extractReplyToken, parseAuthenticationResults, recipientSubject, visibleReplyText } from '../../../lib/outreach/classify.ts';
import type { ClassifyOptions, ReplyKind } from '../../../lib/outreach/classify.ts';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz234567abcdefghijklmnopqrst';
const options: ClassifyOptions = {
  authservIds: ['mx.board.example'],
  replyDomain: 'replies.board.example',
  contactAddress: 'jane.doe@example.org',
  originalSubject: 'A measured experiment on open agent work',
};

async function fixture(name: string) {
  return simpleParser(await readFile(new URL(`../../fixtures/email/${name}`, import.meta.url)));
}

const table: Array<[string, { kind: ReplyKind; opt_out: boolean; from_contact: boolean; reason: RegExp }]> = [
  ['out-of-office.eml', { kind: 'auto', opt_out: false, from_contact: false, reason: /Auto-Submitted: auto-replied/ }],
  ['automatic-reply-exchange.eml', { kind: 'auto', opt_out: false, from_contact: false, reason: /auto-reply subject/ }],
  ['list-autoreply.eml', { kind: 'auto', opt_out: false, from_contact: false, reason: /precedence: list/ }],
  ['dsn-bounce.eml', { kind: 'bounce', opt_out: false, from_contact: false, reason: /5\.1\.1/ }],
  ['dsn-delayed.eml', { kind: 'auto', opt_out: false, from_contact: false, reason: /not permanent \(4\.4\.7\)/ }],
  ['read-receipt.eml', { kind: 'auto', opt_out: false, from_contact: false, reason: /disposition-notification/ }],
  ['real-reply.eml', { kind: 'reply', opt_out: false, from_contact: true, reason: /from_contact \(mx\.board\.example: dkim=pass header\.d=example\.org\)/ }],
  ['stop-reply.eml', { kind: 'reply', opt_out: true, from_contact: true, reason: /opt-out near the top: "STOP"/ }],
  ['quoted-unsubscribe.eml', { kind: 'reply', opt_out: false, from_contact: false, reason: /not authenticated/ }],
  ['subject-opt-out.eml', { kind: 'reply', opt_out: true, from_contact: false, reason: /opt-out in subject: "remove me"/ }],
  ['html-reply.eml', { kind: 'reply', opt_out: true, from_contact: true, reason: /Not interested/ }],
  ['forged-ar.eml', { kind: 'reply', opt_out: false, from_contact: false, reason: /not authenticated/ }],
  ['forged-ar-below.eml', { kind: 'reply', opt_out: false, from_contact: false, reason: /not authenticated/ }],
];

for (const [name, expected] of table) {
  test(`${name} → ${expected.kind}${expected.opt_out ? ', opt-out' : ''}${expected.from_contact ? ', from_contact' : ''}`, async (t) => {
    const result = classifyReply(await fixture(name), options);
    t.is(result.kind, expected.kind);
    t.is(result.opt_out, expected.opt_out);
    t.is(result.from_contact, expected.from_contact);
    t.is(result.token, TOKEN);
    t.regex(result.reason, expected.reason);
    t.true(result.excerpt.length > 0 && [...result.excerpt].length <= 240);
  });
}

test('the real reply excerpt is what Jane wrote, without the quoted history or our footer', async (t) => {
  const result = classifyReply(await fixture('real-reply.eml'), options);
  t.true(result.excerpt.startsWith('Thanks, this is interesting.'));
  t.false(result.excerpt.includes('wrote:'));
  t.false(/stop|unsubscribe/i.test(result.excerpt));
});

test('an out-of-office that says "stop by the desk" is auto, never an opt-out', async (t) => {
  const result = classifyReply(await fixture('out-of-office.eml'), options);
  t.is(result.kind, 'auto');
  t.false(result.opt_out);
});

test('without the contacted address or with another authserv-id, nothing is from_contact', async (t) => {
  const mail = await fixture('real-reply.eml');
  t.false(classifyReply(mail, { ...options, contactAddress: null }).from_contact);
  t.false(classifyReply(mail, { ...options, authservIds: ['mx.other.example'] }).from_contact);
  t.false(classifyReply(mail, { ...options, contactAddress: 'john@example.org' }).from_contact);
});

test('a bounce finds the token in the returned headers when the envelope used the mailbox', async (t) => {
  const source = (await readFile(new URL('../../fixtures/email/dsn-bounce.eml', import.meta.url), 'utf8'))
    .replaceAll(`Delivered-To: reply+${TOKEN}@replies.board.example`, 'Delivered-To: agents@board.example')
    .replace(`To: reply+${TOKEN}@replies.board.example`, 'To: agents@board.example');
  const mail = await simpleParser(source);
  t.is(extractReplyToken(mail, 'replies.board.example'), null);
  const result = classifyReply(mail, options);
  t.is(result.kind, 'bounce');
  t.is(result.token, TOKEN);
});

test('our own subject quoted back is not an opt-out; words the recipient added are', (t) => {
  t.is(recipientSubject('Re: How we stop spam bots', 'How we stop spam bots'), '');
  t.is(recipientSubject('RE: AW: How we stop spam bots', 'How we stop spam bots'), '');
  t.is(recipientSubject('STOP - Re: How we stop spam bots', 'How we stop spam bots'), 'STOP -');
  t.is(recipientSubject('Re: Unsubscribe', null), 'Unsubscribe');
});

test('opt-out phrases near the top are found; the same words lower down or quoted are not', async (t) => {
  const base = (text: string, subject = 'Re: A measured experiment on open agent work') =>
    simpleParser(
      `From: jane.doe@example.org\r\nTo: reply+${TOKEN}@replies.board.example\r\nSubject: ${subject}\r\nMessage-ID: <x@example.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${text}`,
    );
  const cases: Array<[string, boolean]> = [
    ['Please unsubscribe me.', true],
    ['Remove me from your list.', true],
    ['Take me off this list please', true],
    ['Do not email me again.', true],
    ['Don’t contact me.', true],
    ['dont email me', true],
    ['Not interested.', true],
    ['Hi,\n\nthanks for writing.\n\nNot interested, sorry.', true],
    ['Thanks! Tell me more.\n\nOn Fri, 6 Nov 2026 at 10:00, scout <agents@board.example> wrote:\n> reply STOP to unsubscribe', false],
    ['Thanks! Tell me more.\n> STOP', false],
    ['One\nTwo\nThree\nFour\nFive\nSix\nnot interested', false],
    ['I love how the stoplight works', false],
  ];
  for (const [text, expected] of cases) {
    const result = classifyReply(await base(text), options);
    t.is(result.opt_out, expected, text);
    t.is(result.kind, 'reply');
  }
  t.true(classifyReply(await base('Sure.', 'Re: A measured experiment on open agent work (not interested)'), options).opt_out);
  t.false(classifyReply(await base('Sure.', 'Re: How we stop spam bots'), { ...options, originalSubject: 'How we stop spam bots' }).opt_out);
});

test('auto-reply signals: RFC 3834, vendor headers, Precedence, list headers, null Return-Path', async (t) => {
  const mk = (headers: string) =>
    simpleParser(`${headers}From: jane.doe@example.org\r\nTo: reply+${TOKEN}@replies.board.example\r\nSubject: Hello\r\n\r\nHello there.`);
  const autos = [
    'Auto-Submitted: auto-generated\r\n',
    'Auto-Submitted: auto-notified\r\n',
    'X-Autoreply: yes\r\n',
    'X-Autorespond: Vacation\r\n',
    'X-Autogenerated: Reply\r\n',
    'X-AutoReply-From: jane.doe@example.org\r\n',
    'X-Mail-Autoreply: dtc-autoreply\r\n',
    'X-FC-MachineGenerated: true\r\n',
    'Precedence: bulk\r\n',
    'Precedence: junk\r\n',
    'Precedence: auto_reply\r\n',
    'X-Precedence: list\r\n',
    'Delivered-To: Autoresponder\r\n',
    'List-Id: <news.example.org>\r\n',
    'List-Unsubscribe: <mailto:leave@example.org>\r\n',
    'Feedback-ID: 123:campaign:esp\r\n',
    'X-Mailing-List: news@example.org\r\n',
    'Return-Path: <>\r\n',
  ];
  for (const h of autos) t.is(classifyReply(await mk(h), options).kind, 'auto', h);
  const replies = ['Auto-Submitted: no\r\n', 'X-Auto-Response-Suppress: All\r\n', 'Precedence: first-class\r\n', ''];
  for (const h of replies) t.is(classifyReply(await mk(h), options).kind, 'reply', h);
});

test('an ARF spam complaint is auto and an opt-out', async (t) => {
  const mail = await simpleParser(
    `From: fbl@isp.example\r\nTo: reply+${TOKEN}@replies.board.example\r\nSubject: complaint\r\nMIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=feedback-report; boundary=X\r\n\r\n--X\r\nContent-Type: text/plain\r\n\r\nspam report\r\n--X\r\nContent-Type: message/feedback-report\r\n\r\nFeedback-Type: abuse\r\n--X--\r\n`,
  );
  const result = classifyReply(mail, options);
  t.is(result.kind, 'auto');
  t.true(result.opt_out);
});

test('Authentication-Results parsing: comments, quoting, versions, several results', (t) => {
  const ar = parseAuthenticationResults(
    'mx.board.example 1; (a comment; with semicolon) dkim=pass (good sig) header.d=Example.org header.i="@example.org" header.b=Ab; spf=pass smtp.mailfrom=x@example.org; dmarc/1=pass reason="aligned; ok" header.from=example.org',
  );
  t.is(ar?.authservId, 'mx.board.example');
  t.deepEqual(
    ar?.results.map((r) => [r.method, r.result, r.props['header.d'] ?? r.props['header.from'] ?? r.props['smtp.mailfrom']]),
    [
      ['dkim', 'pass', 'Example.org'],
      ['spf', 'pass', 'x@example.org'],
      ['dmarc', 'pass', 'example.org'],
    ],
  );
  t.deepEqual(parseAuthenticationResults('mx.board.example; none')?.results, []);
  t.is(parseAuthenticationResults(''), null);
});

test('visibleReplyText strips quoted history, Outlook headers, signatures and an unmarked footer', (t) => {
  t.is(visibleReplyText('Yes.\n\nOn Mon, 9 Nov 2026 at 10:00, A <a@b.c> wrote:\n> unsubscribe'), 'Yes.');
  t.is(visibleReplyText('Yes.\n\n-----Original Message-----\nFrom: x\nunsubscribe'), 'Yes.');
  t.is(visibleReplyText('Yes.\n\nFrom: scout (AI agent) <agents@board.example>\nSent: Friday\n\nreply STOP'), 'Yes.');
  t.is(visibleReplyText('Yes.\nThis email was written by scout, an AI agent of Agent Board.\nreply STOP or open https://x/outreach/stop/abc'), 'Yes.');
});

test('the token is taken only from our reply domain and only with the reply+ prefix', async (t) => {
  const mk = (to: string) => simpleParser(`From: jane.doe@example.org\r\nTo: ${to}\r\nSubject: x\r\n\r\nhi`);
  t.is(extractReplyToken(await mk(`reply+${TOKEN}@replies.board.example`), 'replies.board.example'), TOKEN);
  t.is(extractReplyToken(await mk(`"Scout" <REPLY+${TOKEN.toUpperCase()}@Replies.Board.Example>`), 'replies.board.example'), TOKEN);
  t.is(extractReplyToken(await mk(`reply+${TOKEN}@replies.board.example.evil.net`), 'replies.board.example'), null);
  t.is(extractReplyToken(await mk(`noreply+${TOKEN}@replies.board.example`), 'replies.board.example'), null);
  t.is(extractReplyToken(await mk('agents@board.example'), 'replies.board.example'), null);
});
