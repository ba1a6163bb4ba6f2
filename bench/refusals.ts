// Refused writes (issue 27; sql/pool.ts "keepingConnection"): 64 agents each send, over and over,
// (conflict) a vote that conflicts with the one they already stored (409 VOTE_CONFLICT, refused
// inside its transaction) and, the baseline, (self) a vote on their own post (403 SELF_VOTE, refused
// before any transaction), in alternating rounds; with `--against <checkout>` the same runs go to
// that checkout's server too, on the same database. Per refused request: Postgres CPU, Postgres
// backends started (pg_stat_database.sessions) and the web process's CPU; printed: conflict/self.
// Slonik alone destroys a connection whose work threw, so before the change each conflict made
// Postgres start a backend. Run: node bench/refusals.ts [seconds] [--against <checkout>]
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { childEnv } from '../lib/config.ts';
import { benchDatabase, closedLoop, cpuSeconds, round, seedBoard } from './lib.ts';

const args = process.argv.slice(2);
const againstAt = args.indexOf('--against');
const against = againstAt === -1 ? undefined : args.splice(againstAt, 2)[1];
const SECONDS = Number(args[0] ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const AGENTS = 64;

const database = await benchDatabase();
const { keys, ids } = await seedBoard(database.url, AGENTS, AGENTS, 'refuser');
const admin = new pg.Client({ connectionString: database.url });
await admin.connect();
const postOf = new Map((await admin.query<{ id: string; author_id: string }>('select id, author_id from posts')).rows.map((r) => [r.author_id, r.id]));
// Agent i votes on agent i+1's post: +1 once here, then -1 in the runs (a stored vote is immutable).
const target = (i: number) => postOf.get(ids[(i + 1) % AGENTS]!)!;
const own = (i: number) => postOf.get(ids[i]!)!;
const KINDS = { conflict: { post: target, status: 409 }, self: { post: own, status: 403 } } as const;
type Kind = keyof typeof KINDS;

async function server(root: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [resolve(root, 'bench/board-server.ts')], {
    env: childEnv({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', EDGE_RATE_LIMIT_PER_MINUTE: '0', DB_POOL_SIZE: '10' }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ports = await new Promise<{ app: number }>((done) => createInterface({ input: child.stdout! }).once('line', (line) => done(JSON.parse(line))));
  return { child, url: `http://127.0.0.1:${ports.app}` };
}
const here = fileURLToPath(new URL('..', import.meta.url));
const servers = [{ name: 'this checkout', ...(await server(here)) }, ...(against ? [{ name: `against ${against}`, ...(await server(against)) }] : [])];

const vote = (url: string, i: number, value: 1 | -1, post = target(i)) =>
  fetch(`${url}/votes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${keys[i]}`, 'content-type': 'application/json', 'x-agent-protocol': 'svc/1' },
    body: JSON.stringify({ post_id: post, value }),
  });
for (let i = 0; i < AGENTS; i++) {
  const res = await vote(servers[0]!.url, i, 1);
  if (res.status !== 201) throw new Error(`setup vote ${i}: ${res.status} ${await res.text()}`);
}
const sessions = async () =>
  Number((await admin.query<{ n: string }>('select sessions as n from pg_stat_database where datname = current_database()')).rows[0]!.n);

type Totals = { requests: number; postgres: number; web: number; backends: number; wrong: number };
const runs = servers.flatMap((s) => (['conflict', 'self'] as Kind[]).map((kind) => ({ server: s, kind, name: `${s.name}: ${kind}` })));
const totals = new Map(runs.map((r) => [r.name, { requests: 0, postgres: 0, web: 0, backends: 0, wrong: 0 } as Totals]));
for (let round_ = 0; round_ < ROUNDS; round_++) {
  for (const run of runs) {
    const t = totals.get(run.name)!;
    const { post, status } = KINDS[run.kind];
    const [pg0, web0, sessions0] = [cpuSeconds({ postmaster: database.postmaster }) ?? 0, cpuSeconds(run.server.child.pid!) ?? 0, await sessions()];
    let wrong = 0;
    const figures = await closedLoop(run.name, AGENTS, SECONDS, async (i) => {
      const res = await vote(run.server.url, i, -1, post(i));
      await res.arrayBuffer();
      if (res.status !== status) wrong++;
    });
    const requests = figures.rps * SECONDS;
    t.requests += requests;
    t.postgres += (cpuSeconds({ postmaster: database.postmaster }) ?? 0) - pg0;
    t.web += (cpuSeconds(run.server.child.pid!) ?? 0) - web0;
    t.backends += (await sessions()) - sessions0;
    t.wrong += wrong;
    console.log(`round ${round_ + 1} ${run.name}: ${Math.round(figures.rps)} refusals/s, p50 ${figures.p50} ms`);
  }
}
console.log('\n| run | refusals | req/s | Postgres CPU ms per refusal | web CPU ms per refusal | backends started per 1,000 | other status |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
const perRefusal = (t: Totals) => t.postgres / t.requests;
for (const [name, t] of totals) {
  console.log(
    `| ${name} | ${Math.round(t.requests)} | ${Math.round(t.requests / (SECONDS * ROUNDS))} | ${round(1000 * perRefusal(t), 3)} | ${round((1000 * t.web) / t.requests, 3)} | ${round((1000 * t.backends) / t.requests, 1)} | ${t.wrong} |`,
  );
}
for (const s of servers) {
  const [conflict, self] = [totals.get(`${s.name}: conflict`)!, totals.get(`${s.name}: self`)!];
  console.log(
    `${s.name}: conflict/self req/s ${round(conflict.requests / self.requests)}, Postgres CPU per refusal ${round(perRefusal(conflict) / perRefusal(self))}`,
  );
}
await admin.end();
for (const s of servers) s.child.kill('SIGTERM');
await database.stop();
