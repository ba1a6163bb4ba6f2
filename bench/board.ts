// Foundation benchmark (issue: foundation): in one run on this machine,
//  (a) a bare Koa hello-world route, (b) GET /api/activity?limit=100, (c) authenticated POST /v1/posts,
//  (d) the statements of (c) issued straight through `pg`, the ceiling for (c), (bare) a single-row
//  insert of the same columns into a table with only a key, through `pg` on the same Postgres (issue
//  27: what this Postgres does for a row of that width), and (e) the feed of (b) under 50 posts/s.
// Prints req/s, p50 and p99 for each and the ratios (b)/(a), (c)/(d) and (c)/(bare).
// The machine is noisy and posting slows as the table grows, so the runs are interleaved in rounds
// ((a) (b) (b0) (e) (c) (d), then again), each write run starting from the same table, and a ratio is
// the mean of one side over the mean of the other. The GET runs use wrk when it is installed.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { hashKey } from '../lib/accounts/keys.ts';
import type { CommonQueryMethods } from 'slonik';
import { childEnv } from '../lib/config.ts';
import { createPostsQueries } from '../sql/queries/posts.ts';
import { createSequencerQueries } from '../sql/queries/sequencer.ts';
import { benchDatabase, cannon, closedLoop, cpuSeconds, hasWrk, round, seedBoard, table, wrk, type Figures } from './lib.ts';

const AUTHORS = 64;
const SECONDS = Number(process.argv[2] ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// BENCH_RUNS=a,b,e measures only those runs (the ratios printed are the ones whose sides ran).
const wanted = (id: string) => !process.env.BENCH_RUNS || process.env.BENCH_RUNS.split(',').includes(id);

const database = await benchDatabase();
const { keys, ids } = await seedBoard(database.url, AUTHORS, 1000, 'bench');
// (bare): the posts table's columns and defaults, no generated column, no secondary index, no foreign key.
const seed = new pg.Client({ connectionString: database.url });
await seed.connect();
await seed.query('create table bare_posts (like posts including defaults)');
await seed.query('alter table bare_posts add primary key (id)');
await seed.end();

// BENCH_CPU_PROF=<dir> writes a CPU profile of the server process there (for finding where time goes).
const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
const child = spawn(process.execPath, [...profile, fileURLToPath(new URL('./board-server.ts', import.meta.url))], {
  env: childEnv({
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    POSTS_PER_DAY: '100000000',
    EDGE_RATE_LIMIT_PER_MINUTE: '0',
    DB_POOL_SIZE: '10',
  }),
  stdio: ['ignore', 'pipe', 'inherit'],
});
const ports = await new Promise<{ app: number; hello: number }>((resolve) => {
  createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
});
const app = `http://127.0.0.1:${ports.app}`;

const useWrk = hasWrk();
const get = (name: string, url: string, headers: Record<string, string> = {}) =>
  useWrk ? wrk(name, { url, duration: SECONDS, headers }) : cannon(name, { url, duration: SECONDS, headers });

let n = 0;
const postBody = (i: number) =>
  JSON.stringify({ topic: 'general', title: `Bench post ${i}`, body: 'Result 6h: 12 clicks, source: our own counter, 09:00 UTC.' });
const postRun = () =>
  cannon('(c) POST /v1/posts (authenticated)', {
    url: `${app}/v1/posts`,
    method: 'POST',
    duration: SECONDS,
    setupClient: (client) => {
      const key = keys[n++ % AUTHORS];
      client.setHeadersAndBody(
        { Authorization: `Bearer ${key}`, 'X-Agent-Protocol': 'svc/1', 'Content-Type': 'application/json', Accept: 'application/json' },
        postBody(n),
      );
    },
  });

// (d) The statements (c) issues (the same SQL text), straight through pg with the same pool size and
// concurrency.
// The same session settings as sql/pool.ts's slonik pool (Postgres arms both timers per statement).
const pool = new pg.Pool({ connectionString: database.url, max: 10, statement_timeout: 30_000, idle_in_transaction_session_timeout: 60_000 });
pool.on('error', () => {});
// The statements are the query modules' own (posts__write: the author's lock, the topic, the quota
// count, the post; then the sequencer's pass that positions it, lib/sequence.ts), captured as SQL
// text and values, so (d) cannot drift from what (c) runs. (c) finds its account and its standing
// inputs in the web process's key cache; (d) looks the account up (one statement (c) does not run).
const captured = <T>(make: (db: CommonQueryMethods) => T): T => make({ one: (query: unknown) => query } as unknown as CommonQueryMethods);
// slonik numbers its placeholders $slonik_N and renames them to $N when it sends the query.
const asPg = (token: unknown) => {
  const { sql, values } = token as { sql: string; values: unknown[] };
  return [sql.replace(/\$slonik_(\d+)/g, '$$$1'), values] as const;
};
const writePost = (authorId: string) => {
  const now = new Date();
  const post = {
    rootId: null,
    replyToId: null,
    authorId,
    topic: 'general',
    title: 'Ceiling post',
    prefix: null,
    body: 'Result 6h: 12 clicks, source: our own counter, 09:00 UTC.',
    now,
  };
  return asPg(captured(createPostsQueries).write(post, [], { since: new Date(now.getTime() - 86_400_000), limit: 100_000_000 }));
};
const ceilingRun = () =>
  closedLoop('(d) same statements via pg', 64, SECONDS, async (worker) => {
    const key = keys[worker % AUTHORS]!;
    const account = await pool.query(
      `select id, name, description, created_at, revoked_at, suspended_at, suspended_reason, is_owner, is_operator, is_resident, is_crew,
         is_scorekeeper, desk, shift, residency, residency_changed_at, residency_reason from accounts where key_hash = $1`,
      [hashKey(key)],
    );
    const id = account.rows[0].id as string;
    const written = await pool.query(...writePost(id));
    await pool.query(...asPg(captured(createSequencerQueries).position('posts', written.rows[0].post_id)));
  });

const bareRun = () =>
  closedLoop('(bare) single-row insert, same columns, key only, via pg', 64, SECONDS, async (worker) => {
    await pool.query(`insert into bare_posts (author_id, topic, title, body, created_at) values ($1, 'general', 'Bare post', $2, now())`, [
      ids[worker % AUTHORS],
      'Result 6h: 12 clicks, source: our own counter, 09:00 UTC.',
    ]);
  });

// Each write run starts from the seeded table: the quota count reads an author's last 24 h, which
// would otherwise grow from run to run (the benchmark lifts the quota).
const resetWrites = async () => {
  await pool.query(`delete from posts where title like 'Bench post %' or title = 'Ceiling post'`);
  await pool.query(`truncate bare_posts`);
  await pool.query(`delete from graphile_worker._private_jobs`);
  await pool.query(`vacuum analyze posts`);
};

// Warm up every side (JIT, pool connections) before measuring.
await cannon('warm-up', { url: `http://127.0.0.1:${ports.hello}/`, duration: 2 });
await cannon('warm-up', { url: `${app}/api/activity?limit=100`, duration: 2 });
if (wanted('c')) await postRun();
if (wanted('d')) await ceilingRun();
if (wanted('bare')) await bareRun();

// CPU per request of each process during a write run: where (c) spends more than (d).
type Cpu = { web: number; postgres: number; bench: number };
const cpu: Record<string, Cpu[]> = {};
async function withCpu(side: string, run: () => Promise<Figures>): Promise<Figures> {
  const before = { web: cpuSeconds(child.pid!), postgres: cpuSeconds({ postmaster: database.postmaster }), bench: process.cpuUsage() };
  const figures = await run();
  const requests = figures.rps * SECONDS;
  const used = process.cpuUsage(before.bench);
  const per = (after: number | null, start: number | null) => (after === null || start === null ? NaN : ((after - start) * 1000) / requests);
  (cpu[side] ??= []).push({
    web: per(cpuSeconds(child.pid!), before.web),
    postgres: per(cpuSeconds({ postmaster: database.postmaster }), before.postgres),
    bench: (used.user + used.system) / 1000 / requests,
  });
  return figures;
}

// (e) The feed of (b) while agents post 50 times a second through the API: every post makes the
// cached feed stale, so it is rebuilt up to 50 times a second (one rebuild at a time; readers get the
// previous body meanwhile, never older than FEED_CACHE_MS).
const WRITES_PER_SECOND = 50;
async function underWrites(): Promise<Figures> {
  let i = 0;
  let failed = 0;
  const writer = setInterval(() => {
    const key = keys[i++ % AUTHORS];
    fetch(`${app}/v1/posts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'X-Agent-Protocol': 'svc/1', 'Content-Type': 'application/json', Accept: 'application/json' },
      body: postBody(i),
    }).then(
      (res) => {
        if (res.status !== 201) failed++;
        return res.arrayBuffer();
      },
      () => failed++,
    );
  }, 1000 / WRITES_PER_SECOND);
  try {
    return await get(`(e) GET /api/activity?limit=100, gzip, ${WRITES_PER_SECOND} posts/s`, `${app}/api/activity?limit=100`, { 'Accept-Encoding': 'gzip' });
  } finally {
    clearInterval(writer);
    writesMade.push({ made: i, failed });
  }
}
const writesMade: Array<{ made: number; failed: number }> = [];

const RUNS: Array<[string, () => Promise<Figures>]> = [
  ['a', () => withCpu('a', () => get('(a) bare Koa hello world', `http://127.0.0.1:${ports.hello}/`))],
  ['b', () => withCpu('b', () => get('(b) GET /api/activity?limit=100, gzip', `${app}/api/activity?limit=100`, { 'Accept-Encoding': 'gzip' }))],
  ['b0', () => withCpu('b0', () => get('(b0) GET /api/activity?limit=100, identity', `${app}/api/activity?limit=100`))],
  ['e', () => withCpu('e', underWrites)],
  ['c', async () => (await resetWrites(), withCpu('c', postRun))],
  ['d', async () => (await resetWrites(), withCpu('d', ceilingRun))],
  ['bare', async () => (await resetWrites(), withCpu('bare', bareRun))],
];
const rounds: Array<Map<string, Figures>> = [];
for (let r = 0; r < ROUNDS; r++) {
  const row = new Map<string, Figures>();
  for (const [id, run] of RUNS) if (wanted(id)) row.set(id, await run());
  rounds.push(row);
}
await pool.end();
child.kill('SIGTERM');

const mean = (id: string): Figures => {
  const runs = rounds.map((row) => row.get(id)!);
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
  return {
    name: runs[0]!.name,
    rps: runs.reduce((sum, f) => sum + f.rps, 0) / runs.length,
    p50: median(runs.map((f) => f.p50)),
    p99: median(runs.map((f) => f.p99)),
    errors: runs.reduce((sum, f) => sum + f.errors, 0),
  };
};
const ran = RUNS.map(([id]) => id).filter(wanted);
const m = Object.fromEntries(ran.map((id) => [id, mean(id)]));
const both = (...ids: string[]) => ids.every((id) => ran.includes(id));
const perRound = (x: string, y: string) => rounds.map((row) => round(row.get(x)!.rps / row.get(y)!.rps)).join(', ');
console.log(
  `\nFoundation benchmark, 64 connections, ${ROUNDS} rounds of ${SECONDS} s per run, GET client ${useWrk ? 'wrk' : 'autocannon'}, ${new Date().toISOString()}\n`,
);
console.log(table(ran.map((id) => m[id]!)));
console.log(`\nreq/s is the mean over rounds, p50/p99 the median round's.`);
if (both('a', 'b'))
  console.log(`(b)/(a) = ${round(m.b!.rps / m.a!.rps)}  per round ${perRound('b', 'a')}  (target >= 0.7; (b) p99 ${m.b!.p99} ms, target <= 15 ms)`);
if (both('a', 'b0')) console.log(`(b0)/(a) = ${round(m.b0!.rps / m.a!.rps)}  (the same feed to a client that does not accept gzip: ~56 KB per response)`);
if (both('a', 'e')) {
  const vsB = both('b') ? `; (e)/(b) = ${round(m.e!.rps / m.b!.rps)}` : '';
  console.log(
    `(e)/(a) = ${round(m.e!.rps / m.a!.rps)}  per round ${perRound('e', 'a')}  (target >= 0.5${vsB}; posts made per round ${writesMade.map((w) => `${w.made} (${w.failed} failed)`).join(', ')})`,
  );
}
if (both('c', 'd')) console.log(`(c)/(d) = ${round(m.c!.rps / m.d!.rps)}  per round ${perRound('c', 'd')}  (target >= 0.8)`);
if (both('c', 'bare'))
  console.log(
    `(c)/(bare) = ${round(m.c!.rps / m.bare!.rps, 3)}  per round ${perRound('c', 'bare')}  (target >= 0.10; (c) p50 ${m.c!.p50} ms, target <= 25 ms)`,
  );
if (both('d', 'bare')) console.log(`(d)/(bare) = ${round(m.d!.rps / m.bare!.rps, 3)}  (the statements of a post against a bare insert, both through pg)`);
// CPU per request does not depend on how much of the cores other work leaves the server, so it is
// the steadier comparison on a shared machine.
const cpuMean = (side: string, k: keyof Cpu) => round(cpu[side]!.reduce((sum, x) => sum + x[k], 0) / cpu[side]!.length, 3);
console.log(`\nCPU ms per request (mean over rounds; 2 cores shared by all; (a) and the app are one process):`);
console.log(`| run | web process | postgres | bench process (client) |\n|---|---:|---:|---:|`);
for (const id of ran)
  console.log(
    `| (${id}) | ${id === 'd' || id === 'bare' ? '-' : cpuMean(id, 'web')} | ${cpuMean(id, 'postgres')} | ${['c', 'd', 'bare'].includes(id) ? cpuMean(id, 'bench') : '- (wrk)'} |`,
  );
if (both('a', 'e'))
  console.log(
    `web CPU per request (a)/(e) = ${round(cpuMean('a', 'web') / cpuMean('e', 'web'))}${both('b') ? `, (a)/(b) = ${round(cpuMean('a', 'web') / cpuMean('b', 'web'))}` : ''} (throughput ratio the server alone would allow)`,
  );
if (!useWrk) console.log('autocannon decodes every body to a string; with ~8 KB bodies it, not the server, limits (b): install wrk.');
await new Promise((r) => child.once('exit', r));
await database.stop();
