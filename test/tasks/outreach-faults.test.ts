// Outreach's outside dependencies failing, through fronts that refuse (down) or accept and never
// answer (hang): the SMTP relay, the IMAP reply mailbox and a channel webhook. Each attempt ends
// within its configured timeout, a temporary failure is retried by graphile-worker with growing
// backoff, nothing is lost or sent twice when the dependency is back, the public office names what
// is wrong while it lasts, and a real worker process keeps running (no crash loop) while all three
// are down or hanging.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { enqueue } from '../../lib/jobs.ts';
import { startFaultyFront, type FaultyFront } from '../helpers/faulty-front.ts';
import { REPLY_DOMAIN, startOutreachWorld, type OutreachWorld, type Resident } from '../helpers/outreach.ts';
import { startProcess } from '../helpers/processes.ts';
import { until } from '../helpers/until.ts';

let w: OutreachWorld;
let smtp: FaultyFront;
let imap: FaultyFront;
let hook: FaultyFront;
let hookServer: http.Server;
const hookReceived: string[] = [];
let agent: Resident;
// A hanging front is cut at this timeout, set for the attempts that meet one; every other attempt
// runs with the app's timeouts (GENEROUS_S), which a loaded machine never reaches.
const TIMEOUT_S = 1;
const GENEROUS_S = '120';
const HANG_ENV = { SMTP_TIMEOUT_SECONDS: String(TIMEOUT_S), IMAP_TIMEOUT_SECONDS: String(TIMEOUT_S), WEBHOOK_TIMEOUT_SECONDS: String(TIMEOUT_S) };

test.before(async () => {
  hookServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hookReceived.push(JSON.parse(Buffer.concat(chunks).toString('utf8')).post_id);
      res.end('posted');
    });
  });
  await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
  [smtp, imap, hook] = await Promise.all([
    startFaultyFront(),
    startFaultyFront(),
    startFaultyFront({ host: '127.0.0.1', port: (hookServer.address() as AddressInfo).port }),
  ]);
  w = await startOutreachWorld({
    imap: true,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      IMAP_URL: `imap://${encodeURIComponent(`replies@${REPLY_DOMAIN}`)}:secret@127.0.0.1:${imap.port}/INBOX`,
      MESSAGING_WEBHOOK_URL: `http://127.0.0.1:${hook.port}/messaging`,
      SMTP_TIMEOUT_SECONDS: GENEROUS_S,
      IMAP_TIMEOUT_SECONDS: GENEROUS_S,
      WEBHOOK_TIMEOUT_SECONDS: GENEROUS_S,
    },
  });
  smtp.target = { host: '127.0.0.1', port: w.sink.port };
  imap.target = { host: '127.0.0.1', port: w.dovecot!.port };
  await w.setup({ mode: 'auto', fleet_cap: 100 });
  agent = await w.resident('faults');
  const channel = await w.app.request('PUT', '/v1/outreach/channels/messaging', { key: w.ownerKey, body: { label: 'Our messaging' } });
  if (channel.status !== 200) throw new Error(channel.text);
  // The mailbox read once, as the minute's poll does: until then the office says it was never read.
  await w.app.db.transaction((tx) => enqueue(tx, 'mailbox__poll', {}));
  await w.app.runJobs({ only: ['mailbox__poll'] });
});
test.after.always(async () => {
  await w?.stop();
  await Promise.all([smtp?.stop(), imap?.stop(), hook?.stop()]);
  hookServer?.close();
});

const Job = z.object({ attempts: z.number(), last_error: z.string().nullable(), delay_s: z.number() });
/** The job's attempts, last error and how far its next run is (the backoff graphile-worker chose). */
const jobOf = (task: string, key?: string) =>
  w.app.db.maybeOne(sql.type(Job)`
    select attempts, last_error, extract(epoch from run_at - now())::float8 as delay_s from graphile_worker.jobs
    where task_identifier = ${task} ${key ? sql.fragment`and key = ${key}` : sql.fragment``} order by id desc limit 1`);
const problems = async () =>
  (await w.app.request('GET', '/api/office')).body.outreach.problems as Array<{
    source: string;
    channel?: string;
    waiting?: number;
    since: string | null;
    message: string;
  }>;
const emailRow = (id: string) =>
  w.app.db.one(
    sql.type(z.object({ status: z.string(), status_reason: z.string().nullable() }))`select status, status_reason from outreach_messages where id = ${id}`,
  );
const postRow = (id: string) =>
  w.app.db.one(
    sql.type(z.object({ status: z.string(), status_reason: z.string().nullable() }))`select status, status_reason from outreach_channel_posts where id = ${id}`,
  );
/** Runs the due jobs of `task`. */
const attempt = (task: string) => w.app.runJobs({ only: [task] });
/** Runs the due jobs of `task` against a front that never answers: only the short timeout ends it. */
const hungAttempt = (task: string) => w.app.runJobs({ only: [task], env: HANG_ENV });

test.serial('SMTP down, then hanging, then back: bounded attempts, growing backoff, the office says so, sent once', async (t) => {
  t.deepEqual(await problems(), [], 'nothing is wrong before the faults');
  const contact = await w.addContact(agent, 'writer@outlet3.test');
  await smtp.set('down');
  const res = await w.email(agent, contact);
  t.is(res.status, 201, res.text);
  const id = res.body.message_id as string;
  await attempt('email__send');
  t.like(await emailRow(id), { status: 'approved' });
  t.regex((await emailRow(id)).status_reason ?? '', /^retrying after a temporary failure/);
  const first = (await jobOf('email__send', `email__send:${id}`))!;
  t.is(first.attempts, 1);
  t.true(first.delay_s > 0, 'the retry waits');
  t.like(
    (await problems()).find((p) => p.source === 'smtp'),
    { waiting: 1 },
  );
  t.false(JSON.stringify(await problems()).includes('127.0.0.1'), 'the public office carries no raw error');

  await smtp.set('hang');
  await hungAttempt('email__send');
  const second = (await jobOf('email__send', `email__send:${id}`))!;
  t.is(second.attempts, 2, 'the hung attempt ended (SMTP_TIMEOUT_SECONDS) and failed');
  t.true(second.delay_s > first.delay_s, `backoff grows: ${first.delay_s} s then ${second.delay_s} s`);
  t.like(await emailRow(id), { status: 'approved' }, 'no greeting came, so nothing left: retried, not unknown');
  t.true(smtp.connections >= 1, 'the hanging relay was reached');

  await smtp.set('forward');
  await attempt('email__send');
  t.like(await emailRow(id), { status: 'sent' });
  t.is(w.sink.messages.filter((m) => m.to.includes('writer@outlet3.test')).length, 1, 'delivered once');
  t.is(
    (await problems()).find((p) => p.source === 'smtp'),
    undefined,
    'the office clears when the relay takes it',
  );
});

test.serial('IMAP down, then hanging, then back: the poll fails boundedly and is retried; the office names the unread mailbox until a read', async (t) => {
  await imap.set('down');
  await w.app.db.transaction((tx) => enqueue(tx, 'mailbox__poll', {}));
  await attempt('mailbox__poll');
  const first = (await jobOf('mailbox__poll'))!;
  t.is(first.attempts, 1);
  t.truthy(first.last_error);
  t.true(first.delay_s > 0);
  t.is(
    (await problems()).find((p) => p.source === 'imap'),
    undefined,
    'one missed minute is not yet a problem',
  );
  w.app.clock.advance(6 * 60_000);
  t.truthy(
    (await problems()).find((p) => p.source === 'imap'),
    'five missed minutes are',
  );

  await imap.set('hang');
  await hungAttempt('mailbox__poll');
  const second = (await jobOf('mailbox__poll'))!;
  t.is(second.attempts, 2, 'the hung poll ended (IMAP_TIMEOUT_SECONDS) and failed');
  t.true(second.delay_s > first.delay_s, `backoff grows: ${first.delay_s} s then ${second.delay_s} s`);
  t.truthy((await problems()).find((p) => p.source === 'imap'));

  await imap.set('forward');
  await attempt('mailbox__poll');
  t.is(await jobOf('mailbox__poll'), null, 'the poll succeeded and its job is done');
  t.is(
    (await problems()).find((p) => p.source === 'imap'),
    undefined,
    'the mailbox was read',
  );
});

test.serial('a channel webhook down is retried; one that hangs is cut at its timeout and held as unknown for the owner', async (t) => {
  const post = async (text: string) => {
    const res = await w.app.request('POST', '/v1/outreach/post', { key: agent.key, body: { channel: 'messaging', experiment_id: agent.experimentId, text } });
    if (res.status !== 201 && res.status !== 202) throw new Error(`${res.status} ${res.text}`);
    return res.body.post_id as string;
  };
  await hook.set('down');
  const retried = await post('A measured result from an AI agent of Agent Board, source /outreach.');
  await attempt('channel_post__deliver');
  t.like(await postRow(retried), { status: 'pending' });
  t.like(
    (await problems()).find((p) => p.source === 'webhook'),
    { channel: 'messaging', waiting: 1 },
  );

  await hook.set('forward');
  await attempt('channel_post__deliver');
  t.like(await postRow(retried), { status: 'sent' });
  t.deepEqual(hookReceived, [retried], 'the retried post arrived once');
  t.is(
    (await problems()).find((p) => p.source === 'webhook'),
    undefined,
  );

  await hook.set('hang');
  const hungPost = await post('Another measured result from an AI agent of Agent Board, source /outreach.');
  await hungAttempt('channel_post__deliver');
  t.like(await postRow(hungPost), { status: 'unknown' }, 'cut at WEBHOOK_TIMEOUT_SECONDS; it may have been posted: never re-sent blindly');
  t.like(
    (await problems()).find((p) => p.source === 'webhook'),
    { waiting: 1 },
    'the unknown post waits for the owner',
  );
  await hook.set('forward');
  await attempt('channel_post__deliver');
  t.like(await postRow(hungPost), { status: 'unknown' });
  t.deepEqual(hookReceived, [retried], 'the unknown post was not re-sent');
});

test.serial('a real worker process with SMTP, IMAP and the webhook down or hanging keeps running: no crash loop', async (t) => {
  await Promise.all([smtp.set('down'), imap.set('hang'), hook.set('hang')]);
  const contact = await w.addContact(agent, 'editor@outlet4.test');
  const email = await w.email(agent, contact);
  t.is(email.status, 201);
  await w.app.db.transaction((tx) => enqueue(tx, 'mailbox__poll', {}));
  const before = (await jobOf('email__send'))?.attempts ?? 0;
  const env = {
    DATABASE_URL: w.app.databaseUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    IMAP_URL: `imap://${encodeURIComponent(`replies@${REPLY_DOMAIN}`)}:secret@127.0.0.1:${imap.port}/INBOX`,
    MESSAGING_WEBHOOK_URL: `http://127.0.0.1:${hook.port}/messaging`,
    MAIL_ALLOW_PLAINTEXT: 'true',
    SMTP_TIMEOUT_SECONDS: '1',
    IMAP_TIMEOUT_SECONDS: '1',
    WEBHOOK_TIMEOUT_SECONDS: '1',
  };
  const worker = await startProcess('worker', env, 'worker running');
  try {
    // Both failures happened (each attempt ends at its 1 s timeout or at once), then the worker is
    // watched a little longer: a crash after a failure would show as an exit.
    await until('the send to fail', async () => ((await jobOf('email__send'))?.attempts ?? 0) > before, undefined, 100);
    await until('the poll to fail', async () => ((await jobOf('mailbox__poll'))?.attempts ?? 0) >= 1, undefined, 100);
    await new Promise((r) => setTimeout(r, 3000));
    t.is(worker.child.exitCode, null, 'the worker is still running');
    t.is(worker.child.signalCode, null);
    t.true(((await jobOf('email__send'))?.attempts ?? 0) > before, 'it ran the send and got the failure');
    t.true(((await jobOf('mailbox__poll'))?.attempts ?? 0) >= 1, 'it ran the poll and got the failure');
    t.is(worker.lines.filter((l) => l.msg === 'worker running').length, 1, 'started once');
    t.deepEqual(
      worker.lines.filter((l) => Number(l.level) >= 60),
      [],
      'no fatal line',
    );
  } finally {
    await worker.stop();
  }
});
