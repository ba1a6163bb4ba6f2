// Applies sql/migrations/*.sql once each, in order, each in its own transaction, recorded by id,
// under an advisory lock so two processes starting together cannot race. graphile-worker's own
// schema is migrated in the same step so `graphile_worker.add_job()` exists before any web process.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import pg from 'pg';
import { Logger, runMigrations } from 'graphile-worker';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const LOCK_KEY = 7_341_001;

export async function migrate(databaseUrl: string, log: (line: string) => void = () => {}): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('select pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(`create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())`);
    const done = new Set((await client.query<{ id: string }>('select id from schema_migrations')).rows.map((r) => r.id));
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{6}_[a-z0-9_]+\.sql$/.test(f)).sort();
    for (const file of files) {
      const id = file.replace(/\.sql$/, '');
      if (done.has(id)) continue;
      const text = await readFile(join(MIGRATIONS_DIR, file), 'utf8');
      await client.query('begin');
      try {
        await client.query(text);
        await client.query('insert into schema_migrations (id) values ($1)', [id]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`migration ${id} failed: ${(error as Error).message}`);
      }
      applied.push(id);
      log(`applied ${id}`);
    }
    await runMigrations({ connectionString: databaseUrl, logger: silentLogger() });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    await client.end();
  }
  return applied;
}

function silentLogger() {
  return new Logger(() => () => {});
}
