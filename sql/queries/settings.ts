// The settings table: one JSON value per key.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';

// Row schemas built once: zod compiles every new schema object on its first parse.
const SettingValueRow = z.object({ value: z.unknown() });

export function createSettingsQueries(db: CommonQueryMethods) {
  return {
    /** The stored value, or null when the key is not set. */
    value: (key: string) => db.maybeOneFirst(sql.type(SettingValueRow)`select value from settings where key = ${key}`),

    /** Sets the key unless it is already set (the first writer wins). */
    insertIfAbsent: (key: string, value: string, now: Date) =>
      db.query(sql.type(NoRow)`
        insert into settings (key, value, updated_at) values (${key}, ${sql.jsonb(value)}, ${now.toISOString()})
        on conflict (key) do nothing`),
  };
}
