// Scale-out (issue 27.4): two web processes and three workers over one primary and one streaming
// replica (test/helpers/replica-pair.ts), under public cursor reads on both web processes and
// (in a second phase) authenticated posting at the same time. The same run measures the same processes without
// DATABASE_READ_URL (the baseline), in alternating rounds. Prints public reads/s, posts/s, the share
// of public reads the replica answered (from the metrics endpoints), and each cluster's CPU per read.
import autocannon from 'autocannon';
import pg from 'pg';
import { startReplicaPair } from '../test/helpers/replica-pair.ts';
import { freePort, startProcess, type ServiceProcess } from '../test/helpers/processes.ts';
import { closedLoop, cpuSeconds, round, seedBoard } from './lib.ts';

const SECONDS = Number(process.argv[2] ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WRITERS = 16;
const READERS_PER_WEB = 32;

const pair = await startReplicaPair();
const { keys } = await seedBoard(pair.primaryUrl, WRITERS, 5000, 'scale');
const seed = new pg.Client({ connectionString: pair.primaryUrl });
await seed.connect();
await seed.query('select from posts__position()');
// Cursors a walker holds: every seeded item but the newest 100, so each read returns a full page.
const cursors = (await seed.query<{ id: string }>('select id from posts order by seq desc offset 100 limit 4000')).rows.map((r) => r.id);
await seed.end();
const replicaClient = new pg.Client({ connectionString: pair.replicaUrl });
await replicaClient.connect();
for (let n = 0; n < 600 && (await replicaClient.query(`select count(*)::int as n from posts where seq is not null`)).rows[0].n < 5000; n++)
  await new Promise((r) => setTimeout(r, 50));
await replicaClient.end();

type Deployment = { webs: Array<{ base: string; metrics: string }>; processes: ServiceProcess[] };
async function deploy(withReplica: boolean): Promise<Deployment> {
  const webs: Deployment['webs'] = [];
  const processes: ServiceProcess[] = [];
  const common = {
    DATABASE_URL: pair.primaryUrl,
    LOG_LEVEL: 'info',
    EDGE_RATE_LIMIT_PER_MINUTE: '0',
    POSTS_PER_DAY: '1000000',
    REPLIES_PER_DAY: '1000000',
    DB_POOL_SIZE: '10',
  };
  for (let i = 0; i < 2; i++) {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const base = `http://127.0.0.1:${port}`;
    processes.push(
      await startProcess(
        'web',
        { ...common, PORT: String(port), BASE_URL: base, METRICS_PORT: String(metricsPort), ...(withReplica ? { DATABASE_READ_URL: pair.replicaUrl } : {}) },
        'web listening',
      ),
    );
    webs.push({ base, metrics: `http://127.0.0.1:${metricsPort}/metrics` });
  }
  for (let i = 0; i < 3; i++) processes.push(await startProcess('worker', common, 'worker running'));
  return { webs, processes };
}

async function routed(webs: Deployment['webs']): Promise<{ replica: number; primary: number }> {
  let replica = 0;
  let primary = 0;
  for (const w of webs) {
    const text = await (await fetch(w.metrics)).text();
    replica += Number(/^board_replica_reads_total (\S+)$/m.exec(text)?.[1] ?? 0);
    primary += Number(/^board_replica_fallback_reads_total (\S+)$/m.exec(text)?.[1] ?? 0);
  }
  return { replica, primary };
}

type Row = {
  mode: string;
  phase: string;
  reads: number;
  readP50: number;
  readP99: number;
  readErrors: number;
  posts: number | null;
  postP50: number | null;
  replicaShare: number | null;
  primaryCpuMsPerRead: number;
  replicaCpuMsPerRead: number;
};

/** One phase on a running deployment: public cursor reads on both web processes, with or without writers. */
async function phase(d: Deployment, mode: string, writing: boolean): Promise<Row> {
  const [webA, webB] = d.webs as [Deployment['webs'][0], Deployment['webs'][0]];
  const path = () => `/api/activity?since=${cursors[Math.floor(Math.random() * cursors.length)]}`;
  const readers = (base: string) =>
    autocannon({
      url: base,
      connections: READERS_PER_WEB,
      duration: SECONDS,
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: path() }) }],
    });
  let n = 0;
  const writers = () =>
    closedLoop('posts', WRITERS, SECONDS, async (w) => {
      const base = n++ % 2 === 0 ? webA.base : webB.base;
      const res = await fetch(`${base}/v1/posts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Agent-Protocol': 'svc/1', Authorization: `Bearer ${keys[w]}` },
        body: JSON.stringify({ topic: 'general', title: `Scale ${n}`, body: 'Measured numbers with source and time.' }),
      });
      if (res.status !== 201) throw new Error(`post ${res.status}`);
      await res.arrayBuffer();
    });
  const before = await routed(d.webs);
  const cpu0 = [cpuSeconds({ postmaster: pair.primaryPid })!, cpuSeconds({ postmaster: pair.replicaPid })!];
  const [a, b, posts] = await Promise.all([readers(webA.base), readers(webB.base), writing ? writers() : null]);
  const cpu1 = [cpuSeconds({ postmaster: pair.primaryPid })!, cpuSeconds({ postmaster: pair.replicaPid })!];
  const after = await routed(d.webs);
  const readCount = a.requests.total + b.requests.total;
  const served = after.replica - before.replica + (after.primary - before.primary);
  return {
    mode,
    phase: writing ? `reads + ${WRITERS} writers` : 'reads only',
    reads: readCount / SECONDS,
    readP50: Math.max(a.latency.p50, b.latency.p50),
    readP99: Math.max(a.latency.p99, b.latency.p99),
    readErrors: a.errors + a.non2xx + b.errors + b.non2xx,
    posts: posts ? posts.rps : null,
    postP50: posts ? posts.p50 : null,
    replicaShare: served > 0 ? (after.replica - before.replica) / served : null,
    primaryCpuMsPerRead: ((cpu1[0]! - cpu0[0]!) * 1000) / readCount,
    replicaCpuMsPerRead: ((cpu1[1]! - cpu0[1]!) * 1000) / readCount,
  };
}

async function measure(withReplica: boolean): Promise<Row[]> {
  const d = await deploy(withReplica);
  const mode = withReplica ? 'primary + replica' : 'primary only';
  const rows = [await phase(d, mode, false), await phase(d, mode, true)];
  for (const p of d.processes) await p.stop();
  return rows;
}

const rows: Row[] = [];
for (let r = 0; r < ROUNDS; r++) for (const withReplica of [false, true]) rows.push(...(await measure(withReplica)));
await pair.stop();

const load = (await import('node:os'))
  .loadavg()
  .map((x) => round(x))
  .join(' ');
console.log(
  `\nScale-out: 2 web processes, 3 workers, ${READERS_PER_WEB} public cursor readers per web process, ${WRITERS} writers, ${ROUNDS} rounds of ${SECONDS} s, ${new Date().toISOString()}, load ${load}\n`,
);
console.log(
  '| round | mode | phase | public reads/s | read p50 / p99 ms | read errors | posts/s | post p50 ms | replica share of routed reads | primary CPU ms/read | replica CPU ms/read |',
);
console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
rows.forEach((x, i) =>
  console.log(
    `| ${Math.floor(i / 4) + 1} | ${x.mode} | ${x.phase} | ${round(x.reads, 0)} | ${x.readP50} / ${x.readP99} | ${x.readErrors} | ${x.posts === null ? '–' : round(x.posts, 0)} | ${x.postP50 === null ? '–' : round(x.postP50, 1)} | ${x.replicaShare === null ? '–' : round(x.replicaShare)} | ${round(x.primaryCpuMsPerRead, 3)} | ${round(x.replicaCpuMsPerRead, 3)} |`,
  ),
);
const mean = (mode: string, phaseName: string, f: (x: Row) => number) => {
  const m = rows.filter((x) => x.mode === mode && x.phase.startsWith(phaseName));
  return m.reduce((s, x) => s + f(x), 0) / m.length;
};
for (const p of ['reads only', 'reads +']) {
  console.log(`\n${p === 'reads only' ? 'reads only' : 'reads + writers'}:`);
  console.log(`  reads/s with replica / without = ${round(mean('primary + replica', p, (x) => x.reads) / mean('primary only', p, (x) => x.reads))}`);
  console.log(
    `  primary CPU per public read with replica / without = ${round(mean('primary + replica', p, (x) => x.primaryCpuMsPerRead) / mean('primary only', p, (x) => x.primaryCpuMsPerRead))}`,
  );
  if (p !== 'reads only')
    console.log(
      `  posts/s with replica / without = ${round(mean('primary + replica', p, (x) => x.posts ?? 0) / mean('primary only', p, (x) => x.posts ?? 0))}`,
    );
}
