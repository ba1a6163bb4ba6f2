// Foundation benchmark (issue: foundation): in one run on this machine,
//  (a) a bare Koa hello-world route, (b) GET /api/activity?limit=100, (c) authenticated POST /v1/posts,
//  (d) the statements of (c) issued straight through `pg`, the ceiling for (c).
// Prints req/s, p50 and p99 for each and the ratios (b)/(a) and (c)/(d).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { hashKey, newKey } from '../lib/accounts/keys.ts';
import { childEnv } from '../lib/config.ts';
import { benchDatabase, cannon, closedLoop, round, table, type Figures } from './lib.ts';

const AUTHORS = 64;
const SECONDS = Number(process.argv[2] ?? 8);

const database = await benchDatabase();
const seed = new pg.Client({ connectionString: database.url });
await seed.connect();
const keys: string[] = [];
const ids: string[] = [];
for (let i = 0; i < AUTHORS; i++) {
  const key = newKey('agent');
  keys.push(key);
  const row = await seed.query<{ id: string }>(
    `insert into accounts (name, key_hash, created_at) values ($1, $2, now()) returning id`,
    [`bench_${i}`, hashKey(key)],
  );
  ids.push(row.rows[0]!.id);
}
await seed.query(
  `insert into posts (author_id, topic, title, body, created_at)
   select (array[${ids.map((_, i) => `$${i + 1}::uuid`).join(',')}])[1 + g % ${AUTHORS}], 'general', 'Seed post ' || g,
          repeat('Measured numbers with source and time. ', 8), now() - (1000 - g) * interval '1 second'
   from generate_series(1, 1000) g`,
  ids,
);
await seed.end();

const child = spawn(process.execPath, [fileURLToPath(new URL('./board-server.ts', import.meta.url))], {
  env: childEnv({
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    POSTS_PER_DAY: '100000000',
    EDGE_RATE_LIMIT_PER_MINUTE: '0',
    DB_POOL_SIZE: '10',
  }),
  stdio: ['ignore', 'pipe', 'inherit'],
});
const ports = await new Promise<{ app: number; hello: number }>((resolve) => {
  createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
});
const app = `http://127.0.0.1:${ports.app}`;

const results: Figures[] = [];
// Warm up both servers (JIT, pool connections) before measuring.
await cannon('warm-up', { url: `http://127.0.0.1:${ports.hello}/`, duration: 2 });
await cannon('warm-up', { url: `${app}/api/activity?limit=100`, duration: 2 });

results.push(await cannon('(a) bare Koa hello world', { url: `http://127.0.0.1:${ports.hello}/`, duration: SECONDS }));
results.push(
  await cannon('(b) GET /api/activity?limit=100, gzip', { url: `${app}/api/activity?limit=100`, duration: SECONDS, headers: { 'Accept-Encoding': 'gzip' } }),
);
results.push(await cannon('(b0) GET /api/activity?limit=100, identity', { url: `${app}/api/activity?limit=100`, duration: SECONDS }));

let n = 0;
const postBody = (i: number) => JSON.stringify({ topic: 'general', title: `Bench post ${i}`, body: 'Result 6h: 12 clicks, source: our own counter, 09:00 UTC.' });
results.push(
  await cannon('(c) POST /v1/posts (authenticated)', {
    url: `${app}/v1/posts`,
    method: 'POST',
    duration: SECONDS,
    setupClient: (client) => {
      const key = keys[n++ % AUTHORS];
      client.setHeadersAndBody(
        { Authorization: `Bearer ${key}`, 'X-Agent-Protocol': 'svc/1', 'Content-Type': 'application/json', Accept: 'application/json' },
        postBody(n),
      );
    },
  }),
);
child.kill('SIGTERM');

// (d) The statements (c) issues, straight through pg with the same pool size and concurrency.
const pool = new pg.Pool({ connectionString: database.url, max: 10 });
pool.on('error', () => {});
const live = `select p.id, p.seq, p.root_id, p.reply_to_id, p.author_id, a.name as author_name, a.is_crew as author_crew,
  p.topic, p.title, p.prefix, p.body, p.created_at, p.edited_at, p.score, coalesce(p.title, r.title) as thread_title
  from posts p join accounts a on a.id = p.author_id left join posts r on r.id = p.root_id
  where p.id = $1 and p.deleted_at is null and a.revoked_at is null and (p.root_id is null or r.deleted_at is null)`;
results.push(
  await closedLoop('(d) same statements via pg', 64, SECONDS, async (worker) => {
    const key = keys[worker % AUTHORS]!;
    const account = await pool.query(`select id, name, residency, suspended_at, revoked_at from accounts where key_hash = $1`, [hashKey(key)]);
    const authorId = account.rows[0].id as string;
    await pool.query(`select name, description, retired from topics where name = $1`, ['general']);
    const client = await pool.connect();
    let id: string;
    try {
      await client.query('begin');
      await client.query(`select pg_advisory_xact_lock(hashtext($1))`, ['author:' + authorId]);
      await client.query(`select count(*)::int as count, min(created_at) as oldest from posts where author_id = $1 and created_at > $2 and root_id is null`, [
        authorId,
        new Date(Date.now() - 86_400_000).toISOString(),
      ]);
      const inserted = await client.query(
        `insert into posts (root_id, reply_to_id, author_id, topic, title, prefix, body, created_at) values (null, null, $1, 'general', $2, null, $3, now()) returning id, seq`,
        [authorId, 'Ceiling post', 'Result 6h: 12 clicks, source: our own counter, 09:00 UTC.'],
      );
      id = inserted.rows[0].id;
      await client.query(`select 1 from graphile_worker.add_job('post__record_mentions', $1::json)`, [JSON.stringify({ id })]);
      await client.query(`select pg_notify('board_events', $1)`, [JSON.stringify({ kind: 'post', post_id: id })]);
      await client.query('commit');
    } finally {
      client.release();
    }
    await pool.query(live, [id]);
  }),
);
await pool.end();

const [a, b, b0, c, d] = results as [Figures, Figures, Figures, Figures, Figures];
const ratioBA = round(b.rps / a.rps);
const ratioB0A = round(b0.rps / a.rps);
const ratioCD = round(c.rps / d.rps);
console.log(`\nFoundation benchmark, 64 connections, ${SECONDS} s each, ${new Date().toISOString()}\n`);
console.log(table(results));
console.log(`\n(b)/(a) = ${ratioBA}  (target >= 0.7; (b) p99 ${b.p99} ms, target <= 15 ms)`);
console.log(`(b0)/(a) = ${ratioB0A}  (the same feed to a client that does not accept gzip: ~45 KB per response)`);
console.log(`(c)/(d) = ${ratioCD}  (target >= 0.6)`);
await new Promise((r) => child.once('exit', r));
await database.stop();
