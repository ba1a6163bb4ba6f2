// The real service for a test file: its own database, the real Koa app on an ephemeral port, a
// movable clock, the board LISTEN connection, and the real task list run through graphile-worker.
import { randomUUID } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeWorkerUtils, runOnce, Logger, type Task, type TaskList, type WorkerUtils } from 'graphile-worker';
import pg from 'pg';
import { pino } from 'pino';
import { sql } from 'slonik';
import { z } from 'zod';
import { makeHandler } from '../../api/app.ts';
import { EventHub } from '../../api/event-hub.ts';
import { listenForBoardEvents } from '../../api/listen.ts';
import type { Deps } from '../../api/context.ts';
import { notifyBoard } from '../../lib/board/events.ts';
import { manualClock, type ManualClock } from '../../lib/clock.ts';
import { loadConfig, type Config } from '../../lib/config.ts';
import type { SafeFetchOptions } from '../../lib/net/safe-fetch.ts';
import { createDb, type Db } from '../../sql/pool.ts';
import { decideStanding } from '../../lib/standing/decisions.ts';
import { taskList } from '../../tasks/index.ts';
import { createTestDatabase } from './db.ts';
import { keepAliveAgent, send } from './http-client.ts';

export type TestApp = {
  url: string;
  databaseUrl: string;
  db: Db;
  clock: ManualClock;
  config: Config;
  deps: Deps;
  server: Server;
  request: (method: string, path: string, options?: RequestOptions) => Promise<TestResponse>;
  /**
   * Registers an agent through the API. By default the account then gets standing the way an operator
   * gives it (`npm run admin -- standing <name> grant`, docs/standing.md), so tests of ordinary work are
   * not held by the new-account limits; `{ standing: false }` keeps the fresh account as registered.
   */
  register: (name?: string, options?: { standing?: boolean }) => Promise<{ key: string; id: string; name: string }>;
  /**
   * Runs every waiting job through graphile-worker (`only`: just these tasks), retries in backoff
   * included, until none is left; resolves with the jobs that ran, in order, with their payloads.
   * `env` overrides configuration for this run only: a test of a deadline sets a short one here,
   * while every other run keeps the app's generous one (a loaded machine never trips it).
   */
  runJobs: (options?: { only?: readonly string[]; env?: Record<string, string> }) => Promise<RanJob[]>;
  /**
   * Resolves once this process's LISTEN connection has delivered every board event committed before
   * the call (one connection delivers in commit order): a marker event of a kind that wakes no
   * waiter is sent and awaited. A wait started afterwards is never woken by an earlier write.
   */
  settled: () => Promise<void>;
  /** graphile-worker's public utilities on this database (complete, fail, reschedule jobs). */
  workerUtils: WorkerUtils;
  close: () => Promise<void>;
};

export type RanJob = { task: string; payload: unknown };
export type RequestOptions = { key?: string; body?: unknown; headers?: Record<string, string>; raw?: string; redirect?: 'follow' | 'manual' };
export type TestResponse = { status: number; headers: Headers; body: any; text: string };

let counter = 0;

export async function startTestApp(
  env: Record<string, string> = {},
  options: {
    listen?: boolean;
    database?: { url: string; drop: () => Promise<void> };
    contactPageFetch?: SafeFetchOptions;
    /** How the authorization server fetches client metadata documents (a test CA, a resolver). */
    clientMetadataFetch?: SafeFetchOptions;
    /** BASE_URL is the server's own address (OAuth issuers and MCP clients follow it); `port` fixes it across a restart. */
    selfBaseUrl?: boolean;
    port?: number;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  let handler: RequestListener = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handler(req, res));
  // As api/main.ts: Node's 5 s default lets a loaded machine reuse a socket the server is closing (ECONNRESET, `fetch failed`).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const appEnv: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    BASE_URL: 'http://board.test',
    REGISTRATIONS_PER_HOUR: '100000',
    REGISTRATION_FREE_PER_HOUR: '100000',
    EDGE_RATE_LIMIT_PER_MINUTE: '0',
    FEED_CACHE_MS: '0',
    ...env,
    ...(options.selfBaseUrl ? { BASE_URL: url } : {}),
    DATABASE_URL: database.url,
  };
  const config = loadConfig(appEnv);
  // A request waits for a free pooled connection at most `connectionTimeoutMs`, then answers 503 (the
  // production pool's 10 s: sql/pool.ts). A file that sends hundreds of requests at once on a loaded
  // machine (load 15-20) queues longer than that behind five connections; the wait is generous here so
  // that only an unreachable database answers 503 (README: deadlines in the code under test are set
  // generously by the tests).
  const db = await createDb(database.url, { maximumPoolSize: 5, connectionTimeoutMs: 120_000 });
  const clock = manualClock('2026-11-22T09:00:00.000Z');
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const events = new EventHub();
  const listener = options.listen === false ? null : listenForBoardEvents(database.url, events, logger);
  // The listener announces its connection with one event (waiters re-poll, caches empty): let it
  // happen before a test starts, so it cannot land in the middle of one (nor a write go unheard).
  const listening = Date.now() + 60_000;
  while (listener && !listener.connected()) {
    if (Date.now() > listening) throw new Error('the board listener did not connect within 60 s');
    await new Promise((r) => setTimeout(r, 10));
  }
  const deps: Deps = {
    config,
    db,
    clock,
    logger,
    events,
    ...(options.contactPageFetch ? { contactPageFetch: options.contactPageFetch } : {}),
    ...(options.clientMetadataFetch ? { clientMetadataFetch: options.clientMetadataFetch } : {}),
  };
  handler = makeHandler(deps);
  const workerPool = new pg.Pool({ connectionString: database.url, max: 2 });
  workerPool.on('error', () => {});
  workerPool.on('connect', (client) => client.on('error', () => {}));
  const tasks = taskList({ db, clock, config, logger });
  const silent = new Logger(() => () => {});
  const workerUtils = await makeWorkerUtils({ pgPool: workerPool, logger: silent });
  const WaitingRow = z.object({ id: z.string(), now: z.string() });

  const agent = keepAliveAgent();
  const request = async (method: string, path: string, o: RequestOptions = {}): Promise<TestResponse> => {
    const headers: Record<string, string> = { 'X-Agent-Protocol': 'svc/1', Accept: 'application/json', ...o.headers };
    if (o.key) headers.Authorization = `Bearer ${o.key}`;
    let body: string | undefined = o.raw;
    if (o.body !== undefined) body = JSON.stringify(o.body);
    // Writes carry the JSON type with a body or without, as SPEC.md asks of agents.
    if (!['GET', 'HEAD', 'OPTIONS'].includes(method)) headers['Content-Type'] ??= 'application/json';
    for (const [k, v] of Object.entries(headers)) if (v === '') delete headers[k];
    const res = await send(agent, url + path, { method, headers, body, redirect: o.redirect ?? 'follow' });
    const text = res.text;
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  };

  return {
    url,
    databaseUrl: database.url,
    db,
    clock,
    config,
    deps,
    server,
    request,
    register: async (name, o = {}) => {
      const agentName = name ?? `agent_${process.pid}_${++counter}`;
      const res = await request('POST', '/v1/agents', { body: { name: agentName, description: 'test agent' } });
      if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
      if (o.standing !== false) await decideStanding({ db, clock, config }, agentName, 'granted', { reason: 'test helper: an operator grant' });
      return { key: res.body.api_key as string, id: res.body.account.id as string, name: agentName };
    },
    workerUtils,
    settled: async () => {
      if (!listener) throw new Error('settled() needs the LISTEN connection (listen: false was given)');
      const marker = randomUUID();
      let off = () => {};
      const heard = new Promise<void>((resolve) => {
        off = events.subscribe((event) => {
          if (event.kind === 'score' && event.post_id === marker) resolve();
        });
      });
      await notifyBoard(db, { kind: 'score', post_id: marker });
      await heard;
      off();
    },
    runJobs: async (o = {}) => {
      const ran: RanJob[] = [];
      const chosen: TaskList = {};
      const runTasks = o.env ? taskList({ db, clock, config: loadConfig({ ...appEnv, ...o.env }), logger }) : tasks;
      for (const [name, task] of Object.entries(runTasks)) {
        if (o.only && !o.only.includes(name)) continue;
        chosen[name] = ((payload, helpers) => {
          ran.push({ task: name, payload });
          return (task as Task)(payload, helpers);
        }) as Task;
      }
      // Retries wait in backoff on the real clock while the test moves its own: run them now.
      const waiting = await db.any(sql.type(WaitingRow)`
        select id::text, now() as now from graphile_worker.jobs
        where locked_at is null and run_at > now() and attempts < max_attempts
          and task_identifier = any(${sql.array(Object.keys(chosen), 'text')})`);
      if (waiting.length > 0)
        await workerUtils.rescheduleJobs(
          waiting.map((j) => j.id),
          { runAt: waiting[0]!.now },
        );
      await runOnce({ pgPool: workerPool, taskList: chosen, logger: silent });
      // graphile-worker 0.18's runOnce can resolve while its last completeJob/failJob is in flight:
      // wait until no job is locked, so the next call sees every outcome (on a loaded machine that
      // write can take seconds; the wait ends as soon as it lands).
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const locked = await db.oneFirst(
          sql.type(z.object({ n: z.number() }))`select count(*)::int as n from graphile_worker.jobs where locked_at is not null`,
        );
        if (locked === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      return ran;
    },
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await listener?.stop();
      await db.end();
      await workerUtils.release();
      await workerPool.end();
      await database.drop();
    },
  };
}
