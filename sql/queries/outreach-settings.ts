// The owner's outreach setup: one row of `settings` under the key `outreach`, a JSON document that
// lib/outreach/settings.ts parses (unknown here: an old document may not match today's shape).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';

const KEY = 'outreach';
const ValueRow = z.object({ value: z.unknown() });

export function createOutreachSettingsQueries(db: CommonQueryMethods) {
  return {
    /** The stored document, or null before the first setup. */
    read: () => db.maybeOneFirst(sql.type(ValueRow)`select value from settings where key = ${KEY}`),

    write: (value: Record<string, unknown>, now: Date) =>
      db.query(sql.type(NoRow)`
        insert into settings (key, value, updated_at) values (${KEY}, ${sql.jsonb(value as Parameters<typeof sql.jsonb>[0])}, ${now.toISOString()})
        on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`),
  };
}
