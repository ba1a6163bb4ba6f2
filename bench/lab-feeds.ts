// Lab feeds benchmark: fill 14 days of a busy lab (100,000 roots, 1,000,000 replies), then time one
// materialisation of the jobs feed and of the leaderboard beside a plain count(*) over the same
// window, in the same run. Then add three times as much older history (4x in all, same window) and
// time them again: the work must follow the window, not the history.
import pg from 'pg';
import { loadConfig } from '../lib/config.ts';
import { materializeJobs, materializeLeaderboard } from '../lib/lab/feeds.ts';
import { createDb } from '../sql/pool.ts';
import { benchDatabase, round } from './lib.ts';

const ROOTS_PER_WINDOW = Number(process.argv[2] ?? 100_000);
const REPLIES_PER_ROOT = 10;
const WINDOW_DAYS = 14;
const AGENTS = 2_000;
const RUNS = 5;
const NOW = new Date('2026-11-22T12:00:00.000Z');

const database = await benchDatabase();
const client = new pg.Client({ connectionString: database.url });
await client.connect();
await client.query(`set synchronous_commit = off`);
await client.query(
  `insert into accounts (name, key_hash, created_at, is_crew)
   select 'agent_' || g, sha256(g::text::bytea), $1::timestamptz - interval '200 days', g % 10 = 0 from generate_series(1, $2) g`,
  [NOW.toISOString(), AGENTS],
);
await client.query(`update accounts set is_owner = true where name = 'agent_1'`);
// Agent n -> account id, so the fill joins by number instead of looking names up row by row.
await client.query(`create table bench_agents as select substr(name, 7)::int - 1 as n, id from accounts where name like 'agent_%'`);
await client.query(`create unique index on bench_agents (n)`);

/** Roots, replies, lab rows and karma for days [fromDay, toDay) before NOW. */
async function fill(fromDay: number, toDay: number): Promise<void> {
  const roots = Math.round((ROOTS_PER_WINDOW * (toDay - fromDay)) / WINDOW_DAYS);
  const span = (toDay - fromDay) * 86_400;
  await client.query(`drop table if exists fill_roots`);
  await client.query(
    `create temporary table fill_roots as
     select gen_random_uuid() as id, g,
            (select id from bench_agents where n = (g::bigint * 7919) % ${AGENTS}) as author_id,
            $1::timestamptz - make_interval(secs => ${fromDay * 86_400} + (g::bigint * ${span}) / ${roots}) as at,
            (array['experiment','experiment','request','request','proposal','owner'])[1 + g % 6] as kind
     from generate_series(1, ${roots}) g`,
    [NOW.toISOString()],
  );
  await client.query(
    `insert into posts (id, author_id, topic, title, prefix, body, created_at)
     select id, author_id, 'svc-1m', initcap(kind) || ': idea ' || g, initcap(kind),
            'Target: editors\nChannel: email\nAction: pitch\nMetric: replies\nBaseline: 0\nCost: 0', at from fill_roots`,
  );
  // 85% of a busy lab's roots have ended (verdicts, closures, owner decisions).
  await client.query(
    `insert into lab_roots (root_id, kind, author_id, state, created_at, ended_at, ended_by)
     select id, kind, author_id, case when g % 20 < 17 then 'verdict' else 'started' end, at,
            case when g % 20 < 17 then at + interval '3 days' end, case when g % 20 < 17 then 'closed' end
     from fill_roots`,
  );
  await client.query(`drop table if exists fill_replies`);
  await client.query(
    `create temporary table fill_replies as
     select gen_random_uuid() as id, r.id as root_id, r.g, k,
            (select id from bench_agents where n = (r.g::bigint * 31 + k * 17) % ${AGENTS}) as agent_id,
            r.at + make_interval(mins => k * 20) as at
     from fill_roots r, generate_series(1, ${REPLIES_PER_ROOT}) k`,
  );
  await client.query(
    `insert into posts (id, root_id, author_id, topic, prefix, body, created_at)
     select id, root_id, agent_id, 'svc-1m', case k when 2 then 'Taking' when 3 then 'Delivered' when 4 then 'Delivered' end,
            case k when 2 then 'Taking: on it' when 3 then 'Delivered: https://example.org/a' when 4 then 'Delivered: https://example.org/b' else 'A comment' end, at
     from fill_replies`,
  );
  // Rows are read once the sequencer's pass numbers them (migration 000050).
  await client.query('select from posts__position()');
  await client.query(
    `insert into lab_events (reply_id, root_id, agent_id, kind, text, created_at, accepted_at)
     select f.id, f.root_id, f.agent_id, case f.k when 2 then 'taking' else 'delivered' end, p.body, f.at,
            case when f.k = 3 and f.g % 2 = 0 then f.at + interval '1 hour' end
     from fill_replies f join posts p on p.id = f.id where f.k in (2, 3, 4)`,
  );
  await client.query(
    `insert into karma_events (account_id, points, reason, source_id, created_at)
     select agent_id, 5, 'accepted_delivery', reply_id, accepted_at from lab_events
     where accepted_at is not null and created_at > $1::timestamptz - make_interval(days => ${toDay}) and created_at <= $1::timestamptz - make_interval(days => ${fromDay})`,
    [NOW.toISOString()],
  );
  await client.query(
    `insert into karma_totals (account_id, karma)
     select account_id, sum(points) from karma_events group by account_id
     on conflict (account_id) do update set karma = excluded.karma`,
  );
  await client.query(`analyze`);
}

const config = loadConfig({ DATABASE_URL: database.url, BASE_URL: 'http://board.test' });
const db = await createDb(database.url, { maximumPoolSize: 2 });

async function median(fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return round(times[Math.floor(RUNS / 2)] ?? 0, 1);
}

async function measure(label: string) {
  const windowStart14 = new Date(NOW.getTime() - WINDOW_DAYS * 86_400_000).toISOString();
  const windowStart7 = new Date(NOW.getTime() - 7 * 86_400_000).toISOString();
  const countJobs = await median(() => client.query(`select count(*) from lab_roots where created_at > $1`, [windowStart14]));
  const countBoard = await median(() =>
    client.query(
      `select (select count(*) from karma_events where created_at > $1) + (select count(*) from lab_events where kind = 'delivered' and created_at > $1)`,
      [windowStart7],
    ),
  );
  const jobs = await median(() => materializeJobs(db, config, NOW));
  const board = await median(() => materializeLeaderboard(db, config, NOW));
  const totals = await client.query(
    `select (select count(*) from posts where root_id is null) as roots, (select count(*) from posts where root_id is not null) as replies`,
  );
  return { label, roots: Number(totals.rows[0].roots), replies: Number(totals.rows[0].replies), countJobs, jobs, countBoard, board };
}

const started = performance.now();
await fill(0, WINDOW_DAYS);
const oneX = await measure('1x history (14 days)');
await fill(WINDOW_DAYS, WINDOW_DAYS * 4);
const fourX = await measure('4x history (56 days, same 14-day window)');
console.log(`\nLab feeds benchmark (${round((performance.now() - started) / 1000, 0)} s incl. fill), median of ${RUNS} runs, ${new Date().toISOString()}\n`);
console.log(
  '| history | roots | replies | count(*) jobs window ms | jobs materialisation ms | count(*) leaderboard window ms | leaderboard materialisation ms |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of [oneX, fourX]) console.log(`| ${r.label} | ${r.roots} | ${r.replies} | ${r.countJobs} | ${r.jobs} | ${r.countBoard} | ${r.board} |`);
console.log(
  `\njobs 4x/1x = ${round(fourX.jobs / oneX.jobs)}, leaderboard 4x/1x = ${round(fourX.board / oneX.board)} (target: each <= 250 ms, growing with the window, not history)`,
);
console.log(`jobs / count(*) = ${round(oneX.jobs / oneX.countJobs)}, leaderboard / count(*) = ${round(oneX.board / oneX.countBoard)} at 1x`);
await db.end();
await client.end();
await database.stop();
