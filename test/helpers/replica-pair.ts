// A primary and a real streaming replica of it for the read-replica tests (issue 27.4). The embedded
// binaries have no pg_basebackup, so: a migrated primary is stopped cleanly, its data directory copied,
// the copy told it is a standby of the primary (standby.signal, primary_conninfo), and both started.
import { execFileSync } from 'node:child_process';
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, startEmbeddedPostgres, type EmbeddedDb } from '../../lib/embedded-postgres.ts';
import { migrate } from '../../sql/migrate.ts';

export type ReplicaPair = {
  primaryUrl: string;
  replicaUrl: string;
  /** The postmasters' process ids (benchmarks count each cluster's CPU). */
  primaryPid: number;
  replicaPid: number;
  /** Runs one statement on the replica's board database as its superuser (pause or resume replay, look at rows). */
  onReplica: (text: string) => Promise<pg.QueryResult>;
  stop: () => Promise<void>;
};

const DATABASE = 'board';

async function query(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

export async function startReplicaPair(): Promise<ReplicaPair> {
  const dir = await mkdtemp(join(tmpdir(), 'board-replica-'));
  const started: EmbeddedDb[] = [];
  try {
    const port = await freePort();
    // wal_level=replica, max_wal_senders=10 and hot_standby=on are Postgres's defaults; initdb's
    // pg_hba.conf lets local replication connections in.
    let primary = await startEmbeddedPostgres({ dataDir: join(dir, 'primary'), persistent: true, fast: true, port });
    await query(primary.url(), `create database ${DATABASE}`);
    await migrate(primary.url(DATABASE));
    await primary.stop();
    execFileSync('cp', ['-a', join(dir, 'primary'), join(dir, 'replica')]);
    const data = join(dir, 'replica', 'pg');
    await writeFile(join(data, 'standby.signal'), '');
    const url = new URL(primary.url());
    await appendFile(join(data, 'postgresql.auto.conf'), `primary_conninfo = 'host=127.0.0.1 port=${port} user=${url.username} password=${url.password}'\n`);
    if (userInfo().uid === 0)
      execFileSync('chown', ['--reference', join(data, 'PG_VERSION'), join(data, 'standby.signal'), join(data, 'postgresql.auto.conf')]);
    primary = await startEmbeddedPostgres({ dataDir: join(dir, 'primary'), persistent: true, fast: true, port });
    started.push(primary);
    const replica = await startEmbeddedPostgres({ dataDir: join(dir, 'replica'), persistent: true, fast: true });
    started.push(replica);
    const until = Date.now() + 30_000;
    while ((await query(replica.url(), `select count(*)::int as n from pg_stat_wal_receiver where status = 'streaming'`)).rows[0].n !== 1) {
      if (Date.now() > until) throw new Error('the replica did not start streaming within 30 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    return {
      primaryUrl: primary.url(DATABASE),
      replicaUrl: replica.url(DATABASE),
      primaryPid: primary.pid,
      replicaPid: replica.pid,
      onReplica: (text) => query(replica.url(DATABASE), text),
      stop: async () => {
        for (const db of started.reverse()) await db.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    for (const db of started.reverse()) await db.stop();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
