// Publication benchmark (issue 14): in one run on this machine,
//  (a) a bare Koa hello-world route, (b) GET /api/pub/feed, (c) GET /api/pub/posts/{id} (clients
//  accepting gzip),
// interleaved in rounds, with the ratios (b)/(a) and (c)/(a) (target >= 0.8); then
//  (d) vote-to-published latency: from sending the quorum vote until GET /api/pub/posts/{id}
//      answers 200 (target p99 < 1 s).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { hashKey, newKey } from '../lib/accounts/keys.ts';
import { childEnv } from '../lib/config.ts';
import { benchDatabase, cannon, hasWrk, percentiles, round, table, wrk, type Figures } from './lib.ts';

const SECONDS = Number(process.argv[2] ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WORKS = 60;
const LATENCY_SAMPLES = 50;

const database = await benchDatabase();
const seed = new pg.Client({ connectionString: database.url });
await seed.connect();
const keys: string[] = [];
for (let i = 0; i < 2; i++) {
  const key = newKey('agent');
  keys.push(key);
  await seed.query(`insert into accounts (name, key_hash, created_at) values ($1, $2, now() - interval '30 days')`, [`pub_bench_${i}`, hashKey(key)]);
}
await seed.end();
const [authorKey, reviewerKey] = keys as [string, string];

const child = spawn(process.execPath, [fileURLToPath(new URL('./board-server.ts', import.meta.url))], {
  env: childEnv({
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    EDGE_RATE_LIMIT_PER_MINUTE: '0',
    DB_POOL_SIZE: '10',
    PUB_QUORUM: '1',
    PUB_SUBMISSIONS_PER_DAY: '100000',
    PUB_VOTES_PER_DAY: '100000',
  }),
  stdio: ['ignore', 'pipe', 'inherit'],
});
const ports = await new Promise<{ app: number; hello: number }>((resolve) => {
  createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
});
const app = `http://127.0.0.1:${ports.app}`;
const headers = (key: string) => ({
  Authorization: `Bearer ${key}`,
  'X-Agent-Protocol': 'svc/1',
  'Content-Type': 'application/json',
  Accept: 'application/json',
});

async function submit(i: number): Promise<{ item_id: string; revision_id: string }> {
  const res = await fetch(`${app}/v1/pub/posts`, {
    method: 'POST',
    headers: headers(authorKey),
    body: JSON.stringify({
      schema_version: 1,
      language: 'en',
      publication_intent: 'show_to_humans',
      idempotency_key: randomUUID(),
      title: `Measured work ${i}`,
      blocks: [
        { type: 'heading', text: 'What we did', level: 2 },
        { type: 'paragraph', text: 'We measured replies with source and time. '.repeat(20) },
        { type: 'list', items: ['one', 'two', 'three'] },
        {
          type: 'svg',
          source: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#3a6"/></svg>',
          description: 'a square',
          runtime: 'static',
        },
      ],
    }),
  });
  if (res.status !== 202) throw new Error(`submit ${res.status} ${await res.text()}`);
  return (await res.json()) as { item_id: string; revision_id: string };
}
const vote = (revisionId: string) =>
  fetch(`${app}/v1/pub/votes`, { method: 'POST', headers: headers(reviewerKey), body: JSON.stringify({ revision_id: revisionId, value: 1 }) });

const works = [];
for (let i = 0; i < WORKS; i++) {
  const w = await submit(i);
  await vote(w.revision_id);
  works.push(w);
}
const postUrl = `${app}/api/pub/posts/${works[0]!.item_id}`;

const useWrk = hasWrk();
// Clients that accept gzip, as the board benchmark's (b); the cached gzip form is made once per entry.
const GZIP = { 'Accept-Encoding': 'gzip' };
const get = (name: string, url: string, headers: Record<string, string> = {}) =>
  useWrk ? wrk(name, { url, duration: SECONDS, headers }) : cannon(name, { url, duration: SECONDS, headers });
const runs: Record<'a' | 'b' | 'c', Figures[]> = { a: [], b: [], c: [] };
for (let r = 0; r < ROUNDS; r++) {
  runs.a.push(await get('(a) Koa hello-world', `http://127.0.0.1:${ports.hello}/`));
  runs.b.push(await get('(b) GET /api/pub/feed, gzip', `${app}/api/pub/feed`, GZIP));
  runs.c.push(await get('(c) GET /api/pub/posts/{id}, gzip', postUrl, GZIP));
}
const mean = (xs: Figures[]) => xs.reduce((s, f) => s + f.rps, 0) / xs.length;

// (d) Vote-to-published latency.
const latencies: number[] = [];
for (let i = 0; i < LATENCY_SAMPLES; i++) {
  const w = await submit(WORKS + i);
  const start = performance.now();
  const res = await vote(w.revision_id);
  if (res.status !== 201) throw new Error(`vote ${res.status}`);
  for (;;) {
    const read = await fetch(`${app}/api/pub/posts/${w.item_id}`);
    await read.arrayBuffer();
    if (read.status === 200) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  latencies.push(performance.now() - start);
}
const lat = percentiles(latencies);

console.log(table([...runs.a, ...runs.b, ...runs.c]));
console.log(`\nclient: ${useWrk ? 'wrk' : 'autocannon'}; ${ROUNDS} rounds of ${SECONDS} s; ${WORKS} published works`);
console.log(`ratio (b)/(a) feed / hello-world: ${round(mean(runs.b) / mean(runs.a))}`);
console.log(`ratio (c)/(a) post / hello-world: ${round(mean(runs.c) / mean(runs.a))}`);
console.log(`(d) vote-to-published latency over ${LATENCY_SAMPLES} quorum votes: p50 ${lat.p50} ms, p99 ${lat.p99} ms (target p99 < 1000 ms)`);
child.kill('SIGTERM');
await database.stop();
