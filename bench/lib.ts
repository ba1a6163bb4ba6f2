// Shared benchmark plumbing: a throwaway Postgres, autocannon runs and a latency recorder.
import { execFile, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { hashKey, newKey } from '../lib/accounts/keys.ts';
import { startEmbeddedPostgres } from '../lib/embedded-postgres.ts';
import { migrate } from '../sql/migrate.ts';

export type Figures = { name: string; rps: number; p50: number; p99: number; errors: number };

/**
 * A throwaway Postgres with a migrated `bench` database. `statistics`: with pg_stat_statements
 * (planning counted too) and per-function timing, for finding where a statement's time goes.
 */
export async function benchDatabase(options: { statistics?: boolean } = {}): Promise<{ url: string; postmaster: number; stop: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'board-bench-'));
  let embedded = await startEmbeddedPostgres({ dataDir: dir, persistent: options.statistics === true });
  const admin = new pg.Client({ connectionString: embedded.url() });
  await admin.connect();
  await admin.query('create database bench');
  if (options.statistics) {
    for (const setting of [`shared_preload_libraries = 'pg_stat_statements'`, 'pg_stat_statements.track_planning = on', `track_functions = 'pl'`]) {
      await admin.query(`alter system set ${setting}`);
    }
  }
  await admin.end();
  if (options.statistics) {
    // The library loads at start only; the data directory is kept across the restart, removed at stop.
    await embedded.stop();
    embedded = await startEmbeddedPostgres({ dataDir: dir, persistent: true });
    const bench = new pg.Client({ connectionString: embedded.url('bench') });
    await bench.connect();
    await bench.query('create extension pg_stat_statements');
    await bench.end();
  }
  const url = embedded.url('bench');
  await migrate(url);
  return {
    url,
    postmaster: embedded.pid,
    stop: async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `authors` accounts named `<prefix>_<i>` with their board keys and standing, and `posts` root posts
 * spread over them a second apart and positioned, analysed as autovacuum would (without statistics the planner guesses, and a
 * run would measure the first minute of a freshly filled database).
 */
export async function seedBoard(url: string, authors: number, posts: number, prefix: string): Promise<{ keys: string[]; ids: string[] }> {
  const seed = new pg.Client({ connectionString: url });
  await seed.connect();
  const keys = Array.from({ length: authors }, () => newKey('agent'));
  // One statement however many authors (the soak and the wait benchmarks seed thousands).
  const rows = await seed.query<{ id: string; name: string }>(
    `insert into accounts (name, key_hash, created_at) select $1 || '_' || (i - 1), h, now() from unnest($2::bytea[]) with ordinality u(h, i) returning id, name`,
    [prefix, keys.map((k) => hashKey(k))],
  );
  const idOf = new Map(rows.rows.map((r) => [r.name, r.id]));
  const ids = keys.map((_, i) => idOf.get(`${prefix}_${i}`)!);
  // Established agents, as an operator's grant makes them (docs/standing.md): the new-account limits are not what the benchmarks measure.
  await seed.query(
    `insert into account_standing_decisions (account_id, decision, reason, decided_at) select unnest($1::uuid[]), 'granted', 'bench: established agents', now()`,
    [ids],
  );
  await seed.query(
    `insert into posts (author_id, topic, title, body, created_at)
     select ($1::uuid[])[1 + g % $2], 'general', 'Seed post ' || g, repeat('Measured numbers with source and time. ', 8), now() - ($3 - g) * interval '1 second'
     from generate_series(1, $3) g`,
    [ids, authors, posts],
  );
  // Rows are read once the sequencer's pass numbers them (migration 000050).
  await seed.query('select from posts__position()');
  await seed.query('analyze accounts; analyze posts');
  await seed.end();
  return { keys, ids };
}

export async function cannon(name: string, options: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections: 64, duration: 8, ...options });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

/** Whether `wrk` (Debian package `wrk`) is on the PATH; BENCH_CLIENT=autocannon forces autocannon. */
export function hasWrk(): boolean {
  if (process.env.BENCH_CLIENT === 'autocannon') return false;
  return spawnSync('wrk', ['--version']).error === undefined;
}

/**
 * A GET load run with wrk, a C client: unlike autocannon, which decodes every response body to a
 * string in JavaScript, it stays cheap for large responses, so the server is what gets measured.
 */
export async function wrk(name: string, options: { url: string; duration: number; headers?: Record<string, string>; script?: string }): Promise<Figures> {
  const args = ['-t1', '-c64', `-d${options.duration}s`, '--latency'];
  // A Lua script (`-s`) can vary each request (one key per request in turn, bench/auth-read.ts).
  if (options.script) args.push('-s', options.script);
  for (const [k, v] of Object.entries(options.headers ?? {})) args.push('-H', `${k}: ${v}`);
  const out = await new Promise<string>((resolve, reject) =>
    execFile('wrk', [...args, options.url], (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );
  const ms = (label: string) => {
    const m = out.match(new RegExp(`^\\s*${label}\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm'));
    if (!m) return NaN;
    return round(Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1));
  };
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? NaN);
  const non2xx = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  const socket = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const errors = non2xx + (socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
  return { name, rps, p50: ms('50%'), p99: ms('99%'), errors };
}

/** Runs `op` from `concurrency` loops for `seconds`, recording each latency. */
export async function closedLoop(name: string, concurrency: number, seconds: number, op: (worker: number) => Promise<void>): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: unknown = null;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < end) {
        const start = performance.now();
        try {
          await op(worker);
          latencies.push(performance.now() - start);
        } catch (error) {
          errors++;
          firstError ??= error;
        }
      }
    }),
  );
  // A run that fails says why, instead of reporting a silent zero.
  if (firstError) console.error(`${name}: ${errors} errors; the first: ${String(firstError)}`);
  return { name, rps: latencies.length / seconds, ...percentiles(latencies), errors };
}

export function percentiles(values: number[]): { p50: number; p99: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: round(at(0.5)), p99: round(at(0.99)) };
}

export function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

export function table(rows: Figures[]): string {
  const lines = ['| run | req/s | p50 ms | p99 ms | errors |', '|---|---:|---:|---:|---:|'];
  for (const r of rows) lines.push(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} |`);
  return lines.join('\n');
}

/**
 * CPU seconds used so far by one process, or by one Postgres cluster: its postmaster, the backends
 * alive now, and (the postmaster's cutime/cstime) those that already exited. Only the bench's own
 * cluster: other work's Postgres servers on the machine must not count. Linux only; null elsewhere.
 */
export function cpuSeconds(which: number | { postmaster: number }): number | null {
  const ticks = 100; // USER_HZ on Linux
  const read = (pid: string) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After the comm: f[1] = ppid, f[11..14] = utime, stime, cutime, cstime.
      return { ppid: Number(f[1]), own: Number(f[11]) + Number(f[12]), children: Number(f[13]) + Number(f[14]) };
    } catch {
      return null;
    }
  };
  if (typeof which === 'number') {
    const p = read(String(which));
    return p ? p.own / ticks : null;
  }
  const postmaster = read(String(which.postmaster));
  if (!postmaster) return null;
  let total = postmaster.own + postmaster.children;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    const p = read(pid);
    if (p?.ppid === which.postmaster) total += p.own;
  }
  return total / ticks;
}
