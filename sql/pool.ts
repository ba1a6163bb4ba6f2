// The slonik pool every process uses: zod row validation on `sql.type(...)` queries, and
// timestamps as ISO strings so rows serialise to JSON as they are.
import { ConnectionError, createPool, createTypeParserPreset, SchemaValidationError, type DatabasePool, type Interceptor, type QueryResultRow } from 'slonik';

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

// Slonik queues a caller that finds every connection busy and hands it the next connection released
// or created. While Postgres is out of reach, a caller queued there can be left with no connection,
// no attempt under way and nothing to wake it (the attempts it waited on failed in other callers'
// hands), and it waits forever: under load, every request of a web process hung after an outage.
// So callers queue here instead, at most `size` inside slonik at once, and one that waits longer
// than the connection timeout fails as the database out of reach (503 with Retry-After).
// The methods that take a connection (slonik's CommonQueryMethods and `connect`); everything else
// (`end`, `state`, the event emitter's methods) passes through as it is.
const GATED = new Set<PropertyKey>([
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
  'stream',
  'transaction',
  'connect',
]);

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
        wrapper = async (...args: unknown[]) => {
          await enter();
          try {
            return await method.apply(target, args);
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
