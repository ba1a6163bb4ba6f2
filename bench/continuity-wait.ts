// Continuity wait benchmark (issue: continuity): 10,000 concurrent GET /v1/continuity/wait clients
// held by ONE web process (a child process), then one post wakes them all. For each round it reports:
//  - the web process's RSS with every client held (target <= 300 MB), and the peak (VmHWM);
//  - the Postgres backends of the web process by application_name and state: one LISTEN connection
//    serves every waiter and no pooled connection is busy while they wait;
//  - the time from one post (POST /v1/posts sent) to each of the 10,000 answers: p50, p99 and the
//    last one (target p99 <= 1 s).
// Rounds: clients (re)issue their waits at ARRIVALS_PER_SECOND (agents read the answer before they
// wait again), then one last burst round where all 10,000 re-issue at once (the worst case).
// Baseline in the same run: a bare node:http server holding the same 10,000 requests (the runtime's
// own floor), and the app under Node's default heap flags beside the recommended web flags.
// Usage: npm run bench -- continuity-wait   (env CLIENTS, ROUNDS, ARRIVALS_PER_SECOND to change)
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { childEnv } from '../lib/config.ts';
import { benchDatabase, percentiles, round, seedBoard } from './lib.ts';

const CLIENTS = Number(process.env.CLIENTS ?? 10_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const RATE = Number(process.env.ARRIVALS_PER_SECOND ?? 2000);
/** The web process flags this benchmark recommends (both allowed in NODE_OPTIONS). */
const WEB_FLAGS = (process.env.WEB_FLAGS ?? '--max-semi-space-size=1 --max-old-space-size=384 --optimize-for-size').split(' ');
const SELF = fileURLToPath(import.meta.url);
const SERVER = fileURLToPath(new URL('./continuity-wait-server.ts', import.meta.url));
// Each side holds CLIENTS sockets: raise the soft file-descriptor limit to the hard one.
const RAISE_FDS = 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"';

if (!process.env.BENCH_FD_RAISED) {
  const child = spawn('sh', ['-c', RAISE_FDS, 'sh', process.execPath, SELF, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: childEnv({ BENCH_FD_RAISED: '1' }),
  });
  process.exit(await new Promise<number>((done) => child.on('exit', (c) => done(c ?? 1))));
}

const mb = (bytes: number) => round(bytes / 1024 / 1024, 1);
function procStatus(pid: number): { rss: number; peak: number } {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
  return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 };
}
const fdLimit =
  readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'))
    ?.split(/\s+/)[3] ?? '?';

const database = await benchDatabase();
const probe = new pg.Client({ connectionString: database.url, application_name: 'bench-probe' });
await probe.connect();
console.log(`seeding ${CLIENTS} accounts (one per client: every wait authenticates its own key) ...`);
const { keys } = await seedBoard(database.url, CLIENTS + 1, 0, 'waiter');
const posterKey = keys.pop()!;

type Stats = { waiters: number; rss: number; heapUsed: number; heapTotal: number; connections: number };
type Backend = { application_name: string; state: string; count: number };
type Round = { label: string; rss: number; heap: number; answered: number; moved: number; p50: number; p99: number; last: number; backends: Backend[] };
type Outcome = { name: string; baselineRss: number; idleRss: number; peak: number; rounds: Round[]; latencies: number[] };

async function backends(): Promise<Backend[]> {
  const res = await probe.query<Backend>(
    `select application_name, coalesce(state, '?') as state, count(*)::int as count from pg_stat_activity
     where datname = current_database() and backend_type = 'client backend' and application_name <> 'bench-probe'
     group by 1, 2 order by 1, 2`,
  );
  return res.rows;
}

type Client = { socket: net.Socket; buffer: string; answeredAt: number | null; moved: boolean; done: () => void };
const request = (key: string) =>
  `GET /v1/continuity/wait HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Agent-Protocol: svc/1\r\nAccept: application/json\r\nAuthorization: Bearer ${key}\r\n\r\n`;

async function run(name: string, flags: string[], bare: boolean): Promise<Outcome> {
  const web: ChildProcess = spawn('sh', ['-c', RAISE_FDS, 'sh', process.execPath, ...flags, SERVER, ...(bare ? ['bare'] : [])], {
    env: childEnv({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', DB_POOL_SIZE: '10', POSTS_PER_DAY: '1000000', EDGE_RATE_LIMIT_PER_MINUTE: '0' }),
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let exited = false;
  web.once('exit', () => (exited = true));
  const port: number = await new Promise((resolve, reject) => {
    createInterface({ input: web.stdout! }).once('line', (line) => resolve(JSON.parse(line).port));
    web.once('exit', (code) => reject(new Error(`${name}: web process exited (${code}) before listening`)));
  });
  const stats = (): Promise<Stats> =>
    new Promise((resolve, reject) => {
      if (exited) return reject(new Error(`${name}: web process exited`));
      web.once('message', (m) => resolve(m as Stats));
      web.send('stats');
    });
  const baselineRss = procStatus(web.pid!).rss;

  const connect = (): Promise<Client> =>
    new Promise((resolve, reject) => {
      const socket = net.connect({ port, host: '127.0.0.1' });
      const client: Client = { socket, buffer: '', answeredAt: null, moved: false, done: () => {} };
      socket.setNoDelay(true);
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        client.answeredAt ??= performance.now();
        client.buffer += chunk;
        const head = client.buffer.indexOf('\r\n\r\n');
        if (head < 0) return;
        const length = Number(/content-length: (\d+)/i.exec(client.buffer.slice(0, head))?.[1] ?? 0);
        if (client.buffer.length < head + 4 + length) return;
        client.moved = client.buffer.startsWith('HTTP/1.1 200') && client.buffer.slice(head + 4, head + 4 + length).includes('"moved":true');
        client.buffer = '';
        client.done();
      });
      socket.once('error', reject);
      socket.once('connect', () => resolve(client));
    });
  const clients: Client[] = [];
  for (let i = 0; i < CLIENTS; i += 500) clients.push(...(await Promise.all(Array.from({ length: Math.min(500, CLIENTS - i) }, connect))));
  await new Promise((r) => setTimeout(r, 500));
  const idleRss = procStatus(web.pid!).rss;

  const holdAll = async (rate: number) => {
    const started = performance.now();
    for (let i = 0; i < clients.length; i++) {
      const c = clients[i]!;
      c.answeredAt = null;
      c.moved = false;
      c.socket.write(request(keys[i]!));
      if (i % 100 === 99) {
        const due = rate > 0 ? started + ((i + 1) / rate) * 1000 - performance.now() : 0;
        await new Promise((r) => (due > 0 ? setTimeout(r, due) : setImmediate(r)));
      }
    }
    for (;;) {
      if ((await stats()).waiters >= clients.length) return;
      if (performance.now() - started > 80_000) throw new Error(`${name}: not every client was held after 80 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const wake = async () => {
    if (bare) {
      web.send('wake');
      return;
    }
    const res = await fetch(`http://127.0.0.1:${port}/v1/posts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${posterKey}`, 'X-Agent-Protocol': 'svc/1', 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ topic: 'general', title: 'Wake everyone', body: 'Result 6h: measured, with source and time.' }),
    });
    if (res.status !== 201) throw new Error(`${name}: post failed with ${res.status}`);
    await res.arrayBuffer();
  };

  const rounds: Round[] = [];
  const latencies: number[] = [];
  for (let r = 0; r <= ROUNDS; r++) {
    const burst = r === ROUNDS;
    await holdAll(burst ? 0 : RATE);
    await new Promise((res) => setTimeout(res, 500));
    const held = await stats();
    const rss = procStatus(web.pid!).rss;
    const heldBackends = bare ? [] : await backends();
    const answered = Promise.all(clients.map((c) => new Promise<void>((resolve) => (c.done = resolve))));
    const t0 = performance.now();
    await wake();
    await Promise.race([answered, new Promise((_, reject) => setTimeout(() => reject(new Error(`${name}: answers did not all arrive in 30 s`)), 30_000))]);
    const these = clients.map((c) => (c.answeredAt ?? Infinity) - t0);
    latencies.push(...these);
    rounds.push({
      label: burst ? `${r + 1} (burst)` : `${r + 1} (${RATE}/s)`,
      rss,
      heap: held.heapUsed,
      answered: held.waiters,
      moved: clients.filter((c) => c.moved).length,
      ...percentiles(these),
      last: round(Math.max(...these)),
      backends: heldBackends,
    });
  }
  const peak = procStatus(web.pid!).peak;
  for (const c of clients) c.socket.destroy();
  web.kill('SIGTERM');
  if (!exited) await new Promise((r) => web.once('exit', r));
  return { name, baselineRss, idleRss, peak, rounds, latencies };
}

const outcomes: Outcome[] = [];
try {
  console.log(`${CLIENTS} clients per run, file-descriptor limit ${fdLimit}; this takes a few minutes ...`);
  outcomes.push(await run(`baseline: bare node:http, ${WEB_FLAGS.join(' ')}`, WEB_FLAGS, true));
  outcomes.push(await run(`app, ${WEB_FLAGS.join(' ')} (recommended)`, WEB_FLAGS, false));
  outcomes.push(await run('app, Node default heap flags', [], false));
} finally {
  await probe.end();
  await database.stop();
}

console.log(`\nContinuity wait benchmark: ${CLIENTS} concurrent waiters on one web process, ${new Date().toISOString()}\n`);
console.log('| run | round | RSS held MB | heap used MB | held | answers moved | post -> p50 ms | p99 ms | last ms |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
for (const o of outcomes) {
  for (const r of o.rounds) {
    console.log(`| ${o.name} | ${r.label} | ${mb(r.rss)} | ${mb(r.heap)} | ${r.answered} | ${r.moved} | ${r.p50} | ${r.p99} | ${r.last} |`);
  }
}
console.log('');
for (const o of outcomes) {
  const spread = o.rounds.filter((r) => !r.label.includes('burst'));
  const all = percentiles(o.latencies);
  console.log(
    `${o.name}: RSS before clients ${mb(o.baselineRss)} MB, ${CLIENTS} idle connections ${mb(o.idleRss)} MB, ` +
      `held ${mb(Math.min(...spread.map((r) => r.rss)))}-${mb(Math.max(...spread.map((r) => r.rss)))} MB at ${RATE}/s, ` +
      `peak ${mb(o.peak)} MB (target <= 300); post -> answer p99 ${all.p99} ms, last ${round(Math.max(...o.latencies))} ms (target p99 <= 1000)`,
  );
}
const app = outcomes[1]!;
const bareRun = outcomes[0]!;
console.log(`\nRSS held, app / bare node:http baseline: ${round(Math.max(...app.rounds.map((r) => r.rss)) / Math.max(...bareRun.rounds.map((r) => r.rss)))}`);
console.log('\nPostgres backends of the web process while every client was held (recommended flags, round 1):');
for (const b of app.rounds[0]!.backends) console.log(`  application_name=${JSON.stringify(b.application_name)} state=${b.state}: ${b.count}`);
const listeners = app.rounds[0]!.backends.filter((b) => b.application_name === 'board-listener').reduce((n, b) => n + b.count, 0);
const busy = outcomes
  .flatMap((o) => o.rounds.flatMap((r) => r.backends))
  .filter((b) => b.application_name !== 'board-listener' && b.state !== 'idle')
  .reduce((n, b) => n + b.count, 0);
console.log(`  -> LISTEN connections: ${listeners}; pooled connections busy while clients were held (all runs, all rounds): ${busy}`);
