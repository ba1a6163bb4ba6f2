// Read replicas (issue 27.4) against a real streaming replica (test/helpers/replica-pair.ts) and real
// web processes. With replay paused on the replica, the public feed it serves lags, while the writer's
// own authenticated reads, cursors past the replica's head, threads it has not seen and a web process
// with a tight REPLICA_MAX_LAG_MS go to the primary; a cursor never moves backwards; the lag shows in
// the metrics and clears on resume. An unreachable replica costs the primary its reads, never an
// answer, and a replica that hangs costs one read its timeout: then it is skipped for
// REPLICA_RETRY_AFTER_MS and tried again after. A web process without DATABASE_READ_URL has no
// replica metrics.
import test from 'ava';
import { randomUUID } from 'node:crypto';
import { type FaultyFront, startFaultyFront } from '../helpers/faulty-front.ts';
import { startReplicaPair, type ReplicaPair } from '../helpers/replica-pair.ts';
import { freePort, startProcess, type ServiceProcess } from '../helpers/processes.ts';

let pair: ReplicaPair;
const webs: ServiceProcess[] = [];
/** Reads the replica while fresh, however far behind (REPLICA_MAX_LAG_MS: 10 min). */
let lenient: { base: string; metrics: string };
/** The same replica, with REPLICA_MAX_LAG_MS=1: a replica with anything unreplayed is not fresh. */
let strict: { base: string; metrics: string };
/** No DATABASE_READ_URL. */
let plain: { base: string; metrics: string };
/** DATABASE_READ_URL on a port nobody listens on: a replica that is down. */
let down: { base: string; metrics: string };
/** The replica behind a TCP front the tests make hang, for two web processes: one retries it after 10 min, one after 200 ms. */
let front: FaultyFront;
let patient: { base: string; metrics: string };
let eager: { base: string; metrics: string };

async function web(env: Record<string, string>) {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const common = {
    DATABASE_URL: pair.primaryUrl,
    PORT: String(port),
    BASE_URL: base,
    METRICS_PORT: String(metricsPort),
    EDGE_RATE_LIMIT_PER_MINUTE: '0',
    REGISTRATIONS_PER_HOUR: '1000',
    FEED_CACHE_MS: '0',
    DB_POOL_SIZE: '3',
  };
  webs.push(await startProcess('web', { ...common, ...env }, 'web listening'));
  return { base, metrics: `http://127.0.0.1:${metricsPort}/metrics` };
}

test.before(async () => {
  pair = await startReplicaPair();
  const nobody = new URL(pair.replicaUrl);
  nobody.port = String(await freePort());
  const replica = new URL(pair.replicaUrl);
  front = await startFaultyFront({ host: replica.hostname, port: Number(replica.port) });
  const fronted = new URL(pair.replicaUrl);
  fronted.port = String(front.port);
  // The timeout is not a claim about speed: the first read of each process opens its replica
  // connection (through the front, password auth), which on a loaded machine took over 300 ms, and
  // `patient` would then skip the replica for ten minutes. The hanging reads wait it out twice.
  const hangable = { DATABASE_READ_URL: fronted.toString(), REPLICA_MAX_LAG_MS: '600000', REPLICA_TIMEOUT_MS: '3000' };
  [lenient, strict, plain, down, patient, eager] = await Promise.all([
    web({ DATABASE_READ_URL: pair.replicaUrl, REPLICA_MAX_LAG_MS: '600000' }),
    web({ DATABASE_READ_URL: pair.replicaUrl, REPLICA_MAX_LAG_MS: '1' }),
    web({}),
    web({ DATABASE_READ_URL: nobody.toString() }),
    web({ ...hangable, REPLICA_RETRY_AFTER_MS: '600000' }),
    web({ ...hangable, REPLICA_RETRY_AFTER_MS: '200' }),
  ]);
});
test.after.always(async () => {
  for (const w of webs) await w.stop();
  await front?.stop();
  await pair?.stop();
});

async function call(base: string, method: string, path: string, key?: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: {
      'X-Agent-Protocol': 'svc/1',
      Accept: 'application/json',
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

async function scrape(url: string): Promise<Map<string, number>> {
  const samples = new Map<string, number>();
  for (const line of (await (await fetch(url)).text()).split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}
const routed = async (w: { metrics: string }) => {
  const s = await scrape(w.metrics);
  return { replica: s.get('board_replica_reads_total') ?? 0, primary: s.get('board_replica_fallback_reads_total') ?? 0 };
};

/** Polls `check` (a convergence, not a timing: the bound only ends a broken run). */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what} did not happen within 30 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const onReplica = async (id: string) => (await pair.onReplica(`select count(*)::int as n from posts where id = '${id}' and seq is not null`)).rows[0].n === 1;
const activityIds = async (base: string, query = '') => {
  const res = await call(base, 'GET', `/api/activity${query}`);
  if (res.status !== 200) throw new Error(`activity ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { items: Array<{ id: string }>; next_since: string | null; has_more: boolean };
};

let key: string;
let first: string;

test.serial('the replica answers public reads once it has replayed the write', async (t) => {
  const reg = await call(lenient.base, 'POST', '/v1/agents', undefined, { name: 'replica_writer', description: 'read replica test' });
  t.is(reg.status, 201);
  key = reg.body.api_key;
  const posted = await call(lenient.base, 'POST', '/v1/posts', key, { topic: 'general', title: 'First', body: 'Replayed everywhere.' });
  t.is(posted.status, 201);
  first = posted.body.post.id;
  await until('the replica replays the first post', () => onReplica(first));
  const before = await routed(lenient);
  const feed = await activityIds(lenient.base);
  t.deepEqual(
    feed.items.map((i) => i.id),
    [first],
  );
  t.is((await call(lenient.base, 'GET', `/api/thread/${first}`)).status, 200);
  const after = await routed(lenient);
  t.is(after.replica - before.replica, 2, "both reads were the replica's");
  t.is(after.primary, before.primary);
});

test.serial('paused replay: the public feed lags; own reads, cursors past the replica and a tight lag bound go to the primary', async (t) => {
  await pair.onReplica('select pg_wal_replay_pause()');
  await until('replay pauses', async () => (await pair.onReplica('select pg_get_wal_replay_pause_state() as s')).rows[0].s === 'paused');
  const ids: string[] = [];
  for (const title of ['Second', 'Third']) {
    const posted = await call(lenient.base, 'POST', '/v1/posts', key, { topic: 'general', title, body: 'Written while replay is paused.' });
    t.is(posted.status, 201);
    ids.push(posted.body.post.id);
  }
  const [second, third] = ids as [string, string];
  // The replica has received the writes (so it knows it is behind) but not replayed them.
  await until(
    'the replica receives the writes',
    async () => (await pair.onReplica('select pg_last_wal_receive_lsn() > pg_last_wal_replay_lsn() as behind')).rows[0].behind === true,
  );
  t.false(await onReplica(second));

  // The writer's own reads are authenticated: always the primary.
  const own = await call(lenient.base, 'GET', '/v1/posts?limit=25', key);
  t.is(own.status, 200);
  t.true(JSON.stringify(own.body).includes(third));
  t.is((await call(lenient.base, 'GET', `/v1/posts/${third}`, key)).status, 200);

  // An anonymous read without a cursor may lag: the replica answers with what it has.
  let before = await routed(lenient);
  const lagging = await activityIds(lenient.base);
  t.deepEqual(
    lagging.items.map((i) => i.id),
    [first],
  );
  // A cursor the replica has: nothing newer there yet, and nothing at or before the cursor comes back.
  const fromFirst = await activityIds(lenient.base, `?since=${first}`);
  t.deepEqual(fromFirst.items, []);
  t.is(fromFirst.has_more, false);
  let after = await routed(lenient);
  t.is(after.replica - before.replica, 2);
  t.is(after.primary, before.primary);

  // A cursor past the replica's head (the caller saw `second` elsewhere): the primary answers, forward.
  before = after;
  const fromSecond = await activityIds(lenient.base, `?since=${second}`);
  t.deepEqual(
    fromSecond.items.map((i) => i.id),
    [third],
  );
  t.is(fromSecond.next_since, third);
  // A thread the replica has not seen: the primary's.
  const thread = await call(lenient.base, 'GET', `/api/thread/${third}`);
  t.is(thread.status, 200);
  after = await routed(lenient);
  t.is(after.primary - before.primary, 2);
  t.is(after.replica, before.replica);
  // A cursor no server lists is still refused, from the primary, in the envelope.
  const unknown = randomUUID();
  const refused = await call(lenient.base, 'GET', `/api/activity?since=${unknown}`);
  t.is(refused.status, 400);
  t.is(refused.body.error.code, 'INVALID_SINCE');
  t.deepEqual(refused.body.error.details, { since: unknown });

  // With REPLICA_MAX_LAG_MS=1 the same replica is not fresh: the primary answers, complete.
  const strictBefore = await routed(strict);
  t.deepEqual(
    (await activityIds(strict.base)).items.map((i) => i.id),
    [third, second, first],
  );
  const strictAfter = await routed(strict);
  t.is(strictAfter.primary - strictBefore.primary, 1);
  t.is(strictAfter.replica, strictBefore.replica);

  // The lag shows in the metrics.
  const lag = await scrape(lenient.metrics);
  t.true(lag.get('board_replica_lag_bytes')! > 0, 'bytes behind');
  t.true(lag.get('board_replica_lag_seconds')! > 0, 'seconds behind');
});

test.serial('resumed replay: the replica catches up, serves the whole feed again, and the lag clears', async (t) => {
  await pair.onReplica('select pg_wal_replay_resume()');
  await until('the lag clears', async () => {
    const s = await scrape(lenient.metrics);
    return s.get('board_replica_lag_bytes') === 0 && s.get('board_replica_lag_seconds') === 0;
  });
  const before = await routed(lenient);
  const feed = await activityIds(lenient.base);
  t.is(feed.items.length, 3);
  t.is((await routed(lenient)).replica - before.replica, 1);
  // The strict process reads the replica again too, now that it has replayed everything.
  const strictBefore = await routed(strict);
  t.is((await activityIds(strict.base)).items.length, 3);
  t.is((await routed(strict)).replica - strictBefore.replica, 1);
});

test.serial('a replica that cannot be reached: the primary answers every read, and the lag reads -1', async (t) => {
  const before = await routed(down);
  t.is((await activityIds(down.base)).items.length, 3);
  t.is((await activityIds(down.base, `?since=${first}`)).items.length, 2);
  t.is((await call(down.base, 'GET', `/api/thread/${first}`)).status, 200);
  const after = await routed(down);
  t.is(after.primary - before.primary, 3);
  t.is(after.replica, 0);
  const s = await scrape(down.metrics);
  t.is(s.get('board_replica_lag_bytes'), -1);
  t.is(s.get('board_replica_lag_seconds'), -1);
});

test.serial('a replica that hangs costs one read its timeout: the reads after it go straight to the primary, every one answered', async (t) => {
  for (const w of [patient, eager]) {
    const before = await routed(w);
    t.is((await activityIds(w.base)).items.length, 3);
    t.is((await routed(w)).replica - before.replica, 1, 'the replica serves while it answers');
  }
  await front.set('hang');
  const before = await routed(patient);
  t.is((await activityIds(patient.base)).items.length, 3, 'the read that meets the hanging replica is answered by the primary');
  const tried = front.connections;
  for (let i = 0; i < 10; i++) t.is((await activityIds(patient.base)).items.length, 3);
  t.is(front.connections, tried, 'no read after the first asked the replica for a connection');
  const after = await routed(patient);
  t.deepEqual([after.replica - before.replica, after.primary - before.primary], [0, 11]);
  t.is((await scrape(patient.metrics)).get('board_replica_lag_bytes'), -1, 'a skipped replica reads as unreachable');
  t.is((await activityIds(eager.base)).items.length, 3);
});

test.serial('the replica answers again: it serves once its retry time has passed, and not before', async (t) => {
  await front.set('forward');
  await until('the eager web process reads the replica again', async () => {
    const before = (await routed(eager)).replica;
    t.is((await activityIds(eager.base)).items.length, 3);
    return (await routed(eager)).replica > before;
  });
  const before = await routed(patient);
  t.is((await activityIds(patient.base)).items.length, 3);
  const after = await routed(patient);
  t.deepEqual([after.replica - before.replica, after.primary - before.primary], [0, 1], 'ten minutes have not passed');
});

test.serial('without DATABASE_READ_URL there is no replica and no replica metric', async (t) => {
  const feed = await activityIds(plain.base);
  t.is(feed.items.length, 3);
  const samples = await scrape(plain.metrics);
  t.true(samples.has('board_feed_cache_rebuilds_total'));
  t.false([...samples.keys()].some((name) => name.startsWith('board_replica_')));
});
