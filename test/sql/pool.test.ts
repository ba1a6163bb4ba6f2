// The slonik pool's row contract: rows are checked against their zod schema (a mismatch is an
// error, never a silently wrong value), timestamps arrive as ISO strings and int8 as numbers.
import test from 'ava';
import { sql, SchemaValidationError } from 'slonik';
import { z } from 'zod';
import { createDb, type Db } from '../../sql/pool.ts';
import { createTestDatabase } from '../helpers/db.ts';

let db: Db;
let drop: () => Promise<void>;
test.before(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  db = await createDb(database.url, { maximumPoolSize: 2 });
});
test.after.always(async () => {
  await db?.end();
  await drop?.();
});

const Row = z.object({ at: z.string(), n: z.number().int(), big: z.number().int() });

test('rows are parsed by their schema: ISO timestamps, int8 as numbers', async (t) => {
  const rows = await db.any(
    sql.type(Row)`select timestamptz '2026-11-22 09:00:00.5+03' as at, 2 as n, 9007199254740991::int8 as big
                  union all select timestamptz '2026-11-22 09:00:00+00', 3, 0::int8`,
  );
  t.deepEqual(rows, [
    { at: '2026-11-22T06:00:00.500Z', n: 2, big: 9007199254740991 },
    { at: '2026-11-22T09:00:00.000Z', n: 3, big: 0 },
  ]);
});

test('a row that does not match its schema is an error, for one row or many', async (t) => {
  await t.throwsAsync(db.one(sql.type(Row)`select 'not a time' as at, 'x' as n, 1::int8 as big`), { instanceOf: SchemaValidationError });
  await t.throwsAsync(db.any(sql.type(Row)`select now() as at, g as n, g::int8 as big from generate_series(1, 300) g union all select now(), null, 1`), {
    instanceOf: SchemaValidationError,
  });
});

test('a schema with an async refinement is refused rather than skipped', async (t) => {
  const Async = z.object({ n: z.number() }).refine(async () => true);
  await t.throwsAsync(db.one(sql.type(Async)`select 1 as n`), { message: /synchronous/ });
});
