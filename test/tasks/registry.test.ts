// The task registry (lib/jobs.ts TASKS): one name -> payload schema list that the enqueuing side, the
// worker's task list, the crontab and the SQL that adds jobs all agree with.
import test from 'ava';
import { readdir, readFile } from 'node:fs/promises';
import { parseCrontab } from 'graphile-worker';
import { pino } from 'pino';
import { sql } from 'slonik';
import { z, ZodError } from 'zod';
import { systemClock } from '../../lib/clock.ts';
import { loadConfig } from '../../lib/config.ts';
import { enqueue, parseTaskPayload, TASK_NAMES, TASKS, type TaskName } from '../../lib/jobs.ts';
import { createDb } from '../../sql/pool.ts';
import { taskList } from '../../tasks/index.ts';
import { createTestDatabase } from '../helpers/db.ts';

const ROOT = new URL('../../', import.meta.url);
const NOT_TASKS = new Set(['index.ts', 'deps.ts', 'delivery-task.ts']);
const registered = (name: string): name is TaskName => (TASK_NAMES as string[]).includes(name);

async function withDb<T>(run: (db: Awaited<ReturnType<typeof createDb>>, url: string) => Promise<T>): Promise<T> {
  const database = await createTestDatabase();
  const db = await createDb(database.url, { maximumPoolSize: 2 });
  try {
    return await run(db, database.url);
  } finally {
    await db.end();
    await database.drop();
  }
}

test('every tasks/<name>.ts is registered, every registered name has its file, and the worker runs exactly those', async (t) => {
  const files = (await readdir(new URL('tasks/', ROOT))).filter((f) => f.endsWith('.ts') && !NOT_TASKS.has(f)).map((f) => f.replace(/\.ts$/, ''));
  t.deepEqual([...TASK_NAMES].sort(), files.sort());
  t.deepEqual(Object.keys(TASKS).sort(), files.sort());
  const names = await withDb(async (db, url) =>
    Object.keys(taskList({ db, clock: systemClock, config: loadConfig({ DATABASE_URL: url }), logger: pino({ level: 'silent' }) })),
  );
  t.deepEqual(names.sort(), files.sort());
});

test('every crontab line names a registered task whose schema takes the schedule payload', async (t) => {
  const items = parseCrontab(await readFile(new URL('crontab', ROOT), 'utf8'));
  t.true(items.length > 10);
  for (const item of items) {
    const task = item.task;
    t.true(registered(task), `${task} is in lib/jobs.ts TASKS`);
    if (!registered(task)) continue;
    t.notThrows(() => parseTaskPayload(task, { _cron: { ts: new Date().toISOString(), backfilled: false } }), task);
  }
});

test('every add_job in the migrations names a registered task whose schema takes its payload ({} when none is given)', async (t) => {
  const dir = new URL('sql/migrations/', ROOT);
  const found: string[] = [];
  for (const file of await readdir(dir)) {
    const text = await readFile(new URL(file, dir), 'utf8');
    for (const m of text.matchAll(/graphile_worker\.add_job\(\s*'([a-z_]+)'\s*(,\s*job_key\b|\))/g)) found.push(m[1]!);
    // An add_job with a payload argument would need its payload checked here too.
    t.notRegex(text, /graphile_worker\.add_job\(\s*'[a-z_]+'\s*,(?!\s*job_key\b)/, `${file}: an add_job with a payload`);
  }
  t.true(found.length > 0, 'the walk found the SQL add_job');
  for (const name of found) {
    t.true(registered(name), `${name} is in lib/jobs.ts TASKS`);
    if (registered(name)) t.notThrows(() => parseTaskPayload(name, {}), name);
  }
});

test("enqueue refuses a payload that is not its task's and adds no job; a good one is added", async (t) => {
  await withDb(async (db) => {
    const jobs = (task: string) =>
      db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from graphile_worker.jobs where task_identifier = ${task}`);
    // @ts-expect-error: email__send takes {id: uuid}
    await t.throwsAsync(enqueue(db, 'email__send', {}), { instanceOf: ZodError });
    await t.throwsAsync(enqueue(db, 'email__send', { id: 'not-a-uuid' }), { instanceOf: ZodError });
    // @ts-expect-error: a batch of mirror_post__normalize holds at least one entry
    await t.throwsAsync(enqueue(db, 'mirror_post__normalize', [{}]), { instanceOf: ZodError });
    await t.throwsAsync(enqueue(db, 'mirror_post__normalize', []), { instanceOf: ZodError });
    t.is(await jobs('email__send'), 0);
    t.is(await jobs('mirror_post__normalize'), 0);
    await enqueue(db, 'email__send', { id: '00000000-0000-4000-8000-000000000001' });
    await enqueue(db, 'mirror_post__normalize', [{ id: '00000000-0000-4000-8000-000000000002' }]);
    await enqueue(db, 'feed__position', {});
    t.is(await jobs('email__send'), 1);
    t.is(await jobs('mirror_post__normalize'), 1);
    t.is(await jobs('feed__position'), 1);
  });
});

test("the worker refuses a job whose payload is not its task's before the task runs", async (t) => {
  await withDb(async (db, url) => {
    const tasks = taskList({ db, clock: systemClock, config: loadConfig({ DATABASE_URL: url }), logger: pino({ level: 'silent' }) });
    // Refused at the parse, before the task's lib function (which would read the database) is reached.
    await t.throwsAsync(async () => tasks['email__send']!({ id: 'not-a-uuid' }, undefined as never), { instanceOf: ZodError });
    await t.throwsAsync(async () => tasks['mirror_post__normalize']!('x', undefined as never), { instanceOf: ZodError });
    await t.throwsAsync(async () => tasks['feed__position']!(42, undefined as never), { instanceOf: ZodError });
  });
});
