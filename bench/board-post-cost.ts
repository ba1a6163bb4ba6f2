// Where Postgres spends its time per post (issue 27, item 2), in one run on this machine:
//  1. 64 writers call the posting rule itself (lib/board/posting.ts createRoot: the route's work
//     without HTTP) over a pool of 10, for a few seconds; pg_stat_statements (planning counted) then
//     gives each statement's share of a post, and /proc the cluster's CPU per post.
//  2. Timing by removal: the insert statement alone, one connection, on copies of the posts table
//     with one part taken away at a time (the search vector and its index as they were before
//     migration 000050, the foreign keys, the other indexes), against a bare insert of the same
//     columns into a table with only a key.
// Prints milliseconds per post. `node bench/board-post-cost.ts [seconds]` (`BENCH_COST_PART=1`: part 1 only).
import pg from 'pg';
import { systemClock } from '../lib/clock.ts';
import { loadConfig } from '../lib/config.ts';
import { createRoot } from '../lib/board/posting.ts';
import { createAccountsQueries } from '../sql/queries/accounts.ts';
import { createDb } from '../sql/pool.ts';
import { benchDatabase, closedLoop, cpuSeconds, round, seedBoard } from './lib.ts';

const SECONDS = Number(process.argv[2] ?? 6);
const WRITERS = 64;
const BODY = 'Result 6h: 12 clicks, source: our own counter, 09:00 UTC.';

const database = await benchDatabase({ statistics: true });
const admin = new pg.Client({ connectionString: database.url });
await admin.connect();
const { ids } = await seedBoard(database.url, WRITERS, 1000, 'cost');
await admin.query('analyze');

const statements = async () =>
  (
    await admin.query<{ calls: string; exec: number; plan: number; query: string }>(
      `select calls, total_exec_time as exec, total_plan_time as plan, regexp_replace(query, '\\s+', ' ', 'g') as query
       from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database()) and calls > 1
       order by total_exec_time + total_plan_time desc`,
    )
  ).rows;
const reset = async () => {
  await admin.query('select pg_stat_statements_reset()');
  await admin.query('select pg_stat_reset()');
};

// ---- 1. the posting rule under 64 writers ----------------------------------------------------------
const config = loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', POSTS_PER_DAY: '100000000' });
const db = await createDb(database.url, { maximumPoolSize: 10 });
const deps = { db, clock: systemClock, config };
const accounts = await Promise.all(ids.map(async (id) => (await createAccountsQueries(db).byId(id))!));
let n = 0;
const write = () => createRoot(deps, accounts[n++ % WRITERS]!, { topic: 'general', title: `Cost post ${n}`, body: BODY });
await closedLoop('warm-up', WRITERS, 2, async () => void (await write()));
await reset();
const before = cpuSeconds({ postmaster: database.postmaster });
const figures = await closedLoop('createRoot', WRITERS, SECONDS, async () => void (await write()));
const cpu = (cpuSeconds({ postmaster: database.postmaster }) ?? NaN) - (before ?? NaN);
const posts = figures.rps * SECONDS;
const rows = await statements();
const passes = await admin.query<{ funcname: string; calls: string; total: number; self: number }>(
  `select funcname, calls, total_time as total, self_time as self from pg_stat_user_functions order by total_time desc`,
);
console.log(`\nPost cost benchmark, ${new Date().toISOString()}, ${WRITERS} writers, pool 10, ${SECONDS} s\n`);
console.log(
  `createRoot: ${Math.round(figures.rps)} posts/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms; Postgres CPU ${round((cpu * 1000) / posts, 3)} ms per post (whole cluster)`,
);
console.log(`\n| statement | calls per post | exec ms per call | plan ms per call | ms per post |\n|---|---:|---:|---:|---:|`);
let total = 0;
for (const r of rows) {
  const perPost = (r.exec + r.plan) / posts;
  total += perPost;
  if (perPost < 0.001) continue;
  const calls = Number(r.calls);
  console.log(
    `| \`${r.query.slice(0, 90).replaceAll('|', '\\|')}\` | ${round(calls / posts, 2)} | ${round(r.exec / calls, 3)} | ${round(r.plan / calls, 3)} | ${round(perPost, 3)} |`,
  );
}
console.log(`| all statements | | | | ${round(total, 3)} |`);
console.log(`\nSequencer functions (calls per post, ms per call; total includes waiting for the running pass):`);
for (const f of passes.rows)
  console.log(
    `- ${f.funcname}: ${round(Number(f.calls) / posts, 2)} per post, total ${round(f.total / Number(f.calls), 3)} ms, self ${round(f.self / Number(f.calls), 3)} ms`,
  );
const batch = await admin.query<{ passes: string }>(`select calls as passes from pg_stat_user_functions where funcname = 'sequencer_advance'`);
if (batch.rows[0]) console.log(`- rows per pass that positioned something: ${round(posts / Number(batch.rows[0].passes), 1)}`);
await db.end();
// BENCH_COST_PART=1 stops here (part 2 takes minutes on a loaded machine).
if (process.env.BENCH_COST_PART === '1') {
  await admin.end();
  await database.stop();
  process.exit(0);
}

// ---- 2. the insert alone, one part removed at a time ---------------------------------------------------
// Each variant is a fresh copy of posts (columns, defaults, checks and indexes) with the listed parts
// added or dropped; the foreign keys are added back where kept.
const foreignKeys = `alter table v add foreign key (author_id) references accounts (id) on delete cascade,
  add foreign key (topic) references topics (name) on delete restrict,
  add foreign key (root_id) references v (id) on delete cascade, add foreign key (reply_to_id) references v (id) on delete set null`;
const searchVector = `alter table v add column search tsvector generated always as (to_tsvector('english', coalesce(title, '') || ' ' || body)) stored`;
const dropSecondaryIndexes = `do $$ declare i record; begin
  for i in select indexname from pg_indexes where tablename = 'v' and indexname <> 'v_pkey' loop execute format('drop index %I', i.indexname); end loop; end $$`;
const variants: Array<[string, string[]]> = [
  ['with the search vector as before migration 000050 (generated column and GIN index)', [foreignKeys, searchVector, 'create index on v using gin (search)']],
  ['with the search vector, without its GIN index', [foreignKeys, searchVector]],
  ['as the board writes it now (indexes, foreign keys, no search vector)', [foreignKeys]],
  ['- the foreign keys', []],
  ['- foreign keys, all secondary indexes (bare: same columns, key only)', [dropSecondaryIndexes]],
];
const ITERATIONS = 1500;
console.log(`\nThe insert alone, ${ITERATIONS} rows one at a time on one connection (exec + plan ms per row, from pg_stat_statements):\n`);
console.log(`| posts table | ms per row | vs bare |\n|---|---:|---:|`);
const results: Array<[string, number]> = [];
for (const [name, ddl] of variants) {
  await admin.query('drop table if exists v');
  await admin.query('create table v (like posts including all)');
  for (const statement of ddl) await admin.query(statement);
  await admin.query('analyze v');
  const insert = `insert into v (root_id, reply_to_id, author_id, topic, title, prefix, body, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`;
  for (let i = 0; i < 200; i++) await admin.query(insert, [null, null, ids[i % WRITERS], 'general', 'Warm', null, BODY, new Date()]);
  await reset();
  for (let i = 0; i < ITERATIONS; i++) await admin.query(insert, [null, null, ids[i % WRITERS], 'general', `Cost post ${i}`, null, BODY, new Date()]);
  const row = (await statements()).find((r) => r.query.startsWith('insert into v'))!;
  results.push([name, (row.exec + row.plan) / Number(row.calls)]);
}
const bare = results.at(-1)![1];
for (const [name, ms] of results) console.log(`| ${name} | ${round(ms, 3)} | ${round(ms / bare, 2)} |`);
const explain = await admin.query(
  `explain (analyze, buffers, wal, costs off) insert into posts (root_id, reply_to_id, author_id, topic, title, prefix, body, created_at)
   values (null, null, $1, 'general', 'Explained post', null, $2, now())`,
  [ids[0], BODY],
);
console.log(`\nEXPLAIN (ANALYZE, BUFFERS, WAL) of one insert into posts:\n${explain.rows.map((r) => '    ' + r['QUERY PLAN']).join('\n')}`);
await admin.end();
await database.stop();
