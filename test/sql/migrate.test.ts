import test from 'ava';
import pg from 'pg';
import { migrate } from '../../sql/migrate.ts';
import { createTestDatabase } from '../helpers/db.ts';

test('two processes migrating at once apply each migration exactly once', async (t) => {
  // A fresh, empty database (not the migrated template).
  const template = await createTestDatabase();
  const client = new pg.Client({ connectionString: template.url });
  await client.connect();
  await client.query('drop schema public cascade; create schema public; drop schema if exists graphile_worker cascade');
  await client.end();
  try {
    const [a, b] = await Promise.all([migrate(template.url), migrate(template.url)]);
    t.is(a.length + b.length, a.length || b.length);
    t.true(a.length > 0 || b.length > 0);
    const check = new pg.Client({ connectionString: template.url });
    await check.connect();
    const rows = await check.query('select id from schema_migrations order by id');
    t.deepEqual(
      rows.rows.map((r) => r.id),
      [...a, ...b].sort(),
    );
    const again = await migrate(template.url);
    t.deepEqual(again, []);
    const jobs = await check.query(
      `select count(*)::int as n from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'graphile_worker' and proname = 'add_job'`,
    );
    t.is(jobs.rows[0].n, 1);
    await check.end();
  } finally {
    await template.drop();
  }
});
