// The crash test: 200 emails accepted in auto mode (one row plus one job each, as the route writes
// them), a real worker process (workers/main.ts) sending them to a real SMTP server, SIGKILLed in
// the middle of the run and started again. The liveness sweep releases the dead worker's jobs and
// recovery (outreach__recover) takes back what it had claimed; any message it cannot judge (the data
// had started to leave) is `unknown`, and the owner resolves it the documented way: the relay's log
// (here, what the SMTP server recorded) says whether it went out, `sent` if it did, `resend` if it
// did not. In the end every message is sent, and the SMTP server received each exactly once.
import test from 'ava';
import type { ChildProcess } from 'node:child_process';
import { sql } from 'slonik';
import { z } from 'zod';
import { enqueue } from '../../lib/jobs.ts';
import { headersOf, queueApprovedEmails, startOutreachWorld, type OutreachWorld } from '../helpers/outreach.ts';
import { until } from '../helpers/until.ts';
import { exited, startWorker as spawnWorker } from '../helpers/worker-crash.ts';

const TOTAL = 200;
let w: OutreachWorld;

test.before(async () => {
  w = await startOutreachWorld();
  await w.setup({ mode: 'auto', fleet_cap: 1000 });
});
test.after.always(async () => {
  await w?.stop();
});

const startWorker = (): ChildProcess =>
  spawnWorker({
    DATABASE_URL: w.app.databaseUrl,
    SMTP_URL: w.sink.url,
    MAIL_ALLOW_PLAINTEXT: 'true',
    BASE_URL: 'http://board.test',
    WORKER_CONCURRENCY: '4',
    // Claims go stale fast, so recovery (queued below, often) also meets live sends: the fences
    // must keep every message to one delivery anyway.
    OUTREACH_STALE_SECONDS: '2',
    // A send to the local relay never reaches this on a loaded machine.
    SMTP_TIMEOUT_SECONDS: '120',
    // Recovery leaves a claim alone while its job is locked, so the dead worker's jobs must be
    // released first: the sweep, queued below as often as recovery, finds it dead this soon.
    WORKER_HEARTBEAT_SECONDS: '2',
    WORKER_DEAD_AFTER_SECONDS: '20',
  });

const statuses = async () =>
  Object.fromEntries(
    (
      await w.app.db.any(sql.type(z.object({ status: z.string(), n: z.number() }))`select status, count(*)::int as n from outreach_messages group by status`)
    ).map((r) => [r.status, r.n]),
  ) as Record<string, number>;

test('200 emails, the worker SIGKILLed mid-run and restarted: every message is delivered exactly once', async (t) => {
  t.timeout(30 * 60_000);
  // Rows are written at the worker's real time, so "stale" means the same on both sides.
  w.app.clock.set(new Date());
  const agent = await w.resident('crash_sender');
  const ids = await queueApprovedEmails(
    w,
    agent,
    Array.from({ length: TOTAL }, (_, i) => `reader${i}@outlet${(i % 12) + 1}.test`),
  );

  let worker = startWorker();
  try {
    await until('some deliveries', () => w.sink.messages.length >= 60, undefined, 100);
  } finally {
    worker.kill('SIGKILL');
    await exited(worker);
  }
  const atKill = { delivered: w.sink.messages.length, ...(await statuses()) };
  t.log('at SIGKILL', atKill);
  t.true(atKill.delivered < TOTAL, 'the worker died mid-run');

  worker = startWorker();
  try {
    // The crontab runs outreach__recover every 5 minutes; here the test queues it, more often.
    await until(
      'recovery of what the dead worker held',
      async () => {
        await new Promise((r) => setTimeout(r, 2500));
        await w.app.db.transaction(async (tx) => {
          await enqueue(tx, 'worker__release_dead', {});
          await enqueue(tx, 'outreach__recover', {});
        });
        const s = await statuses();
        return (s.approved ?? 0) === 0 && (s.sending ?? 0) === 0;
      },
      20 * 60_000,
    );
    const afterRestart = await statuses();
    t.log('after restart and recovery', afterRestart);

    // The owner resolves every `unknown` message from the relay's log.
    const unknown = await w.app.db.anyFirst(sql.type(z.object({ id: z.string() }))`select id from outreach_messages where status = 'unknown'`);
    const seen = () => new Set(w.sink.messages.map((m) => headersOf(m.text)['message-id']));
    let resent = 0;
    for (const id of unknown) {
      const went = seen().has(`<outreach.${id}@board.test>`);
      if (!went) resent++;
      const res = await w.app.request('POST', `/v1/outreach/messages/${id}/resolve`, { key: w.ownerKey, body: { outcome: went ? 'sent' : 'resend' } });
      t.is(res.status, 200);
    }
    t.log(`unknown after the crash: ${unknown.length} (resent by the owner: ${resent})`);
    await until('every message sent', async () => (await statuses()).sent === TOTAL, 20 * 60_000, 100);
  } finally {
    worker.kill('SIGTERM');
    await exited(worker);
  }

  const counts = new Map<string, number>();
  for (const m of w.sink.messages) {
    const id = headersOf(m.text)['message-id'] ?? '';
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const twice = [...counts.entries()].filter(([, c]) => c > 1);
  t.deepEqual(twice, [], 'no message was delivered twice');
  for (const id of ids) t.is(counts.get(`<outreach.${id}@board.test>`), 1);
  t.is(w.sink.messages.length, TOTAL);
});
