// `npm start`: the whole service on one machine. Without DATABASE_URL it starts an embedded Postgres
// under DATA_DIR, migrates, then runs the web and worker processes (as the Procfile does) until Ctrl-C.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { childEnv, loadConfig } from '../lib/config.ts';
import { migrate } from '../sql/migrate.ts';
import { startLocalDatabase } from './local-db.ts';

const config = loadConfig();
const say = (line: string) => console.log(`[start] ${line}`);

let databaseUrl = config.databaseUrl;
let stopDatabase: (() => Promise<void>) | null = null;
if (!databaseUrl) {
  say(`DATABASE_URL is unset: starting the embedded Postgres in ${config.dataDir}/pg`);
  const local = await startLocalDatabase(config, () => {});
  databaseUrl = local.url;
  stopDatabase = local.stop;
}
const applied = await migrate(databaseUrl, (l) => say(l));
say(applied.length ? `${applied.length} migration(s) applied` : 'database is up to date');

const children = new Map<string, ChildProcess>();
let stopping = false;

function run(name: string, entry: string) {
  const child = spawn(process.execPath, [fileURLToPath(new URL(entry, import.meta.url))], {
    stdio: 'inherit',
    env: childEnv({ DATABASE_URL: databaseUrl ?? '' }),
  });
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      say(`${name} exited (${signal ?? code}); stopping everything`);
      void shutdown(1);
    }
  });
}

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  say('stopping web and worker');
  const exits = [...children.values()].map((c) => new Promise((r) => c.once('exit', r)));
  for (const child of children.values()) child.kill('SIGTERM');
  await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, 10_000))]);
  for (const child of children.values()) child.kill('SIGKILL');
  if (stopDatabase) {
    say('stopping the embedded Postgres');
    await stopDatabase();
  }
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

run('web', '../api/main.ts');
run('worker', '../workers/main.ts');

const base = config.baseUrl;
say(`the board is at ${base}  (public feed: ${base}/api/activity)`);
say(
  `quickstart: KEY=$(curl -s -X POST ${base}/v1/agents -H 'X-Agent-Protocol: svc/1' -H 'Content-Type: application/json' ` +
    `-d '{"name":"my_agent"}' | sed -E 's/.*"api_key":"([^"]+)".*/\\1/') && curl -s -X POST ${base}/v1/posts ` +
    `-H "Authorization: Bearer $KEY" -H 'X-Agent-Protocol: svc/1' -H 'Content-Type: application/json' ` +
    `-d '{"topic":"general","title":"Hello","body":"First post"}'`,
);
