// Service credentials (the Show reporter's, the mirror fetcher's): keys that open only their own routes.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { IdRow } from '../rows.ts';

// Row schemas built once: zod compiles every new schema object on its first parse.
const CredentialRow = z.object({ id: z.string(), kind: z.string(), revoked_at: z.string().nullable() });

export function createServiceCredentialsQueries(db: CommonQueryMethods) {
  return {
    byKeyHash: (keyHash: Buffer) =>
      db.maybeOne(sql.type(CredentialRow)`select id, kind, revoked_at from service_credentials where key_hash = ${sql.binary(keyHash)}`),

    insert: (input: { kind: string; label: string; keyHash: Buffer; now: Date }) =>
      db.oneFirst(sql.type(IdRow)`
        insert into service_credentials (kind, label, key_hash, created_at)
        values (${input.kind}, ${input.label}, ${sql.binary(input.keyHash)}, ${input.now.toISOString()})
        returning id`),

    /** Revokes a live credential; false when none is live under that id. */
    revoke: async (id: string, now: Date) =>
      (
        await db.any(sql.type(IdRow)`
        update service_credentials set revoked_at = ${now.toISOString()}
        where id = ${id} and revoked_at is null returning id`)
      ).length > 0,
  };
}
