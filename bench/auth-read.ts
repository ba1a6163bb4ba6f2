// Authenticated reads (issue 27.3): `GET /v1/posts?limit=25` with a board key, (a) with the key cache
// off (AUTH_CACHE_MS=0: one key lookup per request), (b) with it on (the default), and (c) the same
// SQL text (the key lookup and the window query, captured from the query modules) straight through
// `pg` with the same pool size and 64 loops: the ceiling for (a). Rounds are interleaved; req/s is the
// mean over rounds. Prints (b)/(c) (target >= 0.5) and (a)/(c).
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { CommonQueryMethods } from 'slonik';
import { hashKey } from '../lib/accounts/keys.ts';
import { childEnv } from '../lib/config.ts';
import { createAccountsQueries } from '../sql/queries/accounts.ts';
import { createPostsQueries } from '../sql/queries/posts.ts';
import { benchDatabase, cannon, closedLoop, cpuSeconds, hasWrk, round, seedBoard, table, wrk, type Figures } from './lib.ts';

const AUTHORS = 64;
const SECONDS = Number(process.argv[2] ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LIMIT = 25;

const database = await benchDatabase();
const { keys } = await seedBoard(database.url, AUTHORS, 1000, 'reader');

async function server(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./board-server.ts', import.meta.url))], {
    env: childEnv({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', EDGE_RATE_LIMIT_PER_MINUTE: '0', DB_POOL_SIZE: '10', ...env }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ports = await new Promise<{ app: number }>((resolve) => createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line))));
  return { child, url: `http://127.0.0.1:${ports.app}` };
}
const uncached = await server({ AUTH_CACHE_MS: '0' });
const cached = await server({});

// wrk sends one key per connection in turn (a Lua script), so the cache holds 64 keys, as with 64 agents.
const script = join(tmpdir(), `auth-read-${process.pid}.lua`);
writeFileSync(
  script,
  `local keys = {${keys.map((k) => `"${k}"`).join(',')}}
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", "/v1/posts?limit=${LIMIT}", { ["Authorization"] = "Bearer " .. keys[(n % #keys) + 1], ["X-Agent-Protocol"] = "svc/1", ["Accept"] = "application/json" })
end
`,
);
const useWrk = hasWrk();
let k = 0;
const read = (name: string, base: string) =>
  useWrk
    ? wrk(name, { url: `${base}/v1/posts?limit=${LIMIT}`, duration: SECONDS, script })
    : cannon(name, {
        url: `${base}/v1/posts?limit=${LIMIT}`,
        duration: SECONDS,
        setupClient: (client) => client.setHeaders({ Authorization: `Bearer ${keys[k++ % AUTHORS]}`, 'X-Agent-Protocol': 'svc/1', Accept: 'application/json' }),
      });

// (c) The statements a request issues, as the query modules write them (captured, so (c) cannot drift).
const pool = new pg.Pool({ connectionString: database.url, max: 10, statement_timeout: 30_000 });
pool.on('error', () => {});
const capturing = { maybeOne: (q: unknown) => q, any: (q: unknown) => q } as unknown as CommonQueryMethods;
const text = (token: unknown) => {
  const t = token as { sql: string; values: unknown[] };
  // slonik numbers its placeholders $slonik_N and renames them to $N when it sends the query.
  return [t.sql.replace(/\$slonik_(\d+)/g, '$$$1'), t.values] as const;
};
const lookup = (key: string) => text(createAccountsQueries(capturing).byKeyHash(hashKey(key)));
const [windowSql, windowValues] = text(createPostsQueries(capturing).roots({}, {}, LIMIT));
const ceiling = () =>
  closedLoop('(c) same SQL via pg', 64, SECONDS, async (worker) => {
    const [lookupSql, lookupValues] = lookup(keys[worker % AUTHORS]!);
    const account = await pool.query(lookupSql, lookupValues as unknown[]);
    if (account.rowCount !== 1) throw new Error('no account');
    const rows = await pool.query(windowSql, windowValues as unknown[]);
    if (rows.rowCount !== LIMIT + 1) throw new Error(`window of ${rows.rowCount}`);
  });

// Warm up every side.
await read('warm-up', uncached.url);
await read('warm-up', cached.url);
await ceiling();

const cpu: Record<string, number[]> = {};
async function withCpu(id: string, pid: number | null, run: () => Promise<Figures>): Promise<Figures> {
  const before = pid === null ? process.cpuUsage() : null;
  const start = pid === null ? 0 : cpuSeconds(pid)!;
  const f = await run();
  const used = before ? (process.cpuUsage(before).user + process.cpuUsage(before).system) / 1e6 : cpuSeconds(pid!)! - start;
  (cpu[id] ??= []).push((used * 1000) / (f.rps * SECONDS));
  return f;
}
const RUNS: Array<[string, () => Promise<Figures>]> = [
  ['a', () => withCpu('a', uncached.child.pid!, () => read('(a) GET /v1/posts?limit=25, key cache off', uncached.url))],
  ['b', () => withCpu('b', cached.child.pid!, () => read('(b) GET /v1/posts?limit=25, key cache on', cached.url))],
  ['c', () => withCpu('c', null, ceiling)],
];
const rounds: Array<Map<string, Figures>> = [];
for (let r = 0; r < ROUNDS; r++) {
  const row = new Map<string, Figures>();
  for (const [id, run] of RUNS) row.set(id, await run());
  rounds.push(row);
}
await pool.end();
rmSync(script, { force: true });
for (const s of [uncached, cached]) s.child.kill('SIGTERM');
await Promise.all([uncached, cached].map((s) => new Promise((r) => (s.child.exitCode !== null ? r(null) : s.child.once('exit', r)))));
await database.stop();

const mean = (id: string): Figures => {
  const runs = rounds.map((row) => row.get(id)!);
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
  return {
    name: runs[0]!.name,
    rps: runs.reduce((s, f) => s + f.rps, 0) / runs.length,
    p50: median(runs.map((f) => f.p50)),
    p99: median(runs.map((f) => f.p99)),
    errors: runs.reduce((s, f) => s + f.errors, 0),
  };
};
const m = Object.fromEntries(RUNS.map(([id]) => [id, mean(id)]));
const perRound = (x: string, y: string) => rounds.map((row) => round(row.get(x)!.rps / row.get(y)!.rps)).join(', ');
const cpuMean = (id: string) => round(cpu[id]!.reduce((s, x) => s + x, 0) / cpu[id]!.length, 3);
console.log(
  `\nAuthenticated reads, 64 connections, 64 keys, ${ROUNDS} rounds of ${SECONDS} s, GET client ${useWrk ? 'wrk' : 'autocannon'}, ${new Date().toISOString()}\n`,
);
console.log(table(RUNS.map(([id]) => m[id]!)));
console.log(`\n(b)/(c) = ${round(m.b!.rps / m.c!.rps)}  per round ${perRound('b', 'c')}  (target >= 0.5)`);
console.log(`(a)/(c) = ${round(m.a!.rps / m.c!.rps)}  per round ${perRound('a', 'c')}  (the same without the key cache)`);
console.log(`CPU ms per request: (a) web ${cpuMean('a')}, (b) web ${cpuMean('b')}, (c) bench process (pg client) ${cpuMean('c')}`);
