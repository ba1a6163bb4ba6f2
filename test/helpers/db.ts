// One database per test file, cloned from the migrated template that test/run.ts prepared.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

function adminUrl(): string {
  const url = process.env.TEST_ADMIN_DATABASE_URL;
  if (!url) throw new Error('Run the tests with `npm test` (it prepares the database template).');
  return url;
}

export function databaseUrl(database: string): string {
  const u = new URL(adminUrl());
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Postgres 15+ copies the template's files (FILE_COPY) instead of writing every block through shared
 * buffers and the WAL (its default): the clone and its drop cost Postgres a quarter of the CPU, and
 * the run writes 11 MB less WAL per file. Older servers (a DATABASE_URL) get their only way.
 */
async function copyStrategy(c: pg.Client): Promise<string> {
  const { rows } = await c.query<{ v: string }>(`select current_setting('server_version_num') as v`);
  return Number(rows[0]?.v) >= 150_000 ? ' strategy file_copy' : '';
}

export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  // The run's id in the name: test/run.ts drops only its own run's databases.
  const run = process.env.TEST_RUN_ID;
  if (!run || !/^[a-z0-9]+$/.test(run)) throw new Error('Run the tests with `npm test` (it sets TEST_RUN_ID).');
  const name = `test_${run}_${randomBytes(6).toString('hex')}`;
  const template = process.env.TEST_TEMPLATE_DATABASE;
  if (!template) throw new Error('Run the tests with `npm test`.');
  for (let attempt = 0; ; attempt++) {
    try {
      await admin(async (c) => c.query(`create database ${name} template ${template}${await copyStrategy(c)}`));
      break;
    } catch (error) {
      // Two files cloning at the same instant can collide on the template; try again.
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  return {
    url: databaseUrl(name),
    drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}
