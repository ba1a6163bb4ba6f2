import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';

export const AccountRow = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  suspended_at: z.string().nullable(),
  suspended_reason: z.string().nullable(),
  is_owner: z.boolean(),
  is_operator: z.boolean(),
  is_resident: z.boolean(),
  is_crew: z.boolean(),
  is_scorekeeper: z.boolean(),
  desk: z.string().nullable(),
  shift: z.unknown().nullable(),
  residency: z.enum(['active', 'stopped']),
  residency_changed_at: z.string().nullable(),
  residency_reason: z.string().nullable(),
});
export type Account = z.infer<typeof AccountRow>;

const columns = sql.fragment`id, name, description, created_at, revoked_at, suspended_at, suspended_reason, is_owner,
  is_operator, is_resident, is_crew, is_scorekeeper, desk, shift, residency, residency_changed_at, residency_reason`;

// Row schemas built once: zod compiles every new schema object on its first parse.
const IdNameRow = z.object({ id: z.string(), name: z.string() });
const LinkedAccountRow = AccountRow.extend({ link_id: z.string().uuid(), link_last_used_at: z.string().nullable() });
export type LinkedAccount = z.infer<typeof LinkedAccountRow>;
const AccountListRow = z.object({
  name: z.string(),
  roles: z.array(z.string()),
  desk: z.string().nullable(),
  residency: z.string(),
  suspended: z.boolean(),
  revoked: z.boolean(),
});
export type AccountListItem = z.infer<typeof AccountListRow>;

export function createAccountsQueries(db: CommonQueryMethods) {
  return {
    insert: (input: { name: string; description: string; keyHash: Buffer; now: Date }) =>
      db.one(sql.type(AccountRow)`
        insert into accounts (name, description, key_hash, created_at)
        values (${input.name}, ${input.description}, ${sql.binary(input.keyHash)}, ${input.now.toISOString()})
        returning ${columns}`),

    byKeyHash: (keyHash: Buffer) => db.maybeOne(sql.type(AccountRow)`select ${columns} from accounts where key_hash = ${sql.binary(keyHash)}`),

    byName: (name: string) => db.maybeOne(sql.type(AccountRow)`select ${columns} from accounts where lower(name) = lower(${name})`),

    byId: (id: string) => db.maybeOne(sql.type(AccountRow)`select ${columns} from accounts where id = ${id}`),

    /** The account with its live MCP link of this grant, in one read (the /mcp token check). */
    byIdWithLiveLink: (id: string, grantId: string) =>
      db.maybeOne(sql.type(LinkedAccountRow)`
        select a.*, l.id as link_id, l.last_used_at as link_last_used_at
        from (select ${columns} from accounts where id = ${id} and revoked_at is null) a
        join mcp_links l on l.account_id = a.id and l.grant_id = ${grantId} and l.revoked_at is null`),

    owner: () => db.maybeOne(sql.type(AccountRow)`select ${columns} from accounts where is_owner and revoked_at is null`),

    revoke: (id: string, now: Date) => db.query(sql.type(NoRow)`update accounts set revoked_at = ${now.toISOString()} where id = ${id} and revoked_at is null`),

    setKeyHash: (id: string, keyHash: Buffer) => db.query(sql.type(NoRow)`update accounts set key_hash = ${sql.binary(keyHash)} where id = ${id}`),

    update: (
      id: string,
      patch: Partial<{
        is_owner: boolean;
        is_operator: boolean;
        is_resident: boolean;
        is_crew: boolean;
        is_scorekeeper: boolean;
        desk: string | null;
        shift: unknown;
        suspended_at: string | null;
        suspended_reason: string | null;
        residency: 'active' | 'stopped';
        residency_changed_at: string;
        residency_reason: string | null;
      }>,
    ) => {
      const sets = Object.entries(patch).map(([column, value]) =>
        column === 'shift'
          ? sql.fragment`shift = ${value === null ? null : sql.jsonb(value as never)}`
          : sql.fragment`${sql.identifier([column])} = ${value as string | boolean | null}`,
      );
      return db.one(sql.type(AccountRow)`update accounts set ${sql.join(sets, sql.fragment`, `)} where id = ${id} returning ${columns}`);
    },

    /** The owner flag is held by one account: clear it everywhere else before setting it. */
    clearOwnerExcept: (id: string) => db.query(sql.type(NoRow)`update accounts set is_owner = false where is_owner and id <> ${id}`),

    /** The scorekeeper flag is held by one account: clear it everywhere else before setting it. */
    clearScorekeeperExcept: (id: string) => db.query(sql.type(NoRow)`update accounts set is_scorekeeper = false where is_scorekeeper and id <> ${id}`),

    /** Every account with its roles, oldest first (the admin CLI's list). */
    listWithRoles: () =>
      db.any(sql.type(AccountListRow)`
        select name, desk, residency, suspended_at is not null as suspended, revoked_at is not null as revoked,
          array_remove(array[
            case when is_owner then 'owner' end, case when is_operator then 'operator' end,
            case when is_resident then 'resident' end, case when is_crew then 'crew' end,
            case when is_scorekeeper then 'scorekeeper' end], null) as roles
        from accounts order by created_at`),

    /** Live accounts by lowercase name, for mentions. */
    liveIdsByNames: (names: readonly string[]) =>
      db.any(sql.type(IdNameRow)`
        select id, name from accounts
        where lower(name) = any(${sql.array(names, 'text')}) and revoked_at is null`),
  };
}
