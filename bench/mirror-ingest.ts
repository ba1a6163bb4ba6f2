// Mirror ingest-to-readable throughput through graphile-worker, beside graphile-worker's own no-op
// job throughput in the same run (issue 6 target: ratio >= 0.5).
//
//   mirror   the real web app (child process, bench/board-server.ts) takes POST /v1/x/ingest batches
//            of 100 posts of ~600 code points from one fetcher holding the lease; each request stores
//            the originals and adds one mirror_post__normalize batch job ([{id}, ...]) in the same
//            transaction; a graphile-worker runner (run(), the real task list) normalises and flags.
//            Clock: first batch sent -> last post readable (normalised, numbered in the mirror).
//   no-op    the same runner settings with a task that does nothing; one job per item, added in
//            batches of 100 with graphile_worker.add_jobs(). Clock: first add -> last job completed.
//            The target ratio is mirror posts/s over these no-op jobs/s.
//   no-op batch (reference) the same no-op task over batch jobs of 100 entries, one per add: the
//            queue's ceiling for the job shape the mirror uses.
//
// Run: npx node bench/mirror-ingest.ts [posts=3000] [rounds=3]   (WORKER_CONCURRENCY as configured)
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Logger, run, type TaskList } from 'graphile-worker';
import pg from 'pg';
import { pino } from 'pino';
import { hashKey, newKey } from '../lib/accounts/keys.ts';
import { systemClock } from '../lib/clock.ts';
import { childEnv, loadConfig } from '../lib/config.ts';
import { createDb } from '../sql/pool.ts';
import { taskList } from '../tasks/index.ts';
import { CORPUS } from '../test/lib/mirror/corpus.ts';
import { benchDatabase, round } from './lib.ts';

const POSTS = Number(process.argv[2] ?? 3000);
const ROUNDS = Number(process.argv[3] ?? 3);
const BATCH = 100;
const TARGET_RATIO = 0.5;

const database = await benchDatabase();
const config = loadConfig({ ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
const concurrency = config.workerConcurrency;
const admin = new pg.Pool({ connectionString: database.url, max: 2 });
admin.on('error', () => {});

// The fetcher's credential and an agent key for the final read check.
const fetcherKey = newKey('fetcher');
const agentKey = newKey('agent');
await admin.query(`insert into service_credentials (kind, label, key_hash, created_at) values ('fetcher', 'bench', $1, now())`, [hashKey(fetcherKey)]);
await admin.query(`insert into accounts (name, key_hash, created_at) values ('bench_reader', $1, now())`, [hashKey(agentKey)]);

const child = spawn(process.execPath, [fileURLToPath(new URL('./board-server.ts', import.meta.url))], {
  env: childEnv({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', EDGE_RATE_LIMIT_PER_MINUTE: '0', DB_POOL_SIZE: '10' }),
  stdio: ['ignore', 'pipe', 'inherit'],
});
const ports = await new Promise<{ app: number }>((resolve) => createInterface({ input: child.stdout! }).once('line', (l) => resolve(JSON.parse(l))));
const base = `http://127.0.0.1:${ports.app}`;
const headers = (key: string) => ({
  Authorization: `Bearer ${key}`,
  'X-Agent-Protocol': 'svc/1',
  'Content-Type': 'application/json',
  Accept: 'application/json',
});

// 600-code-point posts built from the flagging corpus, as bench/mirror-normalize.ts does.
const FILLER = CORPUS.filter((c) => c.benign && (c.urls ?? []).length === 0).map((c) => c.text);
function postText(i: number): { text: string; urls: Array<{ url: string; expanded_url?: string }> } {
  const c = CORPUS[i % CORPUS.length]!;
  const parts = [c.text];
  for (let j = i; Array.from(parts.join('\n')).length < 600; j++) parts.push(FILLER[j % FILLER.length] ?? '');
  return {
    text: Array.from(parts.join('\n')).slice(0, 600).join(''),
    urls: (c.urls ?? []).map((u) => ({ url: u.url, ...(u.expanded_url ? { expanded_url: u.expanded_url } : {}) })),
  };
}
const KINDS = ['mention', 'reply', 'talk', 'ours'] as const;
function item(roundNo: number, i: number) {
  const id = String(1_800_000_000_000_000_000n + BigInt(roundNo * 1_000_000 + i));
  // One external account per 10 posts: well under the intake cap of 20 per rolling day.
  const author = String(10_000_000 + roundNo * 100_000 + Math.floor(i / 10));
  const { text, urls } = postText(i);
  return {
    kind: KINDS[i % KINDS.length],
    post: { id, text, author_id: author, created_at: new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString(), entities: { urls } },
    author: { id: author, username: `user_${author}`, name: `User ${author}`, verified: i % 7 === 0 },
  };
}

async function withRunner(tasks: TaskList, expected: number, work: () => Promise<number | void>) {
  const pgPool = new pg.Pool({ connectionString: database.url, max: concurrency + 2 });
  pgPool.on('error', () => {});
  pgPool.on('connect', (client) => client.on('error', () => {}));
  const runner = await run({ pgPool, concurrency, noHandleSignals: true, pollInterval: 2000, taskList: tasks, logger: new Logger(() => () => {}) });
  let done = 0;
  let failed = 0;
  let finish: () => void = () => {};
  const all = new Promise<void>((resolve) => (finish = resolve));
  runner.events.on('job:success', () => {
    if (++done === expected) finish();
  });
  runner.events.on('job:error', () => void failed++);
  const start = performance.now();
  const intakeDone = await work();
  await all;
  const seconds = (performance.now() - start) / 1000;
  await runner.stop();
  await pgPool.end();
  if (failed) throw new Error(`${failed} job attempts failed`);
  return { seconds, intakeSeconds: typeof intakeDone === 'number' ? (intakeDone - start) / 1000 : null };
}

const slonik = await createDb(database.url, { maximumPoolSize: concurrency + 2 });
const realTasks = taskList({ db: slonik, clock: systemClock, config, logger: pino({ level: 'silent' }) });

async function noopRound(): Promise<number> {
  const { seconds } = await withRunner({ bench__noop: async () => {} }, POSTS, async () => {
    for (let i = 0; i < POSTS; i += BATCH) {
      await admin.query(
        `select count(*) from graphile_worker.add_jobs(array(
           select ('bench__noop', json_build_object('id', gen_random_uuid()), null, null, null, null, null, null)::graphile_worker.job_spec
           from generate_series(1, $1::int)))`,
        [Math.min(BATCH, POSTS - i)],
      );
    }
  });
  return POSTS / seconds;
}

async function noopBatchRound(): Promise<number> {
  const batches = Math.ceil(POSTS / BATCH);
  const { seconds } = await withRunner({ bench__noop: async () => {} }, batches, async () => {
    for (let i = 0; i < POSTS; i += BATCH) {
      await admin.query(
        `select 1 from graphile_worker.add_job('bench__noop', (select json_agg(json_build_object('id', gen_random_uuid())) from generate_series(1, $1::int)))`,
        [Math.min(BATCH, POSTS - i)],
      );
    }
  });
  return POSTS / seconds;
}

async function mirrorRound(roundNo: number): Promise<{ perSecond: number; intakePerSecond: number }> {
  const items = Array.from({ length: POSTS }, (_, i) => item(roundNo, i));
  const bodies: Array<ReturnType<typeof item>[]> = [];
  for (let i = 0; i < POSTS; i += BATCH) bodies.push(items.slice(i, i + BATCH));
  const { seconds, intakeSeconds } = await withRunner(realTasks, bodies.length, async () => {
    const lease = await fetch(`${base}/v1/x/ingest/lease`, { method: 'POST', headers: headers(fetcherKey), body: JSON.stringify({ ttl_seconds: 600 }) });
    const { lease_id } = (await lease.json()) as { lease_id: string };
    for (const posts of bodies) {
      const res = await fetch(`${base}/v1/x/ingest`, { method: 'POST', headers: headers(fetcherKey), body: JSON.stringify({ lease_id, posts }) });
      const out = (await res.json()) as { counts?: { stored: number } };
      if (res.status !== 200 || out.counts?.stored !== posts.length) throw new Error(`ingest: ${res.status} ${JSON.stringify(out).slice(0, 300)}`);
    }
    const intake = performance.now();
    await fetch(`${base}/v1/x/ingest/lease`, { method: 'POST', headers: headers(fetcherKey), body: JSON.stringify({ lease_id, release: true }) });
    return intake;
  });
  const readable = await admin.query<{ n: number }>(`select count(*)::int as n from mirror_posts where seq is not null and external_id = any($1)`, [
    items.map((i) => i.post.id),
  ]);
  if (readable.rows[0]!.n < POSTS) {
    const missing = await admin.query(`select id, external_id, seq, normalized_at, ingested_at from mirror_posts where seq is null and external_id = any($1)`, [
      items.map((i) => i.post.id),
    ]);
    const jobs = await admin.query(`select j.payload, j.attempts, j.last_error, j.locked_at from graphile_worker._private_jobs j`);
    console.error(JSON.stringify({ missing: missing.rows, jobs: jobs.rows.slice(0, 10), jobCount: jobs.rows.length }, null, 1));
    throw new Error(`only ${readable.rows[0]!.n} of ${POSTS} readable`);
  }
  return { perSecond: POSTS / seconds, intakePerSecond: POSTS / intakeSeconds! };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

// Warm-up (JIT, pools, prepared plans), not measured.
await noopRound();
await noopBatchRound();
await mirrorRound(99);

const noop: number[] = [];
const noopBatch: number[] = [];
const mirrored: number[] = [];
const intake: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  noop.push(await noopRound());
  noopBatch.push(await noopBatchRound());
  const m = await mirrorRound(r);
  mirrored.push(m.perSecond);
  intake.push(m.intakePerSecond);
}

// The posts are readable through the read route.
const read = await fetch(`${base}/v1/x?limit=1`, { headers: headers(agentKey) });
const page = (await read.json()) as { posts: unknown[]; content_is_untrusted: boolean };
if (read.status !== 200 || page.posts.length !== 1 || page.content_is_untrusted !== true) throw new Error('read check failed');

const ratio = round(median(mirrored) / median(noop));
const batchRatio = round(median(mirrored) / median(noopBatch));
console.log(
  `\nMirror ingest-to-readable, ${POSTS} posts per round, batches of ${BATCH}, worker concurrency ${concurrency}, ${ROUNDS} rounds, ${new Date().toISOString()}\n`,
);
console.log('| run | posts or jobs/s (median) | rounds |');
console.log('|---|---:|---|');
console.log(`| graphile-worker no-op jobs (add_jobs batches of ${BATCH}) | ${Math.round(median(noop))} | ${noop.map(Math.round).join(', ')} |`);
console.log(
  `| graphile-worker no-op batch jobs of ${BATCH} (reference), entries/s | ${Math.round(median(noopBatch))} | ${noopBatch.map(Math.round).join(', ')} |`,
);
console.log(`| mirror ingest -> readable (HTTP ingest + normalise task) | ${Math.round(median(mirrored))} | ${mirrored.map(Math.round).join(', ')} |`);
console.log(`| mirror intake alone (HTTP ingest acknowledged) | ${Math.round(median(intake))} | ${intake.map(Math.round).join(', ')} |`);
console.log(`\nratio mirror/no-op jobs = ${ratio}  (target >= ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'})`);
console.log(`ratio mirror/no-op batch entries = ${batchRatio}  (reference: the same job shape with no work)`);

child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
await slonik.end();
await admin.end();
await database.stop();
