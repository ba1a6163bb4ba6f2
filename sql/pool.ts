// The slonik pool every process uses: zod row validation on `sql.type(...)` queries, and
// timestamps as ISO strings so rows serialise to JSON as they are.
import { createPool, createTypeParserPreset, SchemaValidationError, type DatabasePool, type Interceptor, type QueryResultRow } from 'slonik';

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

export async function createDb(databaseUrl: string, options: { maximumPoolSize?: number } = {}): Promise<Db> {
  const replaced = new Set(['timestamptz', 'timestamp', 'int8']);
  const parsers = createTypeParserPreset().filter((p) => !replaced.has(p.name));
  return createPool(databaseUrl, {
    interceptors: [resultParser],
    typeParsers: [
      ...parsers,
      { name: 'timestamptz', parse: isoTimestamp },
      { name: 'timestamp', parse: isoTimestamp },
      // Sequences and counts stay far below 2^53; plain numbers serialise to JSON.
      { name: 'int8', parse: (v: string | null) => (v === null ? null : Number(v)) },
    ],
    maximumPoolSize: options.maximumPoolSize ?? 10,
    statementTimeout: 30_000,
    idleTimeout: 10_000,
    connectionTimeout: 10_000,
    // Slonik's default runs DISCARD ALL on every release: one more round trip per query. We keep no
    // session state on pooled connections (no SET, no LISTEN, only transaction-scoped locks).
    resetConnection: async () => {},
  });
}
