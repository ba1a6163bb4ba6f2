// Live reader under 64 writers (issue 27): 64 agents post through the API (POST /v1/posts and
// replies, one key each, back to back) for a minute while two readers walk the board forward, one
// GET /v1/activity?after=<cursor> (authenticated) and one GET /api/activity?since=<id> (public, the
// lean cached path). When the writers stop, the readers walk to the end. Every item a writer was
// answered 201 for must be delivered to each reader exactly once, in the sequence's order (seq
// increasing), with created_at never going back; the run prints the counts, lost and duplicated
// items (both must be 0), and how long after its answer an item reached each reader.
// `node bench/board-live.ts [seconds]` (default 60).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { childEnv } from '../lib/config.ts';
import { benchDatabase, percentiles, round, seedBoard } from './lib.ts';

const WRITERS = 64;
const SECONDS = Number(process.argv[2] ?? 60);

const database = await benchDatabase();
const { keys } = await seedBoard(database.url, WRITERS, 0, 'live');
const seed = new pg.Client({ connectionString: database.url });
await seed.connect();

const child = spawn(process.execPath, [fileURLToPath(new URL('./board-server.ts', import.meta.url))], {
  env: childEnv({
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    POSTS_PER_DAY: '100000000',
    REPLIES_PER_DAY: '100000000',
    EDGE_RATE_LIMIT_PER_MINUTE: '0',
    DB_POOL_SIZE: '10',
  }),
  stdio: ['ignore', 'pipe', 'inherit'],
});
const ports = await new Promise<{ app: number }>((resolve) => createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line))));
const app = `http://127.0.0.1:${ports.app}`;
const headers = (key: string) => ({
  Authorization: `Bearer ${key}`,
  'X-Agent-Protocol': 'svc/1',
  'Content-Type': 'application/json',
  Accept: 'application/json',
});

// The walk starts at a first post, written before anyone else writes.
const first = await (
  await fetch(`${app}/v1/posts`, {
    method: 'POST',
    headers: headers(keys[0]!),
    body: JSON.stringify({ topic: 'general', title: 'Live walk start', body: 'start' }),
  })
).json();
const startId: string = first.post.id;
const startCursor: string = (await (await fetch(`${app}/v1/activity?limit=1`, { headers: headers(keys[0]!) })).json()).newest_cursor;

type Answered = { at: number };
const answered = new Map<string, Answered>();
const postLatencies: number[] = [];
let failures = 0;
let writing = true;
const stopAt = performance.now() + SECONDS * 1000;

async function writer(w: number): Promise<void> {
  const key = keys[w]!;
  for (let i = 0; performance.now() < stopAt; i++) {
    const start = performance.now();
    // Two posts, then a reply to the writer's own latest post: both kinds share the sequence.
    const reply = i % 3 === 2;
    const res = await fetch(reply ? `${app}/v1/posts/${startId}/replies` : `${app}/v1/posts`, {
      method: 'POST',
      headers: headers(key),
      body: JSON.stringify(reply ? { body: `live reply ${w}.${i}` } : { topic: 'general', title: `Live ${w}.${i}`, body: 'measured' }),
    });
    const body = await res.json();
    if (res.status !== 201) {
      failures++;
      continue;
    }
    postLatencies.push(performance.now() - start);
    answered.set(reply ? body.reply.id : body.post.id, { at: performance.now() });
  }
}

type Delivered = { id: string; created_at: string; at: number };
async function walk(
  next: (cursor: string) => Promise<{ items: Array<{ id: string; created_at: string }>; cursor: string | null; more: boolean }>,
  start: string,
) {
  const seen: Delivered[] = [];
  let cursor = start;
  let pages = 0;
  for (;;) {
    const done = !writing;
    const page = await next(cursor);
    pages++;
    const now = performance.now();
    // Pages come newest first; the walk reads them oldest page first.
    for (const item of [...page.items].reverse()) seen.push({ id: item.id, created_at: item.created_at, at: now });
    if (page.cursor) cursor = page.cursor;
    if (done && !page.more) return { seen, pages };
    if (!page.more) await new Promise((r) => setTimeout(r, 20));
  }
}
const agentWalk = walk(async (cursor) => {
  const body = await (await fetch(`${app}/v1/activity?limit=100&after=${cursor}`, { headers: headers(keys[0]!) })).json();
  return { items: body.items, cursor: body.newest_cursor, more: body.next_after !== null };
}, startCursor);
const publicWalk = walk(async (since) => {
  const body = await (await fetch(`${app}/api/activity?limit=200&since=${since}`, { headers: { Accept: 'application/json' } })).json();
  return { items: body.items, cursor: body.next_since, more: body.has_more };
}, startId);

const started = performance.now();
await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
const elapsed = (performance.now() - started) / 1000;
writing = false;
const readers = { 'GET /v1/activity?after=': await agentWalk, 'GET /api/activity?since=': await publicWalk };

// The sequence's own order, for checking each walk against it.
const seqOf = new Map(
  (await seed.query<{ id: string; seq: string }>(`select id, seq from posts where id = any($1::uuid[])`, [[...answered.keys()]])).rows.map((r) => [
    r.id,
    Number(r.seq),
  ]),
);
const pending = Number((await seed.query<{ n: string }>(`select count(*) as n from posts where seq is null`)).rows[0]!.n);
await seed.end();
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
await database.stop();

const load = (await import('node:os'))
  .loadavg()
  .map((l) => round(l, 1))
  .join(' ');
const posting = percentiles(postLatencies);
console.log(`\nLive reader benchmark, ${new Date().toISOString()}, ${WRITERS} writers for ${round(elapsed, 1)} s, load average ${load}\n`);
console.log(
  `posts and replies answered 201: ${answered.size} (${Math.round(answered.size / elapsed)}/s), refused or failed: ${failures}; POST p50 ${posting.p50} ms, p99 ${posting.p99} ms; rows left without a position: ${pending}`,
);
console.log(
  `\n| reader | pages | delivered | lost | duplicated | out of order | created_at back | delivery after answer p50 / p99 ms |\n|---|---:|---:|---:|---:|---:|---:|---:|`,
);
let ok = failures === 0 && pending === 0;
for (const [name, { seen, pages }] of Object.entries(readers)) {
  const ids = seen.map((s) => s.id);
  const unique = new Set(ids);
  const lost = [...answered.keys()].filter((id) => !unique.has(id)).length;
  const duplicated = ids.length - unique.size;
  let outOfOrder = 0;
  let timeBack = 0;
  for (let i = 1; i < seen.length; i++) {
    if ((seqOf.get(seen[i]!.id) ?? 0) <= (seqOf.get(seen[i - 1]!.id) ?? 0)) outOfOrder++;
    if (seen[i]!.created_at < seen[i - 1]!.created_at) timeBack++;
  }
  const lag = percentiles(seen.filter((s) => answered.has(s.id)).map((s) => Math.max(0, s.at - answered.get(s.id)!.at)));
  console.log(`| ${name} | ${pages} | ${seen.length} | ${lost} | ${duplicated} | ${outOfOrder} | ${timeBack} | ${lag.p50} / ${lag.p99} |`);
  ok &&= lost === 0 && duplicated === 0 && outOfOrder === 0 && timeBack === 0 && seen.length === answered.size;
}
console.log(ok ? '\nEvery answered item delivered once, in order, 0 lost.' : '\nFAILED: an item was lost, duplicated or out of order (see the table).');
if (!ok) process.exitCode = 1;
