// The email__send task and outreach__recover against a real SMTP server: the message as it leaves
// (sender, reply routing, footer, one-click unsubscribe, stable Message-ID), exactly once across
// duplicate jobs, retries of temporary failures, permanent refusals, unknown outcomes and the
// owner's resolution, the fence against a revived attempt, recovery after a stopped worker, and no
// recovery of a claim whose job a worker still holds.
import test from 'ava';
import { EventEmitter } from 'node:events';
import { run, Logger, type WorkerEvents } from 'graphile-worker';
import { simpleParser } from 'mailparser';
import { sql } from 'slonik';
import { z } from 'zod';
import { enqueue } from '../../lib/jobs.ts';
import { sendMail } from '../../lib/mail/smtp.ts';
import { recoverOutreach, smtpOf } from '../../lib/outreach/sending.ts';
import { createOutreachMessagesQueries } from '../../sql/queries/outreach-messages.ts';
import { createOutreachSuppressionsQueries } from '../../sql/queries/outreach-suppressions.ts';
import { NoRow } from '../../sql/rows.ts';
import { releaseDeadWorkers } from '../../lib/workers/release-dead.ts';
import { dropJobs } from '../helpers/jobs.ts';
import { headersOf, MAILBOX, startOutreachWorld, type OutreachWorld, type Resident } from '../helpers/outreach.ts';
import { until } from '../helpers/until.ts';

const flags = { dropAtMailFrom: 0, stall: false, reject: new Set<string>() };
// A relay that stalls after the data is cut at this timeout, set for those runs only; every other
// send has the app's, which a loaded machine never reaches.
const STALLED = { env: { SMTP_TIMEOUT_SECONDS: '1' } };
let w: OutreachWorld;
test.before(async () => {
  w = await startOutreachWorld({
    env: { SMTP_TIMEOUT_SECONDS: '120', OUTREACH_STALE_SECONDS: '600' },
    smtp: {
      dropAtMailFrom: () => (flags.dropAtMailFrom > 0 ? flags.dropAtMailFrom-- > 0 : false),
      stallAfterData: () => flags.stall,
      rejectRecipient: (address) => (flags.reject.has(address) ? { code: 550, message: '5.1.1 No such user' } : null),
    },
  });
  await w.setup({ mode: 'auto', fleet_cap: 100 });
});
test.after.always(async () => {
  await w?.stop();
});

const MINUTE = 60_000;
const silentWorker = new Logger(() => () => {});
let n = 0;
const row = (id: string) =>
  w.app.db.one(sql.type(z.object({ status: z.string(), status_reason: z.string().nullable(), attempts: z.number(), sent_at: z.string().nullable() }))`
    select status, status_reason, attempts, sent_at from outreach_messages where id = ${id}`);
const deliveredTo = (address: string) => w.sink.messages.filter((m) => m.to.includes(address));

async function emailTo(agent: Resident, outlet: string): Promise<{ id: string; address: string }> {
  const address = `writer${++n}@${outlet}`;
  const contact = await w.addContact(agent, address);
  const res = await w.email(agent, contact);
  if (res.status !== 201) throw new Error(res.text);
  return { id: res.body.message_id, address };
}

test.serial('the message: sender, reply routing, the footer the agent cannot remove, one-click unsubscribe', async (t) => {
  w.app.clock.set('2026-11-24T09:00:00.000Z');
  const a = await w.resident('send_msg');
  const { id, address } = await emailTo(a, 'outlet1.test');
  await w.runJobs();
  const [mail] = deliveredTo(address);
  t.truthy(mail);
  const h = headersOf(mail!.text);
  t.is(h['from'], `"${a.name} (AI agent)" <${MAILBOX}>`);
  t.is(h['message-id'], `<outreach.${id}@board.test>`);
  t.is(h['date'], 'Tue, 24 Nov 2026 09:00:00 +0000');
  t.is(h['x-mailer'], undefined);
  const text = (await simpleParser(mail!.raw)).text ?? '';
  t.true(text.includes('\n-- \n'), 'the signature separator');
  for (const line of [
    `This email was written by ${a.name}, an AI agent of Agent Board (http://board.test).`,
    "Ada Owner, the service's human owner, is responsible for it.",
    `We found your address here: ${w.sourceUrl('outlet1.test')}`,
    'At most one follow-up comes after a first email, and none once you reply.',
    'reply STOP or open http://board.test/outreach/stop/',
    'Every email our agents send is public: http://board.test/outreach',
    'Agent Board, Agent Board Ltd, 1 Example Street, London',
  ]) {
    t.true(text.includes(line), line);
  }
  t.is((await row(id)).status, 'sent');
  // A duplicate job for a sent message does nothing.
  await w.app.db.transaction((tx) => enqueue(tx, 'email__send', { id }));
  await w.runJobs();
  t.is(deliveredTo(address).length, 1);
});

test.serial('a temporary failure before DATA is retried with backoff and delivered once', async (t) => {
  const a = await w.resident('send_retry');
  flags.dropAtMailFrom = 1;
  const { id, address } = await emailTo(a, 'outlet2.test');
  await w.runJobs();
  const first = await row(id);
  t.is(first.status, 'approved');
  t.regex(first.status_reason ?? '', /retrying after a temporary failure/);
  const job = await w.app.db.one(sql.type(z.object({ attempts: z.number(), last_error: z.string().nullable() }))`
    select attempts, last_error from graphile_worker.jobs where key = ${`email__send:${id}`}`);
  t.is(job.attempts, 1);
  t.regex(job.last_error ?? '', /temporary SMTP failure/);
  t.is(deliveredTo(address).length, 0);
  await w.runJobs();
  t.is((await row(id)).status, 'sent');
  t.is((await row(id)).attempts, 2);
  t.is(deliveredTo(address).length, 1);
});

test.serial('a permanent refusal marks the message failed with the reason; failed emails do not count', async (t) => {
  w.app.clock.set('2026-11-25T09:00:00.000Z');
  const a = await w.resident('send_perm');
  const address = 'gone@outlet3.test';
  flags.reject.add(address);
  const contact = await w.addContact(a, address);
  const res = await w.email(a, contact);
  await w.runJobs();
  const r = await row(res.body.message_id);
  t.is(r.status, 'failed');
  t.regex(r.status_reason ?? '', /550/);
  t.is((await w.app.request('GET', `/api/outreach/${res.body.message_id}`)).body.item.status, 'failed');
  // It never left, so it is not a first contact: the address may be pitched again.
  const again = await w.email(a, contact, { subject: 'Second attempt' });
  t.is(again.status, 201);
  t.is(again.body.send_kind, 'first_contact');
  flags.reject.delete(address);
});

test.serial('no answer after the data: unknown, never re-sent blindly; the owner resolves it (resend keeps the Message-ID)', async (t) => {
  w.app.clock.set('2026-11-26T09:00:00.000Z');
  const a = await w.resident('send_unknown');
  flags.stall = true;
  const { id, address } = await emailTo(a, 'outlet4.test');
  await w.runJobs(STALLED);
  flags.stall = false;
  const r = await row(id);
  t.is(r.status, 'unknown');
  t.regex(r.status_reason ?? '', /may have been delivered/);
  await w.runJobs();
  w.app.clock.advance(60 * MINUTE);
  await recoverOutreach(w.app.deps);
  await w.runJobs();
  t.is((await row(id)).status, 'unknown', 'neither a rerun nor recovery re-sends it');
  t.is(deliveredTo(address).length, 0);
  const queue = await w.app.request('GET', '/v1/outreach/queue?status=unknown', { key: w.ownerKey });
  t.true(queue.body.messages.some((m: { message_id: string }) => m.message_id === id));
  const res = await w.app.request('POST', `/v1/outreach/messages/${id}/resolve`, { key: w.ownerKey, body: { outcome: 'resend' } });
  t.is(res.status, 200);
  t.is(res.body.status, 'approved');
  await w.runJobs();
  t.is((await row(id)).status, 'sent');
  const [mail] = deliveredTo(address);
  t.is(headersOf(mail!.text)['message-id'], `<outreach.${id}@board.test>`);
  t.is(headersOf(mail!.text)['date'], 'Thu, 26 Nov 2026 09:00:00 +0000', 'the Date of the first attempt');

  // The other answers: sent (the relay's log shows it went out) or failed.
  flags.stall = true;
  const second = await emailTo(a, 'outlet5.test');
  const third = await emailTo(a, 'outlet6.test');
  await w.runJobs(STALLED);
  flags.stall = false;
  t.is((await row(second.id)).status, 'unknown');
  const sent = await w.app.request('POST', `/v1/outreach/messages/${second.id}/resolve`, { key: w.ownerKey, body: { outcome: 'sent' } });
  t.is(sent.body.status, 'sent');
  t.truthy((await row(second.id)).sent_at);
  const failed = await w.app.request('POST', `/v1/outreach/messages/${third.id}/resolve`, { key: w.ownerKey, body: { outcome: 'failed' } });
  t.is(failed.body.status, 'failed');
  const twice = await w.app.request('POST', `/v1/outreach/messages/${third.id}/resolve`, { key: w.ownerKey, body: { outcome: 'sent' } });
  t.is(twice.status, 409);
  t.is(twice.body.error.code, 'OUTREACH_MESSAGE_STATE');
});

test.serial('a stopped worker: a claim without data goes back and is sent once; a claim with data started becomes unknown', async (t) => {
  w.app.clock.set('2026-11-27T09:00:00.000Z');
  const a = await w.resident('send_crash');
  w.app.clock.set('2026-11-27T08:00:00.000Z');
  const before = await emailTo(a, 'outlet7.test');
  const during = await emailTo(a, 'outlet8.test');
  const q = createOutreachMessagesQueries(w.app.db);
  // Two attempts claimed by a worker that then died: one before the data, one during it.
  const c1 = await q.claim(before.id, w.app.clock.now());
  const c2 = await q.claim(during.id, w.app.clock.now());
  t.truthy(c1 && c2);
  t.true(await q.markDataStarted(during.id, c2!.attempts, w.app.clock.now()));
  await w.runJobs();
  t.is((await row(before.id)).status, 'sending', 'a late job leaves a claimed row alone');
  t.is(deliveredTo(before.address).length, 0);
  w.app.clock.set('2026-11-27T08:09:59.000Z');
  t.deepEqual((await recoverOutreach(w.app.deps)).requeued, 0, 'not stale before OUTREACH_STALE_SECONDS');
  w.app.clock.set('2026-11-27T08:10:01.000Z');
  const counts = await recoverOutreach(w.app.deps);
  t.is(counts.requeued, 1);
  t.is(counts.unknown, 1);
  t.is((await row(during.id)).status, 'unknown');
  // The dead attempt cannot write any more: the fence.
  t.false(await q.markDataStarted(before.id, c1!.attempts, w.app.clock.now()));
  await w.runJobs();
  t.is((await row(before.id)).status, 'sent');
  t.is((await row(before.id)).attempts, 2);
  t.false(await q.recordOutcome(before.id, c1!.attempts, 'failed', 'late', w.app.clock.now()), 'a revived attempt is fenced off');
  t.is((await row(before.id)).status, 'sent');
  t.is(deliveredTo(before.address).length, 1);
  t.is(deliveredTo(during.address).length, 0);
});

test.serial(
  'a stale claim whose job a worker still holds is left alone; released by the sweep, the job runs, and the next recovery takes the claim back',
  async (t) => {
    w.app.clock.set(new Date());
    const a = await w.resident('send_claim_held');
    await w.runJobs();
    const { id, address } = await emailTo(a, 'outlet10.test');
    const key = `email__send:${id}`;
    const Job = z.object({ id: z.string(), key: z.string().nullable(), locked_by: z.string().nullable(), attempts: z.number(), max_attempts: z.number() });
    let jobId = '';
    const jobOf = () =>
      w.app.db.maybeOne(
        sql.type(Job)`select id::text as id, key, locked_by, attempts, max_attempts from graphile_worker.jobs where id::text = ${jobId} or key = ${key}`,
      );
    // A real pool takes the job and hangs in it: a worker stuck mid-send, or one that died holding it.
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const events: WorkerEvents = new EventEmitter();
    let pool = '';
    events.on('pool:create', ({ workerPool }) => (pool = workerPool.id));
    const runner = await run({
      connectionString: w.app.databaseUrl,
      concurrency: 1,
      pollInterval: 100,
      logger: silentWorker,
      events,
      taskList: { email__send: () => gate },
    });
    try {
      await until(
        'the pool to hold the send',
        async () => {
          const job = await jobOf();
          jobId = job?.id ?? '';
          return job?.locked_by === pool;
        },
        undefined,
        100,
      );
      // The attempt it stands for had claimed the row.
      t.truthy(await createOutreachMessagesQueries(w.app.db).claim(id, w.app.clock.now()));
      w.app.clock.advance(11 * MINUTE);
      const held = await recoverOutreach(w.app.deps);
      t.like(held, { requeued: 0, unknown: 0, rescheduled: 0 }, 'a claim whose job is held is not taken back, however old');
      t.like(await jobOf(), { key, locked_by: pool, attempts: 1 }, 'and its job is not detached (key kept, attempts left)');
      t.is((await row(id)).status, 'sending');

      // The pool is silent past the bound: the sweep releases the job, which runs again and finds the claim.
      await w.app.db.query(sql.type(NoRow)`insert into worker_heartbeats (pool_id, host, pid, beat_at) values (${pool}, 'test', 1, now() - interval '1 hour')`);
      t.like(await releaseDeadWorkers(w.app.db, 40_000, async () => ({ jobs: w.app.workerUtils, release: () => {} })), { dead: [pool] });
      await w.runJobs();
      t.is(await jobOf(), null, 'the released job ran and completed');
      t.is((await row(id)).status, 'sending', 'finding the dead attempt’s claim, it sent nothing');
      t.is(deliveredTo(address).length, 0);

      const counts = await recoverOutreach(w.app.deps);
      t.is(counts.requeued, 1, 'now no worker holds its job: the claim goes back');
      await w.runJobs();
      t.is((await row(id)).status, 'sent');
      t.is(deliveredTo(address).length, 1, 'sent once');
      t.is(await jobOf(), null, 'no detached job left in the queue');
    } finally {
      openGate();
      await runner.stop();
    }
  },
);

test.serial('recovery gives an approved message whose job was lost a new job', async (t) => {
  w.app.clock.set('2026-11-28T09:00:00.000Z');
  const a = await w.resident('send_lost');
  const { id, address } = await emailTo(a, 'outlet9.test');
  await dropJobs(w.app, { key: `email__send:${id}` });
  await w.runJobs();
  t.is((await row(id)).status, 'approved');
  w.app.clock.advance(11 * MINUTE);
  t.is((await recoverOutreach(w.app.deps)).rescheduled, 1);
  t.is((await recoverOutreach(w.app.deps)).rescheduled, 0, 'a live job is not doubled');
  await w.runJobs();
  t.is(deliveredTo(address).length, 1);
});

test.serial('an address that opts out between approval and sending is never sent to', async (t) => {
  w.app.clock.set('2026-11-29T09:00:00.000Z');
  const a = await w.resident('send_optout');
  const { id, address } = await emailTo(a, 'outlet10.test');
  // The race the route cannot see: the suppression lands after the message was approved.
  await createOutreachSuppressionsQueries(w.app.db).insert({ address, reason: 'owner', messageId: null, now: w.app.clock.now() });
  await w.runJobs();
  const r = await row(id);
  t.is(r.status, 'cancelled');
  t.regex(r.status_reason ?? '', /opted out/);
  t.is(deliveredTo(address).length, 0);
});

test.serial('the database refuses impossible status moves', async (t) => {
  const a = await w.resident('send_trigger');
  w.app.clock.set('2026-11-30T09:00:00.000Z');
  const { id } = await emailTo(a, 'outlet11.test');
  await w.runJobs();
  const error = await t.throwsAsync(w.app.db.query(sql.type(z.looseObject({}))`update outreach_messages set status = 'approved' where id = ${id}`));
  t.regex((error?.cause as Error).message, /cannot move from sent to approved/);
});

test.serial('the data gate: when the attempt no longer owns the row, not one byte of the message leaves', async (t) => {
  const smtp = smtpOf(w.app.deps)!;
  const before = w.sink.messages.length;
  const message = { from: MAILBOX, to: 'gate@outlet12.test', subject: 'gate', text: 'gate', envelope: { from: MAILBOX, to: 'gate@outlet12.test' } };
  const fenced = await sendMail(smtp, message, { beforeData: async () => false });
  t.is(fenced.status, 'transient');
  t.is(fenced.status !== 'sent' ? fenced.code : null, 'ESTREAM');
  const failing = await sendMail(smtp, message, { beforeData: async () => Promise.reject(new Error('database down')) });
  t.is(failing.status, 'transient');
  await new Promise((r) => setTimeout(r, 100));
  t.is(w.sink.messages.length, before);
  const open = await sendMail(smtp, message, { beforeData: async () => true });
  t.is(open.status, 'sent');
  t.is(w.sink.messages.length, before + 1);
});

test.serial('mode off holds approved emails; turning outreach on again sends them', async (t) => {
  w.app.clock.set('2026-12-01T09:00:00.000Z');
  const a = await w.resident('send_held');
  const { id, address } = await emailTo(a, 'outlet12.test');
  await w.setup({ mode: 'off' });
  await w.runJobs();
  t.is((await row(id)).status, 'approved');
  t.is(deliveredTo(address).length, 0);
  await w.setup({ mode: 'auto' });
  await w.runJobs();
  t.is((await row(id)).status, 'sent');
  t.is(deliveredTo(address).length, 1);
});
