// test/run.ts drops only the databases its own run created: a second run against the same Postgres
// (a parallel `npm test` sharing DATABASE_URL) leaves this run's databases, and any other run's,
// alone, and removes its own template and leftovers.
import test from 'ava';
import { spawn } from 'node:child_process';
import pg from 'pg';
import { childEnv } from '../lib/config.ts';
import { createTestDatabase } from './helpers/db.ts';

const admin = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
  const c = new pg.Client({ connectionString: process.env.TEST_ADMIN_DATABASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
};
const databases = () => admin(async (c) => (await c.query<{ datname: string }>('select datname from pg_database')).rows.map((r) => r.datname));

test('a second run against the same Postgres drops only its own databases', async (t) => {
  // A guard against a hung child only, never a claim about speed: a second runner (its own template,
  // migrations and a test file) took over three minutes beside a full suite at load 15-20.
  t.timeout(900_000);
  const mine = await createTestDatabase();
  const mineName = new URL(mine.url).pathname.slice(1);
  // Another run's database, named the way test/helpers/db.ts names them.
  const foreign = 'test_rforeign0_0123456789ab';
  await admin((c) => c.query(`create database ${foreign}`));
  try {
    const before = new Set(await databases());
    const child = spawn(process.execPath, ['test/run.ts', 'test/sql/pool.test.ts'], {
      env: childEnv({ DATABASE_URL: process.env.TEST_ADMIN_DATABASE_URL!, TEST_ADMIN_DATABASE_URL: '', TEST_RUN_ID: '', TEST_TEMPLATE_DATABASE: '' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    t.is(code, 0, output);
    const after = new Set(await databases());
    t.true(after.has(mineName), 'this run’s database survives');
    t.true(after.has(foreign), 'another run’s database survives');
    t.true(after.has(process.env.TEST_TEMPLATE_DATABASE!), 'this run’s template survives');
    // This run's other test files create their databases meanwhile: only the second run's count.
    const created = [...after].filter((d) => !before.has(d) && !d.startsWith(`test_${process.env.TEST_RUN_ID}_`));
    t.deepEqual(created, [], 'the second run removed its own template and databases');
  } finally {
    await admin((c) => c.query(`drop database if exists ${foreign} with (force)`));
    await mine.drop();
  }
});
