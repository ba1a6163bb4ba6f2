// A worker process (workers/main.ts) SIGKILLed while it holds a job of every task in tasks/, each in
// flight for real: the email sends and the reply forward wait on an SMTP relay that has not greeted
// yet, the channel post on a webhook relay that has not answered, and every other task on the
// database lock a concurrent run or a concurrent writer would hold (advisory locks for normalisation,
// materialisation, scorecards and the Show queue; table locks for the prunes (pub__prune included), the snapshot, outreach
// recovery and the mailbox checkpoint; a row lock for the liveness sweep itself).
// A second worker starts at once. Its crontab's worker__release_dead (every minute) releases the
// dead worker's jobs once its heartbeat is older than WORKER_DEAD_AFTER_SECONDS, each runs again and
// completes, and every effect happens exactly once: each mirror post's number, both feeds, one
// scorecard, one email per message and one forward per reply at the SMTP server, one delivery per
// channel post at the webhook. The outreach rows the dead attempt had claimed are taken back by
// outreach__recover (docs/outreach.md), and the channel post the dead attempt had handed over is
// resolved by the owner from the relay's record.
// How long recovery takes is not asserted here (a loaded machine stretches it): README "Faults"
// states the bound, and bench/worker-crash.ts measures it with production settings.
import test from 'ava';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { parseCrontab } from 'graphile-worker';
import { pino } from 'pino';
import { sql } from 'slonik';
import { z } from 'zod';
import { createAccount, setRole } from '../../lib/accounts/admin.ts';
import { enqueue, isTaskName } from '../../lib/jobs.ts';
import { handleIncoming } from '../../lib/outreach/replies.ts';
import { taskList } from '../../tasks/index.ts';
import { fetcher, xItem } from '../helpers/mirror.ts';
import { headersOf, queueApprovedEmails, REPLY_DOMAIN, startOutreachWorld, type OutreachWorld } from '../helpers/outreach.ts';
import { doneTimes, exited, holdLocks, jobsHeldBy, poolOf, startWorker as spawnWorker, type HeldLocks } from '../helpers/worker-crash.ts';
import { until } from '../helpers/until.ts';

// Shorter than production's (10 s and 40 s), so the sweep finds the dead worker in its next minute;
// long enough that a live worker on a loaded machine never misses enough beats to give up on itself.
const HEARTBEAT_SECONDS = 2;
const DEAD_AFTER_SECONDS = 20;
// Recovery leaves a claim alone while its job is locked (sql/queries/job-keys.ts), so however long
// the setup takes on a loaded machine, the dead attempt's claims wait for the sweep to release its
// jobs. (Before that rule, a recovery run between the kill and the release re-enqueued a send under
// its key, graphile-worker detached the dead worker's job, and the release left it permanently failed.)
const STALE_SECONDS = 60;
// Only turns a scenario that never completes into a failure instead of a hang.
const NEVER_MS = 10 * 60_000;
const MIRRORED = 3;

/** A TCP relay in front of the SMTP server that, while held, accepts connections and says nothing. */
async function holdingRelay(upstreamPort: number) {
  let held = true;
  const waiting = new Set<Socket>();
  const pipe = (client: Socket) => {
    const up = connect(upstreamPort, '127.0.0.1');
    client.pipe(up).pipe(client);
    up.on('error', () => client.destroy());
    client.on('error', () => up.destroy());
  };
  const server = createNetServer((client) => {
    client.on('error', () => {});
    if (!held) return pipe(client);
    waiting.add(client);
    client.on('close', () => waiting.delete(client));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held: () => waiting.size,
    release() {
      held = false;
      for (const c of waiting) pipe(c);
      waiting.clear();
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A channel relay: posts a request when it answers 2xx; while held, it answers nothing. */
async function holdingWebhook() {
  let held = true;
  const posted: string[] = [];
  const pending = new Set<{ req: IncomingMessage; res: ServerResponse; id: string }>();
  const answer = (p: { res: ServerResponse; id: string }) => {
    posted.push(p.id);
    p.res.end('posted');
  };
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = String(JSON.parse(Buffer.concat(chunks).toString('utf8')).post_id);
      const p = { req, res, id };
      if (!held) return answer(p);
      pending.add(p);
      // The client went away before an answer: nothing was posted.
      res.on('close', () => pending.delete(p));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/messaging`,
    posted,
    held: () => pending.size,
    release() {
      held = false;
      for (const p of pending) if (!p.res.destroyed) answer(p);
      pending.clear();
    },
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let w: OutreachWorld;
let relay: Awaited<ReturnType<typeof holdingRelay>>;
let hook: Awaited<ReturnType<typeof holdingWebhook>>;
const workers: ChildProcess[] = [];
const lockers: HeldLocks[] = [];

test.before(async () => {
  logDir = await mkdtemp(join(tmpdir(), 'board-crash-logs-'));
  hook = await holdingWebhook();
  w = await startOutreachWorld({ imap: true, env: { MESSAGING_WEBHOOK_URL: hook.url, POSTS_PER_DAY: '1000' } });
  relay = await holdingRelay(w.sink.port);
  await w.setup({ mode: 'auto', fleet_cap: 1000 });
});
test.after.always(async () => {
  for (const c of workers) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await Promise.all(workers.map(exited));
  for (const l of lockers) await l.abandon();
  await w?.stop();
  await relay?.stop();
  await hook?.stop();
  if (logDir) await rm(logDir, { recursive: true, force: true });
});

// Each worker's debug log, read back only when recovery fails (which pool took and released which job).
let logDir = '';
const logs: string[] = [];

function startWorker(): ChildProcess {
  const log = join(logDir, `worker-${logs.length}.log`);
  logs.push(log);
  const child = spawnWorker(
    {
      DATABASE_URL: w.app.databaseUrl,
      SMTP_URL: relay.url,
      MAIL_ALLOW_PLAINTEXT: 'true',
      IMAP_URL: w.dovecot!.url,
      MESSAGING_WEBHOOK_URL: hook.url,
      IMAP_AUTHSERV_ID: 'mx.board.test',
      BASE_URL: 'http://board.test',
      WORKER_CONCURRENCY: '24',
      WORKER_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS),
      WORKER_DEAD_AFTER_SECONDS: String(DEAD_AFTER_SECONDS),
      OUTREACH_STALE_SECONDS: String(STALE_SECONDS),
      // The held sends and the held channel post stay in flight until the kill, however long the
      // setup takes on a loaded machine.
      SMTP_TIMEOUT_SECONDS: '600',
      WEBHOOK_TIMEOUT_SECONDS: '600',
      // Show publication enabled, so its preparer takes its lock.
      SHOW_X_ACCOUNT: 'agentboard',
      // A job waiting on a lock this test holds waits, however long the setup takes on a loaded
      // machine: cancelled at 30 s, it would fail and back off exponentially (e^attempts seconds),
      // and after a few rounds its rerun would come minutes after the kill.
      WORKER_STATEMENT_TIMEOUT_MS: String(NEVER_MS),
    },
    log,
  );
  workers.push(child);
  return child;
}

async function held(...statements: string[]): Promise<HeldLocks> {
  const locks = await holdLocks(w.app.databaseUrl, ...statements);
  lockers.push(locks);
  return locks;
}

const Count = z.object({ n: z.number() });

test('a worker SIGKILLed holding a job of every task: each runs again, every effect happens once', async (t) => {
  t.timeout(30 * 60_000);
  w.app.clock.set(new Date());
  const db = w.app.db;
  const kinds = Object.keys(taskList({ ...w.app.deps, logger: pino({ level: 'silent' }) })).sort();
  const cron = parseCrontab(await readFile(new URL('../../crontab', import.meta.url), 'utf8'));

  // The jobs with an outside effect, queued by what queues them in production.
  const resident = await w.resident('crash_all');
  const emails = await queueApprovedEmails(w, resident, ['reader0@outlet1.test', 'reader1@outlet2.test']);
  const reply = await handleIncoming(
    w.app.deps,
    {
      mailbox: 'INBOX',
      uidValidity: '1',
      uid: 1,
      source: Buffer.from(
        [
          'From: Kai Berg <kai@outlet3.test>',
          `To: replies@${REPLY_DOMAIN}`,
          'Subject: Re: your experiment',
          'Date: Tue, 24 Nov 2026 10:00:00 +0000',
          'Message-ID: <crash-reply-1@outlet3.test>',
          'Content-Type: text/plain; charset=utf-8',
          '',
          'Thanks, tell me more about the method.',
          '',
        ].join('\r\n'),
      ),
    },
    REPLY_DOMAIN,
  );
  t.is(reply.kind, 'reply');
  const replyId = reply.id!;
  t.is((await w.app.request('PUT', '/v1/outreach/channels/messaging', { key: w.ownerKey, body: { label: 'Our messaging' } })).status, 200);
  const channel = await w.app.request('POST', '/v1/outreach/post', {
    key: resident.key,
    body: { channel: 'messaging', text: 'An AI agent of Agent Board: our experiment log is public.', experiment_id: resident.experimentId },
  });
  t.is(channel.status, 201, channel.text);
  const channelPostId = channel.body.post_id as string;
  const f = await fetcher(w.app);
  const ingested = await f.ingest(Array.from({ length: MIRRORED }, (_, i) => xItem({ authorId: String(90_000 + i) })));
  const mirrored: string[] = ingested.body.results.map((r: { id: string }) => r.id);
  t.is(mirrored.length, MIRRORED);
  const { account: keeper } = await createAccount(w.app.deps, 'scorekeeper');
  await setRole(w.app.deps, keeper.name, 'scorekeeper', true);

  // Every other task, queued as its crontab line queues it (the same key, queue and attempts).
  const queued = new Set(await db.anyFirst(sql.type(z.object({ task_identifier: z.string() }))`select distinct task_identifier from graphile_worker.jobs`));
  const later = new Set(['outreach__recover']);
  const queueRest = async (only: (kind: string) => boolean) => {
    for (const kind of kinds.filter((k) => !queued.has(k) && only(k))) {
      const line = cron.find((c) => c.task === kind);
      if (!line) throw new Error(`${kind}: queued by nothing here and by no crontab line`);
      if (!isTaskName(kind)) throw new Error(`${kind} is not a registered task (lib/jobs.ts)`);
      await enqueue(db, kind, {}, { jobKey: line.options.jobKey, queueName: line.options.queueName, maxAttempts: line.options.maxAttempts });
      queued.add(kind);
    }
  };
  await queueRest((k) => !later.has(k));

  // Held for real, as concurrent runs and writers would hold them.
  await db.query(sql.type(z.object({}))`
    insert into worker_heartbeats (pool_id, host, pid, beat_at) values ('held-by-test', 'test', 0, now() - interval '1 hour')`);
  const locks = await held(
    // The mirror's sequencer pass (its normalisation, and the sequencer sweep feed__position), the search index.
    `select pg_advisory_xact_lock(7341050, hashtext('mirror')), pg_advisory_xact_lock(hashtext('post_search'))`,
    `select pg_advisory_xact_lock(hashtext('feed:jobs')), pg_advisory_xact_lock(hashtext('feed:leaderboard'))`,
    `select pg_advisory_xact_lock(hashtext('scorecards')), pg_advisory_xact_lock(hashtext('show:publication'))`,
    'lock table score_snapshots, rate_counters, oauth_store, pub_requests in share mode',
    'lock table outreach_mailbox_checkpoints in access exclusive mode',
    // The sweep's claim waits on a row it would delete.
    `select 1 from worker_heartbeats where pool_id = 'held-by-test' for update`,
  );

  const a = startWorker();
  const poolA = await poolOf(db, a, NEVER_MS);
  await until('the relays to hold every send', () => relay.held() >= 3 && hook.held() >= 1, NEVER_MS);
  // Outreach recovery reads the rows the sends have claimed: held once they are in flight.
  const recoverLock = await held('lock table outreach_messages in access exclusive mode');
  await queueRest(() => true);
  let missing: string[] = kinds;
  await until(
    'every kind of job in flight',
    async () => {
      const inFlight = new Set((await jobsHeldBy(db, poolA)).map((j) => j.task_identifier));
      missing = kinds.filter((k) => !inFlight.has(k));
      return missing.length === 0;
    },
    NEVER_MS,
    200,
  ).catch(async (err: Error) => {
    t.log(
      'worker alive:',
      a.exitCode,
      a.signalCode,
      await db.any(sql.type(z.any())`select id, task_identifier, locked_by, attempts, max_attempts, last_error from graphile_worker.jobs`),
    );
    throw new Error(`${err.message}: ${missing.join(', ')} not held`);
  });

  a.kill('SIGKILL');
  await exited(a);
  const killedAt = Date.now();
  const dead = await jobsHeldBy(db, poolA);
  t.log('the dead worker held', countBy(dead.map((j) => j.task_identifier)));
  t.deepEqual([...new Set(dead.map((j) => j.task_identifier))].sort(), kinds, 'a job of every task was in flight');

  await Promise.all([locks.release(), recoverLock.release()]);
  relay.release();
  hook.release();
  const b = startWorker();

  // Each held job runs again and completes (every one of them: doneTimes waits for all).
  const recovery = await doneTimes(db, dead, killedAt, NEVER_MS).catch(async (err: Error) => {
    // What the workers did with the jobs left, and every release and lost heartbeat.
    const left = [...err.message.matchAll(/"id":(\d+)/g)].map((m) => m[1]);
    const jobIds = new RegExp(`(?:Found task |jobId":"|"id":")(?:${left.join('|') || 'none'})\\b`);
    for (const log of logs) {
      const lines = (await readFile(log, 'utf8').catch(() => '')).split('\n');
      t.log(
        log,
        lines
          .filter((l) => jobIds.test(l) || /released|heartbeat|lost|giving up/i.test(l))
          .slice(-80)
          .join('\n'),
      );
    }
    throw err;
  });
  t.deepEqual(Object.keys(recovery), kinds, 'every task ran again');
  t.log('kill → held job done (ms), by task (a figure, not a bound: bench/worker-crash.ts):', recovery);
  t.is(
    await db.oneFirst(sql.type(Count)`select count(*)::int as n from worker_heartbeats where pool_id in (${poolA}, 'held-by-test')`),
    0,
    'the dead rows were claimed',
  );

  // The outreach rows the dead attempt claimed: outreach__recover takes them back once stale.
  await until(
    'outreach recovery',
    async () => {
      await enqueue(db, 'outreach__recover', {});
      await new Promise((r) => setTimeout(r, 2000));
      const claimed = await db.oneFirst(sql.type(Count)`
        select (select count(*) from outreach_messages where id = any(${sql.array(emails, 'uuid')}) and status = 'sending')
             + (select count(*) from outreach_replies where id = ${replyId} and forward_status = 'sending')
             + (select count(*) from outreach_channel_posts where id = ${channelPostId} and status = 'sending') as n`);
      return claimed === 0;
    },
    NEVER_MS,
  );
  t.is(await db.oneFirst(sql.type(z.object({ status: z.string() }))`select status from outreach_channel_posts where id = ${channelPostId}`), 'unknown');
  // The owner decides from the relay's record: the dead attempt's request was never answered.
  t.false(hook.posted.includes(channelPostId));
  const resolved = await w.app.request('POST', `/v1/outreach/channel-posts/${channelPostId}/resolve`, { key: w.ownerKey, body: { outcome: 'resend' } });
  t.is(resolved.status, 200, resolved.text);
  await until(
    'every outreach effect',
    async () => {
      const sent = await db.oneFirst(
        sql.type(Count)`select count(*)::int as n from outreach_messages where id = any(${sql.array(emails, 'uuid')}) and status = 'sent'`,
      );
      const forwarded = await db.maybeOneFirst(
        sql.type(z.object({ forward_status: z.string() }))`select forward_status from outreach_replies where id = ${replyId}`,
      );
      const posted = await db.maybeOneFirst(sql.type(z.object({ status: z.string() }))`select status from outreach_channel_posts where id = ${channelPostId}`);
      return sent === emails.length && forwarded === 'sent' && posted === 'sent';
    },
    NEVER_MS,
    200,
  );
  t.log(`every effect done ${Date.now() - killedAt} ms after the kill`);
  b.kill('SIGTERM');
  await exited(b);
  t.is(b.exitCode, 0, 'a clean stop');
  t.is(await db.oneFirst(sql.type(Count)`select count(*)::int as n from worker_heartbeats`), 0, 'a clean stop removes its heartbeat');

  // Exactly once, everywhere.
  const seqs = await db.anyFirst(
    sql.type(z.object({ seq: z.number().nullable() }))`select seq from mirror_posts where id = any(${sql.array(mirrored, 'uuid')})`,
  );
  t.is(seqs.length, mirrored.length);
  t.true(
    seqs.every((s) => s !== null),
    'every mirror post normalised',
  );
  t.is(new Set(seqs).size, mirrored.length, 'one mirror number each');
  t.deepEqual([...(await db.anyFirst(sql.type(z.object({ name: z.string() }))`select name from feed_snapshots order by name`))], ['jobs', 'leaderboard']);
  t.is(await db.oneFirst(sql.type(Count)`select count(*)::int as n from posts where author_id = ${keeper.id} and title like 'Scorecard%'`), 1, 'one scorecard');
  t.is(await db.oneFirst(sql.type(Count)`select count(*)::int as n from posts where seq is null`), 0, 'every post positioned');
  t.is(
    await db.oneFirst(sql.type(Count)`select count(*)::int as n from posts p where not exists (select 1 from post_search s where s.post_id = p.id)`),
    0,
    'every post indexed for search, once (its key)',
  );
  const ids = w.sink.messages.map((m) => headersOf(m.text)['message-id']);
  for (const id of emails) t.is(ids.filter((x) => x === `<outreach.${id}@board.test>`).length, 1, 'one email per message');
  t.is(ids.filter((x) => x?.startsWith(`<outreach.reply.${replyId}@`)).length, 1, 'one forward per reply');
  t.deepEqual(hook.posted, [channelPostId], 'one delivery per channel post');
  t.is(await db.oneFirst(sql.type(Count)`select count(*)::int as n from graphile_worker.jobs where locked_at is not null`), 0);
});

function countBy(values: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}
