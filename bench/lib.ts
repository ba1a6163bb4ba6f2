// Shared benchmark plumbing: a throwaway Postgres, autocannon runs and a latency recorder.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startEmbeddedPostgres } from '../lib/embedded-postgres.ts';
import { migrate } from '../sql/migrate.ts';

export type Figures = { name: string; rps: number; p50: number; p99: number; errors: number };

export async function benchDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'board-bench-'));
  const embedded = await startEmbeddedPostgres({ dataDir: dir, persistent: false });
  const admin = new pg.Client({ connectionString: embedded.url() });
  await admin.connect();
  await admin.query('create database bench');
  await admin.end();
  const url = embedded.url('bench');
  await migrate(url);
  return {
    url,
    stop: async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
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

/** Runs `op` from `concurrency` loops for `seconds`, recording each latency. */
export async function closedLoop(name: string, concurrency: number, seconds: number, op: (worker: number) => Promise<void>): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < end) {
        const start = performance.now();
        try {
          await op(worker);
          latencies.push(performance.now() - start);
        } catch {
          errors++;
        }
      }
    }),
  );
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
