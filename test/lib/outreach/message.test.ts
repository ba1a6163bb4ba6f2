import test from 'ava';
import { generateKeyPairSync } from 'node:crypto';
import { dkimVerify } from 'mailauth';
import { simpleParser } from 'mailparser';
import { buildOutreachMessage, newOutreachToken, outreachFooter, outreachMessageId, replyAddress, stopUrl } from '../../../lib/outreach/message.ts';
import type { OutreachEmail, OutreachMailConfig } from '../../../lib/outreach/message.ts';
import { SmtpUrl } from '../../../lib/mail/endpoints.ts';
import { buildRawMessage, sendMail, smtpTransportOptions } from '../../../lib/mail/smtp.ts';
import { startSmtpSink } from '../../helpers/smtp.ts';
import type { SmtpSink } from '../../helpers/smtp.ts';

const config: OutreachMailConfig = {
  serviceName: 'Agent Board',
  baseUrl: 'https://board.example',
  mailbox: 'agents@board.example',
  replyDomain: 'replies.board.example',
  ownerName: 'Ada Owner',
  postalAddress: 'Agent Board Ltd\n1 Example Street\nLondon EC1A 1AA, United Kingdom',
};

function email(overrides: Partial<OutreachEmail> = {}): OutreachEmail {
  return {
    id: '0c3f1d2e-1111-4222-8333-944455556666',
    agentName: 'scout',
    to: 'jane.doe@example.org',
    subject: 'A measured experiment on open agent work',
    body: `Hello Jane,\n\nWe ran a measured experiment on how AI agents report numbers in public. ${'Details follow. '.repeat(12)}\n\nBest, scout`,
    kind: 'first_contact',
    sourceUrl: 'https://example.org/masthead',
    replyToken: 'abcdefghijklmnopqrstuvwxyz234567abcdefghijklmnopqrst',
    stopToken: 'stoptoken234567abcdefghijklmnopqrstuvwxyz234567abcde',
    date: new Date('2026-11-06T10:00:00Z'),
    ...overrides,
  };
}

let sink: SmtpSink;
test.before(async () => {
  sink = await startSmtpSink();
});
test.after.always(async () => {
  await sink?.stop();
});

const smtp = () => smtpTransportOptions(SmtpUrl.parse(sink.url), { allowPlaintext: true });

function headerLines(raw: string, name: string): string[] {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  return unfolded.split(/\r?\n/).filter((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
}

test.serial('a message sent through nodemailer reaches the SMTP server with every header and the footer', async (t) => {
  const before = sink.messages.length;
  const outcome = await sendMail(smtp(), buildOutreachMessage(config, email()));
  t.is(outcome.status, 'sent');
  const [received] = (await sink.waitFor(before + 1)).slice(before);
  t.truthy(received);
  if (!received) return;

  // envelope: VERP through the reply address, to the contact
  t.is(received.from, replyAddress(email().replyToken, config.replyDomain));
  t.deepEqual(received.to, ['jane.doe@example.org']);

  const parsed = await simpleParser(received.raw);
  t.is(parsed.from?.value[0]?.name, 'scout (AI agent)');
  t.is(parsed.from?.value[0]?.address, 'agents@board.example');
  t.is(parsed.replyTo?.value[0]?.address, 'reply+abcdefghijklmnopqrstuvwxyz234567abcdefghijklmnopqrst@replies.board.example');
  t.is(parsed.subject, 'A measured experiment on open agent work');
  t.is(parsed.messageId, '<outreach.0c3f1d2e-1111-4222-8333-944455556666@board.example>');

  // exactly one List-Unsubscribe header with the https stop link and the mailto, plus RFC 8058 one-click
  const lu = headerLines(received.text, 'List-Unsubscribe');
  t.is(lu.length, 1, lu.join('\n'));
  t.is(
    lu[0],
    'List-Unsubscribe: <https://board.example/outreach/stop/stoptoken234567abcdefghijklmnopqrstuvwxyz234567abcde>, <mailto:reply+abcdefghijklmnopqrstuvwxyz234567abcdefghijklmnopqrst@replies.board.example?subject=STOP>',
  );
  t.deepEqual(headerLines(received.text, 'List-Unsubscribe-Post'), ['List-Unsubscribe-Post: List-Unsubscribe=One-Click']);
  t.deepEqual(headerLines(received.text, 'X-Mailer'), []);

  // the footer: after the signature separator, every item SPEC.md asks for
  const text = parsed.text ?? '';
  const [agentPart, footer] = text.split('\n-- \n');
  t.true(agentPart?.startsWith('Hello Jane,'));
  t.truthy(footer);
  t.regex(footer ?? '', /written by scout, an AI agent of Agent Board/);
  t.regex(footer ?? '', /Ada Owner, the service's human owner, is responsible/);
  t.regex(footer ?? '', /found your address here: https:\/\/example\.org\/masthead/);
  t.regex(footer ?? '', /At most one follow-up/);
  t.regex(footer ?? '', /reply STOP or open https:\/\/board\.example\/outreach\/stop\/stoptoken/);
  t.regex(footer ?? '', /Every email our agents send is public: https:\/\/board\.example\/outreach/);
  t.regex(footer ?? '', /Agent Board, Agent Board Ltd, 1 Example Street, London EC1A 1AA, United Kingdom/);
});

test.serial('the agent cannot remove the footer: it is appended whatever the body says', async (t) => {
  const sneaky = email({ body: `${'Plain words. '.repeat(20)}\n-- \nfake footer` });
  const opts = buildOutreachMessage(config, sneaky);
  const text = String(opts.text);
  t.true(text.endsWith(`-- \n${outreachFooter(config, sneaky)}\n`));
});

test.serial('a retry re-sends the same Message-ID and the same bytes', async (t) => {
  const a = await buildRawMessage(buildOutreachMessage(config, email()));
  const b = await buildRawMessage(buildOutreachMessage(config, email()));
  t.is(a.messageId, b.messageId);
  t.is(a.messageId, outreachMessageId(email().id, 'board.example'));
  // the MIME boundary-free text/plain message is byte-identical
  t.is(a.raw.toString(), b.raw.toString());
  const before = sink.messages.length;
  t.is((await sendMail(smtp(), a)).status, 'sent');
  t.is((await sendMail(smtp(), a)).status, 'sent');
  const two = (await sink.waitFor(before + 2)).slice(before);
  t.is((await simpleParser(two[0]?.raw ?? '')).messageId, (await simpleParser(two[1]?.raw ?? '')).messageId);
});

test.serial('follow-ups and answers thread with In-Reply-To and References', async (t) => {
  const first = outreachMessageId(email().id, 'board.example');
  const opts = buildOutreachMessage(config, email({ id: 'f0000000-0000-4000-8000-000000000001', kind: 'follow_up', inReplyTo: first }));
  const raw = await buildRawMessage(opts);
  const parsed = await simpleParser(raw.raw);
  t.is(parsed.inReplyTo, first);
  t.is(parsed.references, first);
  t.is(parsed.headers.get('x-outreach-kind'), 'follow_up');
});

test.serial('DKIM signs List-Unsubscribe and List-Unsubscribe-Post (RFC 8058 §4) and verifies', async (t) => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const spki = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  const signed = buildOutreachMessage({ ...config, dkim: { domainName: 'board.example', keySelector: 'sel1', privateKey: pem } }, email());
  const before = sink.messages.length;
  t.is((await sendMail(smtp(), signed)).status, 'sent');
  const [received] = (await sink.waitFor(before + 1)).slice(before);
  const raw = received?.raw ?? Buffer.alloc(0);
  const sig = headerLines(raw.toString(), 'DKIM-Signature')[0] ?? '';
  const h = /\bh=([^;]+)/.exec(sig)?.[1]?.replace(/\s+/g, '').toLowerCase().split(':') ?? [];
  t.true(h.includes('list-unsubscribe'), sig);
  t.true(h.includes('list-unsubscribe-post'), sig);
  const result = await dkimVerify(raw, {
    resolver: async (name: string, type: string) => {
      if (type === 'TXT' && name === 'sel1._domainkey.board.example') return [[`v=DKIM1; k=rsa; p=${spki}`]];
      const err = new Error('not found') as Error & { code: string };
      err.code = 'ENOTFOUND';
      throw err;
    },
  });
  t.is(result.results[0]?.status.result, 'pass');
  t.is(result.results[0]?.signingDomain, 'board.example');
});

test('tokens are 52 lowercase base32 characters and differ', (t) => {
  const a = newOutreachToken();
  const b = newOutreachToken();
  t.regex(a, /^[a-z2-7]{52}$/);
  t.not(a, b);
  t.true(`reply+${a}`.length <= 64, 'fits an address local part');
});

test('stop URL and envelope sender options', (t) => {
  t.is(stopUrl('https://board.example/', 'abc'), 'https://board.example/outreach/stop/abc');
  const opts = buildOutreachMessage({ ...config, envelopeFrom: 'mailbox' }, email());
  t.deepEqual(opts.envelope, { from: 'agents@board.example', to: 'jane.doe@example.org' });
});
