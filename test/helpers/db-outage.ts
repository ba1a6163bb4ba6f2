// Postgres stopped under API load, shared by test/api/db-outage-load.test.ts (short mode, in
// `npm test`) and bench/faults.ts (long mode): writers post and readers poll through the real app
// while its own Postgres is stopped for `downMs` and started again. Every answer is recorded: its
// status, whether a 503 carried the envelope and Retry-After, how long it took; afterwards every
// write that answered 2xx is read back, and rows stored without a 2xx are counted.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, startEmbeddedPostgres, type EmbeddedDb } from '../../lib/embedded-postgres.ts';
import { migrate } from '../../sql/migrate.ts';
import { startTestApp, type TestApp } from './app.ts';
import { until } from './until.ts';

export type OutageOptions = {
  /** How long Postgres stays stopped. */
  downMs: number;
  /** Load before the stop and after the first success once it is back. */
  beforeMs: number;
  afterMs: number;
  writers: number;
  readers: number;
  /** No stop at all: the same load over the same time, the baseline of the long mode. */
  baseline?: boolean;
  /** How long to wait for a request sent after the restart to succeed (default: minutes). */
  recoverWithinMs?: number;
};

export type OutageReport = {
  requests: number;
  writesAccepted: number;
  /** Status counts by phase: `up` (before the stop and after recovery), `down` (stopped to first success). */
  statuses: { up: Record<string, number>; down: Record<string, number> };
  /** Answers that were neither 2xx nor 503 UNAVAILABLE with the envelope and Retry-After. */
  violations: string[];
  maxLatencyMs: number;
  p99DownMs: number;
  /** From Postgres accepting connections again to the first 2xx of a request sent after that. */
  recoveryMs: number | null;
  /** 2xx writes that cannot be read back. */
  lost: string[];
  /** Rows stored although their request answered an error (the client was told nothing was stored). */
  ghosts: number;
  elapsedMs: number;
};

const TITLE = 'Outage probe';

export async function dbOutageUnderLoad(o: OutageOptions): Promise<OutageReport> {
  const dataDir = await mkdtemp(join(tmpdir(), 'board-outage-'));
  const port = await freePort();
  const start = () => startEmbeddedPostgres({ dataDir, persistent: true, fast: true, port });
  let postgres: EmbeddedDb = await start();
  let app: TestApp | null = null;
  try {
    const admin = new pg.Client({ connectionString: postgres.url('postgres') });
    await admin.connect();
    await admin.query('create database board');
    await admin.end();
    await migrate(postgres.url('board'));
    app = await startTestApp({ POSTS_PER_DAY: '1000000' }, { database: { url: postgres.url('board'), drop: async () => {} } });
    const a = app;
    const agents = await Promise.all(Array.from({ length: o.writers + o.readers }, () => a.register()));

    let phase: 'up' | 'down' = 'up';
    let upAt: number | null = null;
    let recoveredAt: number | null = null;
    let stopping = false;
    const report: OutageReport = {
      requests: 0,
      writesAccepted: 0,
      statuses: { up: {}, down: {} },
      violations: [],
      maxLatencyMs: 0,
      p99DownMs: 0,
      recoveryMs: null,
      lost: [],
      ghosts: 0,
      elapsedMs: 0,
    };
    const downLatencies: number[] = [];
    const accepted: Array<{ id: string; key: string }> = [];
    let seq = 0;

    const record = (label: string, res: { status: number; headers: Headers; body: any }, sentAt: number, ms: number) => {
      report.requests++;
      const bucket = report.statuses[phase];
      bucket[res.status] = (bucket[res.status] ?? 0) + 1;
      report.maxLatencyMs = Math.max(report.maxLatencyMs, ms);
      if (phase === 'down') downLatencies.push(ms);
      if (res.status >= 200 && res.status < 300) {
        if (upAt !== null && sentAt >= upAt && recoveredAt === null) recoveredAt = sentAt + ms;
        return;
      }
      const enveloped = res.body?.error?.code === 'UNAVAILABLE' && typeof res.body?.error?.message === 'string' && typeof res.body?.docs === 'string';
      if (res.status !== 503 || !enveloped || res.headers.get('retry-after') !== '5') {
        report.violations.push(`${label} -> ${res.status} ${JSON.stringify(res.body).slice(0, 160)} retry-after=${res.headers.get('retry-after')}`);
      }
    };

    // Requests sent and not yet answered, by label and send time: what a failure to recover reports.
    const inFlight = new Map<number, { label: string; sentAt: number }>();
    let requestNo = 0;
    const timed = async (label: string, call: () => Promise<{ status: number; headers: Headers; body: any }>) => {
      const sentAt = Date.now();
      const no = ++requestNo;
      inFlight.set(no, { label, sentAt });
      // A request the server drops without an answer is a violation, not the end of this loop.
      const res = await call()
        .catch((error: Error) => ({ status: 0, headers: new Headers(), body: { dropped: `${error.message}: ${(error.cause as Error | undefined)?.message}` } }))
        .finally(() => inFlight.delete(no));
      record(label, res, sentAt, Date.now() - sentAt);
      return res;
    };

    const writer = async (key: string) => {
      while (!stopping) {
        const title = `${TITLE} ${++seq}`;
        const res = await timed('POST /v1/posts', () =>
          a.request('POST', '/v1/posts', { key, body: { topic: 'general', title, body: 'written under an outage' } }),
        );
        if (res.status === 201) {
          report.writesAccepted++;
          accepted.push({ id: res.body.post.id, key });
        }
      }
    };
    const reader = async (key: string, i: number) => {
      const paths = ['/api/activity?limit=5', '/v1/me', '/v1/posts?limit=5', '/api/office'];
      for (let n = i; !stopping; n++) {
        const path = paths[n % paths.length]!;
        await timed(`GET ${path}`, () => a.request('GET', path, path.startsWith('/v1') ? { key } : {}));
      }
    };

    const started = Date.now();
    const load = [...agents.slice(0, o.writers).map((g) => writer(g.key)), ...agents.slice(o.writers).map((g, i) => reader(g.key, i))];
    await sleep(o.beforeMs);
    if (!o.baseline) {
      await postgres.stop();
      phase = 'down';
      await sleep(o.downMs);
      postgres = await start();
      upAt = Date.now();
      // Until a request sent after the restart succeeds, however long a loaded machine takes.
      await until('the service to recover', () => recoveredAt !== null, o.recoverWithinMs, 10).catch((error: Error) => {
        const now = Date.now();
        const pending = [...inFlight.values()].map((r) => `${r.label} for ${now - r.sentAt} ms`);
        throw new Error(
          `${error.message}; pool ${JSON.stringify(a.db.state())}; in flight: ${pending.join(', ') || 'none'}; since the restart ${JSON.stringify(report.statuses.down)}`,
        );
      });
      phase = 'up';
    } else {
      await sleep(o.downMs);
    }
    await sleep(o.afterMs);
    stopping = true;
    await Promise.all(load);
    report.elapsedMs = Date.now() - started;
    report.recoveryMs = upAt !== null && recoveredAt !== null ? recoveredAt - upAt : null;
    downLatencies.sort((x, y) => x - y);
    report.p99DownMs = downLatencies.length ? downLatencies[Math.min(downLatencies.length - 1, Math.floor(downLatencies.length * 0.99))]! : 0;

    for (const { id, key } of accepted) {
      const res = await a.request('GET', `/v1/posts/${id}`, { key });
      if (res.status !== 200) report.lost.push(`${id}: ${res.status}`);
    }
    const client = new pg.Client({ connectionString: postgres.url('board') });
    await client.connect();
    const stored = await client.query<{ n: number }>(`select count(*)::int as n from posts where starts_with(title, $1)`, [TITLE]);
    await client.end();
    report.ghosts = stored.rows[0]!.n - accepted.length;
    return report;
  } finally {
    await app?.close().catch(() => {});
    await postgres.stop().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
