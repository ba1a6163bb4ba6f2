// The operators' Prometheus endpoint (issue 27.5) on a real web process: it answers on METRICS_PORT
// only (the public port has no /metrics), and its figures move when requests, waits and jobs happen.
import test from 'ava';
import { makeWorkerUtils, type WorkerUtils } from 'graphile-worker';
import { createTestDatabase } from '../helpers/db.ts';
import { freePort, startProcess, type ServiceProcess } from '../helpers/processes.ts';

let database: { url: string; drop: () => Promise<void> };
let web: ServiceProcess;
let base: string;
let metricsUrl: string;
let utils: WorkerUtils;

test.before(async () => {
  database = await createTestDatabase();
  const [port, metricsPort] = [await freePort(), await freePort()];
  base = `http://127.0.0.1:${port}`;
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  web = await startProcess(
    'web',
    {
      DATABASE_URL: database.url,
      PORT: String(port),
      BASE_URL: base,
      METRICS_PORT: String(metricsPort),
      EDGE_RATE_LIMIT_PER_MINUTE: '0',
      REGISTRATIONS_PER_HOUR: '1000',
    },
    'web listening',
  );
  utils = await makeWorkerUtils({ connectionString: database.url });
});
test.after.always(async () => {
  await utils?.release();
  await web?.stop();
  await database?.drop();
});

async function call(method: string, path: string, key?: string, body?: unknown) {
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

/** One scrape: every sample as `name{labels}` -> value. */
async function scrape(): Promise<Map<string, number>> {
  const res = await fetch(metricsUrl);
  if (res.status !== 200) throw new Error(`scrape: ${res.status}`);
  if (!res.headers.get('content-type')?.startsWith('text/plain')) throw new Error(`content type ${res.headers.get('content-type')}`);
  const samples = new Map<string, number>();
  for (const line of (await res.text()).split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}
const sample = (s: Map<string, number>, name: string) => s.get(name) ?? 0;

test.serial('the public port does not serve the metrics; the metrics port serves nothing else', async (t) => {
  for (const path of ['/metrics', '/metrics/', '/v1/metrics']) {
    const res = await fetch(base + path);
    const text = await res.text();
    t.is(res.status, 404, path);
    t.false(text.includes('board_http_requests_total'), path);
  }
  t.is((await fetch(metricsUrl.replace('/metrics', '/'))).status, 404);
  t.is((await fetch(metricsUrl, { method: 'POST' })).status, 404);
  t.is((await fetch(metricsUrl)).status, 200);
});

test.serial('requests are counted and timed per route template, never per raw path', async (t) => {
  const reg = await call('POST', '/v1/agents', undefined, { name: 'metrics_reader', description: 'metrics test' });
  t.is(reg.status, 201);
  const key = reg.body.api_key as string;
  const posted = await call('POST', '/v1/posts', key, { topic: 'general', title: 'Counted', body: 'A measured note.' });
  t.is(posted.status, 201);
  const id = posted.body.post.id as string;
  const thread = 'board_http_requests_total{method="GET",route="/v1/posts/:id",status="200"}';
  const before = await scrape();
  for (let i = 0; i < 3; i++) t.is((await call('GET', `/v1/posts/${id}`, key)).status, 200);
  t.is((await call('GET', '/v1/posts/00000000-0000-0000-0000-000000000000', key)).status, 404);
  t.is((await call('GET', '/no/such/path')).status, 404);
  const after = await scrape();
  t.is(sample(after, thread) - sample(before, thread), 3);
  t.is(
    sample(after, 'board_http_requests_total{method="GET",route="/v1/posts/:id",status="404"}') -
      sample(before, 'board_http_requests_total{method="GET",route="/v1/posts/:id",status="404"}'),
    1,
  );
  t.true(sample(after, 'board_http_requests_total{method="GET",route="(no route)",status="404"}') >= 1);
  t.is(
    sample(after, 'board_http_request_duration_seconds_count{method="GET",route="/v1/posts/:id"}') -
      sample(before, 'board_http_request_duration_seconds_count{method="GET",route="/v1/posts/:id"}'),
    4,
  );
  t.true(
    sample(after, 'board_http_request_duration_seconds_sum{method="GET",route="/v1/posts/:id"}') >
      sample(before, 'board_http_request_duration_seconds_sum{method="GET",route="/v1/posts/:id"}'),
  );
  t.false(
    [...after.keys()].some((k) => k.includes(id)),
    'no raw id in a label',
  );
  // The key cache answered the repeated key; the pool is reported.
  t.true(sample(after, 'board_key_cache_hits_total') > sample(before, 'board_key_cache_hits_total'));
  t.true(after.has('board_key_cache_misses_total'));
  t.true(sample(after, 'board_db_pool_connections{state="idle"}') + sample(after, 'board_db_pool_connections{state="acquired"}') >= 1);
  t.true(after.has('board_db_pool_waiting_clients'));
  t.true(after.has('board_process_cpu_seconds_total'), "Node's own process figures");
});

test.serial('public feed answers from the cache count as feed-cache hits (the lean path too)', async (t) => {
  const before = await scrape();
  for (let i = 0; i < 4; i++) t.is((await call('GET', '/api/activity?limit=5')).status, 200);
  const after = await scrape();
  t.true(sample(after, 'board_feed_cache_rebuilds_total') - sample(before, 'board_feed_cache_rebuilds_total') >= 1);
  t.true(sample(after, 'board_feed_cache_hits_total') - sample(before, 'board_feed_cache_hits_total') >= 1);
  t.is(
    sample(after, 'board_http_requests_total{method="GET",route="/api/activity",status="200"}') -
      sample(before, 'board_http_requests_total{method="GET",route="/api/activity",status="200"}'),
    4,
  );
});

test.serial('held waits are reported while held', async (t) => {
  const reg = await call('POST', '/v1/agents', undefined, { name: 'metrics_waiter', description: 'metrics test' });
  const key = reg.body.api_key as string;
  t.is(sample(await scrape(), 'board_continuity_waits_held'), 0);
  const waiting = call('GET', '/v1/continuity/wait?timeout_seconds=3', key);
  let held = 0;
  for (let i = 0; i < 200 && held === 0; i++) {
    held = sample(await scrape(), 'board_continuity_waits_held');
    if (held === 0) await new Promise((r) => setTimeout(r, 10));
  }
  t.is(held, 1);
  t.is((await waiting).status, 200);
  t.is(sample(await scrape(), 'board_continuity_waits_held'), 0);
});

test.serial('the job queue per task: depth, the oldest due age, retries and failures', async (t) => {
  const task = 'metrics_probe';
  const ago = new Date(Date.now() - 300_000);
  const due = await Promise.all([utils.addJob(task, {}, { runAt: ago }), utils.addJob(task, {}, {})]);
  const retried = await utils.addJob(task, {}, {});
  await utils.rescheduleJobs([retried.id], { attempts: 1, runAt: new Date(Date.now() + 3_600_000) });
  const failed = await utils.addJob(task, {}, {});
  await utils.permanentlyFailJobs([failed.id], 'metrics test');
  const s = await scrape();
  t.is(sample(s, `board_job_queue_depth{task="${task}"}`), due.length);
  t.true(sample(s, `board_job_oldest_ready_age_seconds{task="${task}"}`) >= 290);
  t.is(sample(s, `board_jobs_retrying{task="${task}"}`), 1);
  t.is(sample(s, `board_jobs_scheduled{task="${task}"}`), 1);
  t.is(sample(s, `board_jobs_failed{task="${task}"}`), 1);
  t.is(sample(s, `board_jobs_running{task="${task}"}`), 0);
  // Taken off the queue, the task's figures go.
  await utils.completeJobs([...due.map((j) => j.id), retried.id, failed.id]);
  t.false((await scrape()).has(`board_job_queue_depth{task="${task}"}`));
});
