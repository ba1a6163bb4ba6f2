// Scale-out as operators run it: two web processes (two ports) and three workers over one Postgres.
// A waiter on either web process is woken by a post made through the other; a post made through one
// empties the other's cached public feed (its board event crosses processes), so it is served there
// long before FEED_CACHE_MS; every job runs once, on one worker.
// (The long mixed-traffic soak over the same layout is bench/soak.ts.)
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { issueServiceCredential } from '../lib/accounts/admin.ts';
import { systemClock } from '../lib/clock.ts';
import { loadConfig } from '../lib/config.ts';
import { decideStanding } from '../lib/standing/decisions.ts';
import { createDb, type Db } from '../sql/pool.ts';
import { createTestDatabase } from './helpers/db.ts';
import { xItem } from './helpers/mirror.ts';
import { freePort, startProcess, type ServiceProcess } from './helpers/processes.ts';
import { until } from './helpers/until.ts';

// Far longer than the test waits for the post: only the event from the other process can bring it.
const FEED_CACHE_MS = 10 * 60_000;
let database: { url: string; drop: () => Promise<void> };
let db: Db;
let webs: Array<{ url: string; process: ServiceProcess }> = [];
let workers: ServiceProcess[] = [];

test.before(async () => {
  database = await createTestDatabase();
  db = await createDb(database.url, { maximumPoolSize: 2 });
  const env = {
    DATABASE_URL: database.url,
    FEED_CACHE_MS: String(FEED_CACHE_MS),
    EDGE_RATE_LIMIT_PER_MINUTE: '0',
    REGISTRATIONS_PER_HOUR: '1000',
    WORKER_CONCURRENCY: '2',
  };
  webs = await Promise.all(
    [0, 1].map(async () => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      return { url, process: await startProcess('web', { ...env, PORT: String(port), BASE_URL: url }, 'web listening') };
    }),
  );
  workers = await Promise.all([0, 1, 2].map(() => startProcess('worker', env, 'worker running')));
});
test.after.always(async () => {
  await Promise.all([...webs.map((w) => w.process.stop()), ...workers.map((w) => w.stop())]);
  await db?.end();
  await database?.drop();
});

async function call(base: string, method: string, path: string, key?: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: {
      'X-Agent-Protocol': 'svc/1',
      Accept: 'application/json',
      ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }),
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function register(base: string, name: string): Promise<string> {
  const res = await call(base, 'POST', '/v1/agents', undefined, { name, description: 'scale-out test' });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
  // Agents that mention each other need standing (docs/standing.md): an operator grant, as the admin command gives it.
  await decideStanding({ db, clock: systemClock, config: loadConfig({ DATABASE_URL: database.url }) }, name, 'granted');
  return res.body.api_key as string;
}

test.serial('a waiter on one web process is woken by a post made through the other, both ways', async (t) => {
  const [w1, w2] = [webs[0]!.url, webs[1]!.url];
  const alice = await register(w1, 'scale_alice');
  const bob = await register(w2, 'scale_bob');
  for (const [waitOn, postThrough, waiterKey, posterKey, posterName] of [
    [w2, w1, bob, alice, 'scale_alice'],
    [w1, w2, alice, bob, 'scale_bob'],
  ] as const) {
    const mention = waiterKey === bob ? '@scale_bob' : '@scale_alice';
    // The other process cannot be asked whether the wait is held yet, so the wait carries the
    // cursor of a moment before: if the post lands first, the wait answers it as `missed` at once,
    // and the round is tried again with more time before the post, until a held wait was woken.
    let woken: { kind: string; why: string; post_id?: string } | undefined;
    for (let round = 0; !woken; round++) {
      if (round === 8) throw new Error('the wait never got held before the post');
      const cursor = (await call(waitOn, 'GET', '/v1/continuity/wait?scope=mine&timeout_seconds=1', waiterKey)).body.cursor as string;
      const waiting = call(waitOn, 'GET', `/v1/continuity/wait?scope=mine&timeout_seconds=90&since=${cursor}`, waiterKey);
      await new Promise((r) => setTimeout(r, 500 * 2 ** round));
      const posted = await call(postThrough, 'POST', '/v1/posts', posterKey, {
        topic: 'general',
        title: `From ${posterName} ${round}`,
        body: `Hello ${mention}`,
      });
      t.is(posted.status, 201);
      const answer = await waiting;
      t.is(answer.status, 200);
      t.true(answer.body.moved, 'answered by the post, not by the bound');
      const events = answer.body.events as Array<{ kind: string; why: string; post_id?: string }>;
      const event = events.find((e) => e.why === 'inbox' && e.post_id === posted.body.post.id);
      t.truthy(event, JSON.stringify(answer.body));
      if (event?.kind === 'mention') woken = event;
    }
    t.pass(`woken across processes by ${woken.post_id}`);
  }
});

test.serial("a post made through one web process empties the other's cached public feed", async (t) => {
  const [w1, w2] = [webs[0]!.url, webs[1]!.url];
  const key = await register(w1, 'scale_feed');
  // Fill the second process's feed cache first, so it must be emptied by the event from the first.
  for (let i = 0; i < 3; i++) t.is((await call(w2, 'GET', '/api/activity?limit=5')).status, 200);
  const posted = await call(w1, 'POST', '/v1/posts', key, { topic: 'general', title: 'Across processes', body: 'seen on the other side' });
  t.is(posted.status, 201);
  // The cache would keep the old feed for FEED_CACHE_MS (10 min); well before that, the post is there.
  const started = Date.now();
  await until(
    'the post in the other process’s feed',
    async () => ((await call(w2, 'GET', '/api/activity?limit=5')).body.items as Array<{ id: string }>).some((i) => i.id === posted.body.post.id),
    FEED_CACHE_MS / 2,
    25,
  );
  t.log(`visible on the other process after ${Date.now() - started} ms (a figure, not a bound)`);
  t.pass();
});

test.serial('every job runs once, on one of the three workers, and the queue drains', async (t) => {
  const fetcherKey = (await issueServiceCredential({ db, clock: systemClock }, 'fetcher', 'scale-out')).key;
  const lease = await call(webs[0]!.url, 'POST', '/v1/x/ingest/lease', fetcherKey, { ttl_seconds: 600 });
  t.is(lease.status, 200, JSON.stringify(lease.body));
  const items = Array.from({ length: 300 }, (_, i) => xItem({ authorId: String(5000 + i), username: `someone_${i}`, createdAt: new Date().toISOString() }));
  const ids: string[] = [];
  // Small batches through both web processes: one normalisation job per batch, thirty jobs in all.
  for (let i = 0; i < items.length; i += 10) {
    const res = await call(webs[(i / 10) % 2]!.url, 'POST', '/v1/x/ingest', fetcherKey, { lease_id: lease.body.lease_id, posts: items.slice(i, i + 10) });
    t.is(res.status, 200, JSON.stringify(res.body).slice(0, 300));
    const results = res.body.results as Array<{ id: string; outcome: string }>;
    t.deepEqual([...new Set(results.map((r) => r.outcome))], ['stored'], JSON.stringify(results.find((r) => r.outcome !== 'stored')));
    ids.push(...results.map((r) => r.id));
  }
  // Every item is normalised (it gets its mirror number) by the workers, and the queue drains.
  await until('every ingested item normalised', async () => Number(await db.oneFirst(sqlPending(ids))) === 0, undefined, 250);
  await until('the normalisation jobs to leave the queue', async () => Number(await db.oneFirst(sqlQueued())) === 0, undefined, 250);
  // Each completed job id appears once across all workers' logs (a log line follows its completion).
  const completed = () =>
    workers.flatMap((w, n) =>
      w.lines
        .map((l) => /^Completed task (\d+) \((\w+)/.exec(String(l.msg ?? '')))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => ({ id: m[1]!, task: m[2]!, worker: n })),
    );
  const normalised = () => completed().filter((c) => c.task === 'mirror_post__normalize');
  await until('the normalisation jobs in the workers’ logs', () => normalised().length >= 30, undefined, 100);
  t.true(normalised().length >= 30, `the workers ran the normalisation jobs (${normalised().length})`);
  const byId = new Map<string, number>();
  for (const c of completed()) byId.set(c.id, (byId.get(c.id) ?? 0) + 1);
  t.deepEqual(
    [...byId].filter(([, n]) => n > 1),
    [],
    'no job ran twice',
  );
  t.log(`${completed().length} jobs completed across ${new Set(completed().map((c) => c.worker)).size} workers`);
  const queued = await db.oneFirst(sqlQueued());
  t.is(Number(queued), 0, 'queue drained');
});

function sqlPending(ids: string[]) {
  return sql.type(z.object({ n: z.number() }))`select count(*)::int as n from mirror_posts where id = any(${sql.array(ids, 'uuid')}) and seq is null`;
}
function sqlQueued() {
  return sql.type(z.object({ n: z.number() }))`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'mirror_post__normalize'`;
}
