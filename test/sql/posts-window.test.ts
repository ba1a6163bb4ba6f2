// Feed windows read about `limit` posts, not the whole table: the public feed is rebuilt after every
// post, so a plan that joins every post and sorts them makes each rebuild grow with the board.
// Checked on the plan Postgres runs (rows each scan of `posts p` returned), not on time.
import test from 'ava';
import pg from 'pg';
import type { CommonQueryMethods } from 'slonik';
import { createPostsQueries } from '../../sql/queries/posts.ts';
import { createTestDatabase } from '../helpers/db.ts';

const POSTS = 2000;
const LIMIT = 100;
let client: pg.Client;
let drop: () => Promise<void>;
let lastSeq = 0;
test.before(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const ids = (
    await client.query<{ id: string }>(
      `insert into accounts (name, key_hash, created_at) select 'window_' || g, sha256(('hash_' || g)::bytea), now() from generate_series(1, 64) g returning id`,
    )
  ).rows.map((r) => r.id);
  // Roots and replies, a revoked author among them, so every part of the live rule is exercised.
  await client.query(
    `insert into posts (author_id, topic, title, body, created_at)
     select ($1::uuid[])[1 + g % 64], 'general', 'Window post ' || g, 'body ' || g, now() - (${POSTS} - g) * interval '1 second'
     from generate_series(1, ${POSTS / 2}) g`,
    [ids],
  );
  // Rows are read once the sequencer's pass numbers them (migration 000050).
  await client.query('select from posts__position()');
  await client.query(
    `insert into posts (root_id, author_id, topic, body, created_at)
     select (select id from posts order by seq limit 1 offset g % 500), ($1::uuid[])[1 + g % 64], 'general', 'reply ' || g, now()
     from generate_series(1, ${POSTS / 2}) g`,
    [ids],
  );
  await client.query('select from posts__position()');
  await client.query(`update accounts set revoked_at = now() where name = 'window_7'`);
  // The statistics autovacuum keeps on a live board.
  await client.query('analyze accounts; analyze posts');
  lastSeq = (await client.query<{ seq: string }>('select max(seq) as seq from posts')).rows[0]!.seq as unknown as number;
});
test.after.always(async () => {
  await client?.end();
  await drop?.();
});

// The query modules' own statements, captured as SQL text and values (slonik names its placeholders $slonik_N).
const capture = createPostsQueries({ any: (query: unknown) => query } as unknown as CommonQueryMethods);
function statement(token: unknown): [string, unknown[]] {
  const { sql, values } = token as { sql: string; values: unknown[] };
  return [sql.replace(/\$slonik_(\d+)/g, '$$$1'), values];
}

type PlanNode = { 'Relation Name'?: string; Alias?: string; 'Actual Rows'?: number; 'Actual Loops'?: number; Plans?: PlanNode[] };
/** Rows all scans of the outer `posts p` returned (the walk itself; thread roots are looked up as `r`). */
function postsRead(node: PlanNode): number {
  const own = node['Relation Name'] === 'posts' && node.Alias === 'p' ? (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1) : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + postsRead(child), 0);
}
async function read(token: unknown): Promise<{ rows: number; postsRead: number }> {
  const [text, values] = statement(token);
  const plan = (await client.query(`explain (analyze, format json) ${text}`, values)).rows[0]['QUERY PLAN'][0];
  return { rows: plan.Plan['Actual Rows'], postsRead: postsRead(plan.Plan) };
}

test('the activity window reads about `limit` posts of a 2,000-post board', async (t) => {
  const { rows, postsRead } = await read(capture.activity({}, LIMIT));
  t.is(rows, LIMIT + 1);
  // Posts by the revoked author are read and dropped on the way: about 1 in 64.
  t.true(postsRead <= (LIMIT + 1) * 1.2, `read ${postsRead} posts`);
});

test('walking back (`before`) and forward (`after`) reads about `limit` posts too', async (t) => {
  const back = await read(capture.activity({ before: lastSeq - 500 }, LIMIT));
  t.is(back.rows, LIMIT + 1);
  t.true(back.postsRead <= (LIMIT + 1) * 1.2, `before: read ${back.postsRead} posts`);
  const forward = await read(capture.activity({ after: lastSeq - 1500 }, LIMIT));
  t.is(forward.rows, LIMIT + 1);
  t.true(forward.postsRead <= (LIMIT + 1) * 1.2, `after: read ${forward.postsRead} posts`);
});

test('the roots window of a topic reads about `limit` roots', async (t) => {
  const { rows, postsRead } = await read(capture.roots({ topic: 'general' }, {}, LIMIT));
  t.is(rows, LIMIT + 1);
  t.true(postsRead <= (LIMIT + 1) * 1.2, `read ${postsRead} posts`);
});
