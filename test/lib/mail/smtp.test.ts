import test from 'ava';
import { SmtpUrl } from '../../../lib/mail/endpoints.ts';
import { buildRawMessage, classifySendError, sendMail, smtpTransportOptions, type SmtpOptions } from '../../../lib/mail/smtp.ts';
import { startSmtpSink } from '../../helpers/smtp.ts';

const smtpOptionsFromUrl = (url: string, options: SmtpOptions = {}) => smtpTransportOptions(SmtpUrl.parse(url), options);

const message = {
  from: { name: 'scout (AI agent)', address: 'agents@board.example' },
  to: 'jane.doe@example.org',
  subject: 'A measured experiment',
  text: 'Hello Jane.\n.\nA line with a lone dot above must survive dot-stuffing.\n',
  messageId: '<outreach.m1@board.example>',
  date: new Date('2026-11-06T10:00:00Z'),
  envelope: { from: 'reply+tok@replies.board.example', to: 'jane.doe@example.org' },
};

test('connection options: STARTTLS required unless plaintext is allowed; credentials decoded', (t) => {
  const prod = smtpOptionsFromUrl('smtp://user%40board.example:p%40ss@smtp.example.net:587');
  t.is(prod.host, 'smtp.example.net');
  t.is(prod.port, 587);
  t.false(prod.secure);
  t.true(prod.requireTLS);
  t.deepEqual(prod.auth, { user: 'user@board.example', pass: 'p@ss' });
  const smtps = smtpOptionsFromUrl('smtps://smtp.example.net');
  t.true(smtps.secure);
  t.is(smtps.port, 465);
  const plain = smtpOptionsFromUrl('smtp://127.0.0.1:2525', { allowPlaintext: true });
  t.false(plain.requireTLS);
  t.true(plain.ignoreTLS);
});

test('sent: the server has the exact bytes, envelope and Message-ID', async (t) => {
  const sink = await startSmtpSink();
  try {
    const built = await buildRawMessage(message);
    const outcome = await sendMail(smtpOptionsFromUrl(sink.url, { allowPlaintext: true }), built);
    t.like(outcome, { status: 'sent', messageId: '<outreach.m1@board.example>', accepted: ['jane.doe@example.org'] });
    const [got] = await sink.waitFor(1);
    t.is(got?.from, 'reply+tok@replies.board.example');
    const trim = (b: Buffer | undefined) => (b ?? Buffer.alloc(0)).toString().replace(/(\r\n)+$/, '');
    t.is(trim(got?.raw), trim(built.raw));
    t.true(got?.text.includes('\r\n.\r\nA line with a lone dot'));
  } finally {
    await sink.stop();
  }
});

test('permanent: 5xx on RCPT marks the message failed', async (t) => {
  const sink = await startSmtpSink({ rejectRecipient: () => ({ code: 550, message: '5.1.1 No such user' }) });
  try {
    const outcome = await sendMail(smtpOptionsFromUrl(sink.url, { allowPlaintext: true }), message);
    t.like(outcome, { status: 'permanent', responseCode: 550 });
    t.is(sink.messages.length, 0);
  } finally {
    await sink.stop();
  }
});

test('transient: 4xx on RCPT, a dropped connection before DATA, a refused connection', async (t) => {
  const deferred = await startSmtpSink({ rejectRecipient: () => ({ code: 451, message: '4.7.1 Try again later' }) });
  const dropping = await startSmtpSink({ dropAtMailFrom: () => true });
  try {
    t.like(await sendMail(smtpOptionsFromUrl(deferred.url, { allowPlaintext: true }), message), { status: 'transient', responseCode: 451 });
    t.like(await sendMail(smtpOptionsFromUrl(dropping.url, { allowPlaintext: true }), message), { status: 'transient', responseCode: null });
    const closedPort = dropping.port;
    await dropping.stop();
    t.like(await sendMail(smtpOptionsFromUrl(`smtp://127.0.0.1:${closedPort}`, { allowPlaintext: true }), message), { status: 'transient' });
  } finally {
    await deferred.stop();
  }
});

test('unknown: the data went out and no answer came; the task must not re-send blindly', async (t) => {
  const sink = await startSmtpSink({ stallAfterData: () => true });
  try {
    const outcome = await sendMail(smtpOptionsFromUrl(sink.url, { allowPlaintext: true, socketTimeoutMs: 500 }), message);
    t.like(outcome, { status: 'unknown', responseCode: null });
  } finally {
    await sink.stop();
  }
});

test('classifySendError table', (t) => {
  t.is(classifySendError({ responseCode: 550, permanent: true }, false), 'permanent');
  t.is(classifySendError({ responseCode: 552 }, true), 'permanent');
  t.is(classifySendError({ responseCode: 503 }, false), 'transient');
  t.is(classifySendError({ responseCode: 421 }, true), 'transient');
  t.is(classifySendError({ code: 'ECONNECTION' }, false), 'transient');
  t.is(classifySendError({ code: 'ECONNECTION' }, true), 'unknown');
  t.is(classifySendError({ code: 'ETIMEDOUT' }, true), 'unknown');
  t.is(classifySendError({ code: 'EAUTH' }, false), 'transient');
  t.is(classifySendError({ code: 'EMESSAGE' }, false), 'permanent');
});
