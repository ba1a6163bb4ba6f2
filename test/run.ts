// `npm test`: a real Postgres for the whole run (DATABASE_URL when set, else an embedded one),
// a migrated template database that every test file clones, then ava. Every database this run
// creates carries the run's id, and only those are dropped at the end: runs sharing one Postgres
// (DATABASE_URL) never drop each other's databases.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { glob, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { childEnv, loadConfig } from '../lib/config.ts';
import { startEmbeddedPostgres } from '../lib/embedded-postgres.ts';
import { migrate } from '../sql/migrate.ts';

const RUN_ID = `r${randomBytes(4).toString('hex')}`;
const TEMPLATE = `board_template_${RUN_ID}`;
// test/helpers/db.ts names each file's database `test_<run id>_<random>`.
const RUN_PREFIX = `test_${RUN_ID}_`;
const config = loadConfig();
let adminUrl = config.databaseUrl;
let stopEmbedded: (() => Promise<void>) | null = null;
let dataDir: string | null = null;
if (!adminUrl) {
  dataDir = await mkdtemp(join(tmpdir(), 'board-test-'));
  const embedded = await startEmbeddedPostgres({ dataDir, persistent: false, fast: true });
  adminUrl = embedded.url('postgres');
  stopEmbedded = embedded.stop;
}

const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists ${TEMPLATE}`);
await admin.query(`create database ${TEMPLATE}`);
await migrate(withDatabase(adminUrl, TEMPLATE));
await admin.end();

const args = process.argv.slice(2);
// Each test worker appends its file's wall time here (test/file-times.ts); the slowest are printed.
const timesDir = await mkdtemp(join(tmpdir(), 'board-test-times-'));
const timesFile = join(timesDir, 'times.jsonl');
const started = Date.now();
// Every Node process of the run (test workers, the CLIs and workers they start) keeps its compiled
// modules, type-stripped TypeScript included, in one cache: a file's imports cost a third less CPU.
const compileCache = process.env.NODE_COMPILE_CACHE ?? join('node_modules', '.cache', 'board-test', 'compile');
// Each test file compiled once into that cache before ava starts (test/warm-compile-cache.ts).
const testFiles = args.filter((a) => a.endsWith('.test.ts'));
const { ava: avaConfig } = JSON.parse(await readFile('package.json', 'utf8')) as { ava: { files: string[] } };
if (testFiles.length === 0) for await (const file of glob(avaConfig.files)) testFiles.push(file);
const warm = spawn(process.execPath, [join('test', 'warm-compile-cache.ts'), ...testFiles], {
  stdio: 'inherit',
  env: childEnv({ NODE_COMPILE_CACHE: compileCache }),
});
await new Promise((done) => warm.on('exit', done));
const ava = spawn(process.execPath, [join('node_modules', 'ava', 'entrypoints', 'cli.js'), '--config', join('test', 'ava.config.js'), ...args], {
  stdio: 'inherit',
  env: childEnv({
    TEST_ADMIN_DATABASE_URL: adminUrl,
    TEST_TEMPLATE_DATABASE: TEMPLATE,
    TEST_RUN_ID: RUN_ID,
    TEST_TIMES_FILE: timesFile,
    NODE_COMPILE_CACHE: compileCache,
  }),
});
const code: number = await new Promise((done) => ava.on('exit', (c, signal) => done(c ?? (signal ? 1 : 0))));
const times = (await readFile(timesFile, 'utf8').catch(() => ''))
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as { file: string; ms: number; cpuMs: number })
  .sort((a, b) => b.ms - a.ms);
if (times.length > 1) {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`\n${times.length} test files in ${s(Date.now() - started)}; the slowest:`);
  const shown = process.env.TEST_TIMES_ALL ? times : times.slice(0, 15);
  for (const { file, ms, cpuMs } of shown) console.log(`  ${s(ms).padStart(8)}  ${file} (its own CPU ${s(cpuMs)})`);
  const sum = (key: 'ms' | 'cpuMs') => s(times.reduce((total, t) => total + t[key], 0));
  console.log(`  sum of file times ${sum('ms')}; of the workers' own CPU ${sum('cpuMs')}`);
}
// The next run starts the slowest files first (test/ava.config.js).
if (times.length > 0) {
  const saved = join('node_modules', '.cache', 'board-test', 'file-times.json');
  const known = JSON.parse(await readFile(saved, 'utf8').catch(() => '{}')) as Record<string, number>;
  for (const { file, ms } of times) known[file] = ms;
  await mkdir(dirname(saved), { recursive: true });
  await writeFile(saved, `${JSON.stringify(known, null, 1)}\n`);
}
await rm(timesDir, { recursive: true, force: true });

const cleanup = new pg.Client({ connectionString: adminUrl });
await cleanup.connect();
const leftovers = await cleanup.query<{ datname: string }>(`select datname from pg_database where starts_with(datname, $1) or datname = $2`, [
  RUN_PREFIX,
  TEMPLATE,
]);
for (const { datname } of leftovers.rows) await cleanup.query(`drop database if exists "${datname}" with (force)`).catch(() => {});
await cleanup.end();
if (stopEmbedded) await stopEmbedded();
if (dataDir) await rm(dataDir, { recursive: true, force: true });
process.exit(code);
