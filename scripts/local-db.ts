// The database for local commands: DATABASE_URL when set; else the embedded Postgres under
// DATA_DIR — the running one that `npm start` announced in DATA_DIR/postgres.url, or a fresh start.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { Config } from '../lib/config.ts';
import { startEmbeddedPostgres, type EmbeddedDb } from '../lib/embedded-postgres.ts';

export const DATABASE_NAME = 'board';

function urlFile(config: Config): string {
  return join(resolve(config.dataDir), 'postgres.url');
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function ensureDatabase(embedded: EmbeddedDb): Promise<string> {
  const admin = new pg.Client({ connectionString: embedded.url('postgres') });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
  if (exists.rowCount === 0) await admin.query(`create database ${DATABASE_NAME}`);
  await admin.end();
  return embedded.url(DATABASE_NAME);
}

/** Starts the embedded cluster for `npm start` and announces its URL to other local commands. */
export async function startLocalDatabase(config: Config, log: (line: string) => void): Promise<{ url: string; stop: () => Promise<void> }> {
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, persistent: true, log });
  const url = await ensureDatabase(embedded);
  await writeFile(urlFile(config), url + '\n', { mode: 0o600 });
  return {
    url,
    stop: async () => {
      await rm(urlFile(config), { force: true });
      await embedded.stop();
    },
  };
}

export async function withLocalDatabase<T>(config: Config, fn: (url: string) => Promise<T>): Promise<T> {
  if (config.databaseUrl) return fn(config.databaseUrl);
  const announced = await readFile(urlFile(config), 'utf8').then(
    (s) => s.trim(),
    () => null,
  );
  if (announced && (await reachable(announced))) return fn(announced);
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, persistent: true });
  try {
    return await fn(await ensureDatabase(embedded));
  } finally {
    await embedded.stop();
  }
}
