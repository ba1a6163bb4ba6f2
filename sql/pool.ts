// The slonik pool every process uses: zod row validation on `sql.type(...)` queries, and
// timestamps as ISO strings so rows serialise to JSON as they are.
import {
  ConnectionError,
  createPool,
  createTypeParserPreset,
  SchemaValidationError,
  sql,
  type DatabasePool,
  type DatabasePoolConnection,
  type Interceptor,
  type QueryResultRow,
} from 'slonik';
import { NoRow } from './rows.ts';

// Synchronous on purpose: row schemas are plain zod objects, and slonik's async row hook costs a
// queue and a promise per row on every query.
const resultParser: Interceptor = {
  name: 'result-parser',
  transformRow: (context, query, row) => {
    const parser = context.resultParser;
    if (!parser) return row;
    const validated = parser['~standard'].validate(row);
    if (validated instanceof Promise) throw new Error('Row schemas must be synchronous (no async refinements).');
    if (validated.issues) {
      throw new SchemaValidationError(query, row, validated.issues);
    }
    return validated.value as QueryResultRow;
  },
};

const isoTimestamp = (value: string | null) => (value === null ? null : new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString());

export type Db = DatabasePool;

export async function createDb(
  databaseUrl: string,
  options: { maximumPoolSize?: number; connectionTimeoutMs?: number; statementTimeoutMs?: number } = {},
): Promise<Db> {
  const replaced = new Set(['timestamptz', 'timestamp', 'int8']);
  const parsers = createTypeParserPreset().filter((p) => !replaced.has(p.name));
  const size = options.maximumPoolSize ?? 10;
  const connectionTimeout = options.connectionTimeoutMs ?? 10_000;
  const pool = await createPool(databaseUrl, {
    interceptors: [resultParser],
    typeParsers: [
      ...parsers,
      { name: 'timestamptz', parse: isoTimestamp },
      { name: 'timestamp', parse: isoTimestamp },
      // Sequences and counts stay far below 2^53; plain numbers serialise to JSON.
      { name: 'int8', parse: (v: string | null) => (v === null ? null : Number(v)) },
    ],
    maximumPoolSize: size,
    statementTimeout: options.statementTimeoutMs ?? 30_000,
    idleTimeout: 10_000,
    connectionTimeout,
    // Slonik's default runs DISCARD ALL on every release: one more round trip per query. We keep no
    // session state on pooled connections (no SET, no LISTEN, only transaction-scoped locks).
    resetConnection: async () => {},
  });
  return gated(pool, size, connectionTimeout);
}

// Slonik destroys a pooled connection whenever the work it was lent for throws: a refused write's
// rolled-back transaction, `one()` finding no row, a unique violation, a statement timeout. The next
// caller then waits for a new backend, about 26 ms of Postgres CPU on a 2-core VM against 0.05 ms for
// a query (docs/architecture.md, "Scaling"), so a client sending refused writes made the database
// start a process per request. These methods keep a connection that still answers after the failure:
// the transaction was rolled back by slonik, and one empty `select` shows the socket and backend alive;
// a broken one fails it and is destroyed as before. `connect` keeps slonik's rule: its handlers may
// hold session state (the scorecard's session lock) that only a new connection clears.
const KEPT_METHODS = [
  'any',
  'anyFirst',
  'exists',
  'many',
  'manyFirst',
  'maybeOne',
  'maybeOneFirst',
  'one',
  'oneFirst',
  'query',
  'record',
  'transaction',
] as const;
type KeptMethod = (typeof KEPT_METHODS)[number];
const KEPT = new Set<PropertyKey>(KEPT_METHODS);

// Slonik queues a caller that finds every connection busy and hands it the next connection released
// or created. While Postgres is out of reach, a caller queued there can be left with no connection,
// no attempt under way and nothing to wake it (the attempts it waited on failed in other callers'
// hands), and it waits forever: under load, every request of a web process hung after an outage.
// So callers queue here instead, at most `size` inside slonik at once, and one that waits longer
// than the connection timeout fails as the database out of reach (503 with Retry-After).
// The methods that take a connection (slonik's CommonQueryMethods and `connect`); everything else
// (`end`, `state`, the event emitter's methods) passes through as it is.
const GATED = new Set<PropertyKey>(['stream', 'connect', ...KEPT_METHODS]);

function gated(pool: DatabasePool, size: number, waitMs: number): Db {
  let free = size;
  const queue: Array<() => void> = [];
  const leave = () => {
    const next = queue.shift();
    if (next) next();
    else free++;
  };
  const enter = (): Promise<void> => {
    if (free > 0) {
      free--;
      return Promise.resolve();
    }
    return new Promise((admitted, refused) => {
      const turn = () => {
        clearTimeout(timer);
        admitted();
      };
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(turn), 1);
        refused(new ConnectionError(`timeout exceeded when trying to connect: no database connection free within ${waitMs} ms`));
      }, waitMs);
      queue.push(turn);
    });
  };
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(pool, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== 'function' || !GATED.has(key)) return value;
      let wrapper = wrapped.get(key);
      if (!wrapper) {
        const method = value as (...args: unknown[]) => Promise<unknown>;
        const kept = KEPT.has(key);
        wrapper = async (...args: unknown[]) => {
          await enter();
          try {
            return kept ? await keepingConnection(target, key as KeptMethod, args) : await method.apply(target, args);
          } finally {
            leave();
          }
        };
        wrapped.set(key, wrapper);
      }
      return wrapper;
    },
  });
}

async function keepingConnection(pool: DatabasePool, key: KeptMethod, args: unknown[]): Promise<unknown> {
  const outcome = await pool.connect(async (connection: DatabasePoolConnection) => {
    try {
      return { failed: false as const, value: await (connection[key] as (...a: unknown[]) => Promise<unknown>).apply(connection, args) };
    } catch (error) {
      await connection.query(sql.type(NoRow)`select`).catch(() => {
        throw error;
      });
      return { failed: true as const, error };
    }
  });
  if (outcome.failed) throw outcome.error;
  return outcome.value;
}
