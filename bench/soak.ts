// Soak (issue: reliability): mixed agent traffic at a steady rate against the service as operators
// scale it from the Procfile: WEBS web processes (requests spread across their ports) and WORKERS
// workers over one Postgres. Traffic per second: posts, replies, votes, inbox reads, public feed
// polls, mirror ingest batches, and HELD_WAITS long-polls held throughout (re-issued when answered).
// Every SAMPLE_SECONDS it samples the RSS of each process, Postgres connections and the jobs queue.
// Reports: requests per route (offered and served), p50/p99 per route, errors, RSS first vs last
// sample per process (ratio; no growth means ~1), connections, and whether the queue drained.
// Usage: npm run bench -- soak   (SOAK_SECONDS=1800 for the 30-minute run; default 120, the CI size;
// SAMPLE_SECONDS, HELD_WAITS, WEBS, WORKERS, WEB_NODE_FLAGS change the shape)
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { hashKey, newKey } from '../lib/accounts/keys.ts';
import { freePort, startProcess, type ServiceProcess } from '../test/helpers/processes.ts';
import { benchDatabase, percentiles, round, seedBoard } from './lib.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 120);
const WEBS = Number(process.env.WEBS ?? 2);
const WORKERS = Number(process.env.WORKERS ?? 3);
const HELD_WAITS = Number(process.env.HELD_WAITS ?? 2000);
const SAMPLE_SECONDS = Number(process.env.SAMPLE_SECONDS ?? 10);
const AGENTS = 200;
// Requests per second per kind of traffic.
const RATES: Record<string, number> = { post: 5, reply: 10, vote: 2, inbox: 20, feed: 50, ingest: 0.5 };

const database = await benchDatabase();
const { keys } = await seedBoard(database.url, AGENTS + HELD_WAITS, 0, 'soak');
const seed = new pg.Client({ connectionString: database.url });
await seed.connect();
const fetcherKey = newKey('fetcher');
await seed.query(`insert into service_credentials (kind, label, key_hash, created_at) values ('fetcher', 'soak', $1, now())`, [hashKey(fetcherKey)]);

// Every process runs with --trace-gc: the heap left after each full (mark-compact) collection is the
// memory actually held, so a leak shows as a rising floor while RSS alone cannot tell a leak from a
// heap that grew once to a steady size.
// Each process also listens for the inspector on a local port, so the soak can read its
// process.memoryUsage() (V8 heap, external and array buffers) beside RSS: what RSS holds beyond
// the heap is then the allocator's and the code's.
const nodeFlags = async () => {
  const port = await freePort();
  return { port, flags: ['--trace-gc', `--inspect=127.0.0.1:${port}`] };
};
const inspectPorts = new Map<ServiceProcess, number>();
async function startInspectable(kind: 'web' | 'worker', env: Record<string, string>, ready: string, extra: string[] = []): Promise<ServiceProcess> {
  const { port, flags } = await nodeFlags();
  const p = await startProcess(kind, env, ready, [...flags, ...extra]);
  inspectPorts.set(p, port);
  return p;
}
const env = {
  DATABASE_URL: database.url,
  LOG_LEVEL: 'warn',
  POSTS_PER_DAY: '1000000',
  REPLIES_PER_DAY: '1000000',
  VOTES_PER_DAY: '1000000',
  EDGE_RATE_LIMIT_PER_MINUTE: '0',
  CONTINUITY_WAIT_MAX_MS: '30000',
};
// WEB_NODE_FLAGS: node flags for the web processes only (e.g. README's wait flags), given on node's
// command line, since NODE_OPTIONS refuses --optimize-for-size.
const webFlags = (process.env.WEB_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const webs: Array<{ url: string; process: ServiceProcess }> = [];
for (let i = 0; i < WEBS; i++) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  webs.push({ url, process: await startInspectable('web', { ...env, LOG_LEVEL: 'info', PORT: String(port), BASE_URL: url }, 'web listening', webFlags) });
}
const workers: ServiceProcess[] = [];
for (let i = 0; i < WORKERS; i++) workers.push(await startInspectable('worker', { ...env, LOG_LEVEL: 'info' }, 'worker running'));

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
type Answer = { status: number; body: string };
function call(method: string, path: string, key: string | null, body?: unknown, base = webs[Math.floor(Math.random() * webs.length)]!.url): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      base + path,
      {
        method,
        agent,
        headers: {
          'X-Agent-Protocol': 'svc/1',
          Accept: 'application/json',
          ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }),
          ...(key ? { Authorization: `Bearer ${key}` } : {}),
          ...(payload ? { 'Content-Length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

let running = true;
const latencies = new Map<string, number[]>();
const errors = new Map<string, number>();
const offered = new Map<string, number>();
async function timed(route: string, run: () => Promise<Answer>, ok: (a: Answer) => boolean = (a) => a.status < 400): Promise<Answer | null> {
  offered.set(route, (offered.get(route) ?? 0) + 1);
  const start = performance.now();
  try {
    const answer = await run();
    if (!ok(answer)) throw new Error(`${answer.status} ${answer.body.slice(0, 200)}`);
    (latencies.get(route) ?? latencies.set(route, []).get(route)!).push(performance.now() - start);
    return answer;
  } catch (error) {
    // Waits cut off by the shutdown at the end are not failures.
    if (!running) return null;
    errors.set(route, (errors.get(route) ?? 0) + 1);
    if ((errors.get(route) ?? 0) <= 3) console.error(`${route}: ${String(error)}`);
    return null;
  }
}

const roots: string[] = [];
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
let n = 0;
let ingesting = false;
const traffic: Record<string, () => Promise<unknown>> = {
  post: async () => {
    const a = await timed('POST /v1/posts', () =>
      call('POST', '/v1/posts', pick(keys.slice(0, AGENTS)), {
        topic: 'general',
        title: `Soak ${++n}`,
        body: `Measured ${n} at ${new Date().toISOString()}, @soak_${AGENTS + (n % HELD_WAITS)}`,
      }),
    );
    if (a) roots.push((JSON.parse(a.body) as { post: { id: string } }).post.id);
    if (roots.length > 500) roots.shift();
  },
  reply: () =>
    roots.length
      ? timed('POST /v1/posts/:id/replies', () => call('POST', `/v1/posts/${pick(roots)}/replies`, pick(keys.slice(0, AGENTS)), { body: `Reply ${++n}` }))
      : Promise.resolve(),
  // A vote may meet the agent's own post or a repeat (409/400 are answers, not failures).
  vote: () =>
    roots.length
      ? timed(
          'POST /votes',
          () => call('POST', '/votes', pick(keys.slice(0, AGENTS)), { post_id: pick(roots), value: 1 }),
          (a) => a.status < 500,
        )
      : Promise.resolve(),
  inbox: () => timed('GET /v1/inbox', () => call('GET', '/v1/inbox', pick(keys))),
  feed: () => timed('GET /api/activity', () => call('GET', '/api/activity?limit=50', null)),
  // One fetcher holds the lease at a time: a batch starts only when the previous one released it.
  ingest: () =>
    ingesting
      ? Promise.resolve()
      : ((ingesting = true),
        timed('POST /v1/x/ingest', async () => {
          const lease = await call('POST', '/v1/x/ingest/lease', fetcherKey, { ttl_seconds: 60 });
          const leaseId = (JSON.parse(lease.body) as { lease_id: string }).lease_id;
          const posts = Array.from({ length: 20 }, () => {
            const id = String(1_800_000_000_000_000_000n + BigInt(++n));
            return {
              kind: 'mention',
              post: { id, text: `gm ${id}`, author_id: String(n % 50), created_at: new Date().toISOString() },
              author: { id: String(n % 50), username: `outsider_${n % 50}`, name: 'Outsider', verified: false },
            };
          });
          const answer = await call('POST', '/v1/x/ingest', fetcherKey, { lease_id: leaseId, posts });
          await call('POST', '/v1/x/ingest/lease', fetcherKey, { lease_id: leaseId, release: true });
          return answer;
        }).finally(() => (ingesting = false))),
};

// Held waits: each waiting agent re-issues its wait as soon as it is answered, until the end.
let woken = 0;
const waiters = keys.slice(AGENTS).map(async (key, i) => {
  const base = webs[i % webs.length]!.url;
  while (running) {
    const a = await timed('GET /v1/continuity/wait', () => call('GET', '/v1/continuity/wait?scope=mine&timeout_seconds=30', key, undefined, base));
    if (a && a.body.includes('"moved":true')) woken++;
    if (!a) await new Promise((r) => setTimeout(r, 1000));
  }
});

// The last full collection per process: heap used after it, and the heap V8 holds from the system.
type Gc = { live: number; committed: number; fullGcs: number };
const gcs = new Map<number, Gc>();
const FULL_GC = /Mark-Compact(?: \(reduce\))? [\d.]+ \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB/;
for (const p of [...webs.map((w) => w.process), ...workers]) {
  const gc: Gc = { live: NaN, committed: NaN, fullGcs: 0 };
  gcs.set(p.child.pid!, gc);
  createInterface({ input: p.child.stdout! }).on('line', (line) => {
    const m = FULL_GC.exec(line);
    if (m) Object.assign(gc, { live: Number(m[2]), committed: Number(m[3]), fullGcs: gc.fullGcs + 1 });
  });
}

/** Evaluates an expression in a process over the inspector protocol (Node's global WebSocket). */
async function inspector(port: number): Promise<(expression: string) => Promise<unknown>> {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const ws = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => (ws.addEventListener('open', resolve, { once: true }), ws.addEventListener('error', reject, { once: true })));
  let id = 0;
  const pending = new Map<number, (value: unknown) => void>();
  ws.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: { result?: { value?: unknown } } };
    if (message.id !== undefined) pending.get(message.id)?.(message.result?.result?.value);
    pending.delete(message.id!);
  });
  closers.push(() => ws.close());
  return (expression) =>
    new Promise((resolve) => {
      pending.set(++id, resolve);
      ws.send(JSON.stringify({ id, method: 'Runtime.evaluate', params: { expression, returnByValue: true } }));
    });
}
const closers: Array<() => void> = [];
type Memory = { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };
const memoryOf = new Map<number, () => Promise<Memory>>();
for (const p of [...webs.map((w) => w.process), ...workers]) {
  const evaluate = await inspector(inspectPorts.get(p)!);
  memoryOf.set(p.child.pid!, async () => JSON.parse(String(await evaluate('JSON.stringify(process.memoryUsage())'))) as Memory);
}

const pids = [...webs.map((w, i) => [`web ${i + 1}`, w.process.child.pid!] as const), ...workers.map((w, i) => [`worker ${i + 1}`, w.child.pid!] as const)];
const rss = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
const samples: Array<{ at: number; rss: number[]; live: string[]; memory: Memory[]; connections: number; queued: number }> = [];
async function sample() {
  const c = await seed.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database()`);
  const q = await seed.query<{ n: number }>(`select count(*)::int as n from graphile_worker.jobs`);
  const memory = await Promise.all(pids.map(([, pid]) => memoryOf.get(pid)!()));
  samples.push({
    at: Math.round(performance.now() / 1000),
    rss: pids.map(([, pid]) => round(rss(pid), 0)),
    memory,
    live: pids.map(([, pid]) => {
      const g = gcs.get(pid)!;
      return `${Number.isNaN(g.live) ? '-' : round(g.live, 0)}/${Number.isNaN(g.committed) ? '-' : round(g.committed, 0)}`;
    }),
    connections: c.rows[0]!.n,
    queued: q.rows[0]!.n,
  });
}

const started = performance.now();
await sample();
const timers = Object.entries(RATES).map(([kind, perSecond]) => setInterval(() => void traffic[kind]!(), 1000 / perSecond));
const sampler = setInterval(() => void sample(), SAMPLE_SECONDS * 1000);
await new Promise((r) => setTimeout(r, SECONDS * 1000));
for (const t of timers) clearInterval(t);
clearInterval(sampler);
running = false;
// Let the queue drain (posts stopped), then take the last sample.
let drained = false;
for (let i = 0; i < 60 && !drained; i++) {
  const q = await seed.query<{ n: number }>(`select count(*)::int as n from graphile_worker.jobs where run_at <= now()`);
  drained = q.rows[0]!.n === 0;
  if (!drained) await new Promise((r) => setTimeout(r, 1000));
}
await sample();
const elapsed = (performance.now() - started) / 1000;

console.log(
  `\nSoak: ${SECONDS} s, ${WEBS} web + ${WORKERS} worker processes, ${HELD_WAITS} held waits, web node flags ${webFlags.join(' ') || '(none)'}, ${new Date().toISOString()}\n`,
);
console.log('| route | offered/s | served/s | p50 ms | p99 ms | errors |\n|---|---:|---:|---:|---:|---:|');
for (const [route, values] of [...latencies].sort()) {
  const { p50, p99 } = percentiles(values);
  console.log(`| ${route} | ${round((offered.get(route) ?? 0) / SECONDS)} | ${round(values.length / SECONDS)} | ${p50} | ${p99} | ${errors.get(route) ?? 0} |`);
}
console.log(`\nwaits answered with movement: ${woken}; elapsed ${round(elapsed)} s`);
console.log(`\n| sample (s) | ${pids.map(([name]) => `${name} RSS MB`).join(' | ')} | pg connections | jobs queued |`);
console.log(`|---|${pids.map(() => '---:').join('|')}|---:|---:|`);
for (const s of samples) console.log(`| ${s.at - samples[0]!.at} | ${s.rss.join(' | ')} | ${s.connections} | ${s.queued} |`);
console.log(`\nV8 heap after the last full GC / heap committed, MB (--trace-gc; '-' before the first full GC):`);
console.log(`| sample (s) | ${pids.map(([name]) => name).join(' | ')} |\n|---|${pids.map(() => '---:').join('|')}|`);
for (const s of samples) console.log(`| ${s.at - samples[0]!.at} | ${s.live.join(' | ')} |`);
const mb = (n: number) => round(n / 1024 / 1024, 0);
console.log(`\nprocess.memoryUsage() per process, MB: rss / heapTotal / heapUsed / external (arrayBuffers):`);
console.log(`| sample (s) | ${pids.map(([name]) => name).join(' | ')} |\n|---|${pids.map(() => '---:').join('|')}|`);
for (const s of samples)
  console.log(
    `| ${s.at - samples[0]!.at} | ${s.memory.map((m) => `${mb(m.rss)} / ${mb(m.heapTotal)} / ${mb(m.heapUsed)} / ${mb(m.external)} (${mb(m.arrayBuffers)})`).join(' | ')} |`,
  );
console.log(`full GCs per process: ${pids.map(([name, pid]) => `${name} ${gcs.get(pid)!.fullGcs}`).join(', ')}`);
// Growth: the second sample (after warm-up) against the last, per process.
const warm = samples[Math.min(1, samples.length - 1)]!;
const last = samples.at(-1)!;
console.log(`\nRSS last/warm per process: ${pids.map(([name], i) => `${name} ${round(last.rss[i]! / warm.rss[i]!)}`).join(', ')} (no growth: ~1)`);
console.log(`queue drained after the traffic stopped: ${drained ? 'yes' : 'NO'}`);

agent.destroy();
for (const close of closers) close();
await Promise.race([Promise.all(waiters), new Promise((r) => setTimeout(r, 35_000))]);
await Promise.all([...webs.map((w) => w.process.stop()), ...workers.map((w) => w.stop())]);
await seed.end();
await database.stop();
