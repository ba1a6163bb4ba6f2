// The slonik pool's row contract: rows are checked against their zod schema (a mismatch is an
// error, never a silently wrong value), timestamps arrive as ISO strings and int8 as numbers; and
// every caller is answered while Postgres is out of reach.
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import test from 'ava';
import { sql, SchemaValidationError } from 'slonik';
import { z } from 'zod';
import { createDb, type Db } from '../../sql/pool.ts';
import { NoRow } from '../../sql/rows.ts';
import { isDatabaseUnavailable } from '../../sql/failures.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { NEVER_MS, until } from '../helpers/until.ts';

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

// A TCP hop in front of the real Postgres: turning `hold` on cuts every open connection, and while
// it is on the hop accepts connections and never answers (Postgres out of reach, with connection
// attempts that hang until their timeout).
async function hop(target: URL): Promise<{ url: string; hold: (on: boolean) => void; close: () => Promise<void> }> {
  let holding = true;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (holding) return;
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const url = new URL(target);
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    hold: (on) => {
      holding = on;
      if (on) for (const s of sockets) s.destroy();
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((closed) => server.close(closed));
    },
  };
}

test('callers queued while every connection attempt hangs are each answered as unavailable; the pool serves again afterwards', async (t) => {
  const database = await createTestDatabase();
  const proxy = await hop(new URL(database.url));
  proxy.hold(false);
  // The connection timeout is the deadline under test (a hanging attempt is given up after it); the
  // first connection, before the hop holds, may take longer than that on a loaded machine, so it is
  // tried until it opens.
  const pool = await createDb(proxy.url, { maximumPoolSize: 2, connectionTimeoutMs: 1_000 });
  try {
    await until('a first connection through the hop', () =>
      pool.query(sql.unsafe`select 1`).then(
        () => true,
        () => false,
      ),
    );
    proxy.hold(true);
    // Three times the pool size at once: slonik alone leaves the callers queued behind the failed
    // attempts waiting forever (acquired 0, pending 0, waiting 4).
    const calls = Array.from({ length: 6 }, () => pool.oneFirst(sql.type(z.object({ n: z.number() }))`select 1 as n`));
    const settled = await Promise.race([Promise.allSettled(calls), new Promise<'hung'>((r) => setTimeout(() => r('hung'), NEVER_MS).unref())]);
    t.not(settled, 'hung');
    if (settled === 'hung') return;
    t.true(
      settled.every((s) => s.status === 'rejected' && isDatabaseUnavailable(s.reason)),
      JSON.stringify(settled.map((s) => s.status)),
    );
    t.is(pool.state().waitingClients, 0);
    proxy.hold(false);
    const after = await Promise.all(Array.from({ length: 6 }, () => pool.oneFirst(sql.type(z.object({ n: z.number() }))`select 1 as n`)));
    t.deepEqual(after, [1, 1, 1, 1, 1, 1]);
  } finally {
    await pool.end().catch(() => {});
    await proxy.close();
    await database.drop();
  }
});

// sql/pool.ts keeps a connection that still answers after the work it was lent for failed (slonik
// alone destroys it, and the next caller waits for a new backend); a broken one is still replaced.
test('a failed query, a refused transaction, one() with no row and a timeout keep their connection; a killed backend is replaced', async (t) => {
  const database = await createTestDatabase();
  const one = await createDb(database.url, { maximumPoolSize: 1, statementTimeoutMs: 200 });
  try {
    const Pid = z.object({ pid: z.number() });
    const pid = async () => (await one.one(sql.type(Pid)`select pg_backend_pid() as pid`)).pid;
    await one.query(sql.type(NoRow)`create table kept (id int primary key)`);
    const first = await pid();
    const Id = z.object({ id: z.number() });
    const failures: Array<[string, () => Promise<unknown>]> = [
      ['a unique violation', () => one.query(sql.type(NoRow)`insert into kept values (1), (1)`)],
      ['a division by zero', () => one.one(sql.type(Id)`select 1 / 0 as id`)],
      ['one() finding no row', () => one.one(sql.type(Id)`select 1 as id where false`)],
      ['a row its schema refuses', () => one.one(sql.type(Id)`select 'x' as id`)],
      ['a statement timeout', () => one.query(sql.type(NoRow)`select pg_sleep(2)`)],
      [
        'a transaction its handler refuses after writing',
        () =>
          one.transaction(async (tx) => {
            await tx.query(sql.type(NoRow)`insert into kept values (2)`);
            throw new Error('refused');
          }),
      ],
      [
        'a transaction whose statement fails',
        () =>
          one.transaction(async (tx) => {
            await tx.query(sql.type(NoRow)`insert into kept values (3)`);
            await tx.query(sql.type(NoRow)`insert into kept values (3)`);
          }),
      ],
    ];
    for (const [name, fails] of failures) {
      await t.throwsAsync(fails(), undefined, name);
      t.is(await pid(), first, `${name}: the same backend answers next`);
    }
    // Nothing of the refused transactions was kept, and the connection is not left inside one.
    t.is(await one.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from kept`), 0);
    t.is(await one.oneFirst(sql.type(z.object({ open: z.boolean() }))`select now() = statement_timestamp() as open`), true);
    // A backend that dies is not kept. The pool hears of it either from the idle connection's error
    // (then the next call already gets a new backend) or from the next call, which fails; after at
    // most that one failure a new backend answers, and it stays.
    await db.query(sql.type(NoRow)`select pg_terminate_backend(${first})`);
    const next = await pid().catch(() => null);
    const second = await pid();
    t.not(second, first);
    if (next !== null) t.is(next, second);
    t.is(await pid(), second);
  } finally {
    await one.end();
    await database.drop();
  }
});
