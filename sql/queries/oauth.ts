// oidc-provider's store (every model in one table, ids hashed), its generated secrets, link codes and
// the links of assistants to agent accounts.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';

const PayloadRow = z.object({ payload: z.record(z.string(), z.unknown()), consumed_at: z.string().nullable() });
const ValueRow = z.object({ value: z.unknown() });
export const AssistantLinkRow = z.object({
  id: z.string().uuid(),
  grant_id: z.string(),
  account_id: z.string().uuid(),
  client_id: z.string(),
  client_name: z.string().nullable(),
  scopes: z.array(z.string()),
  linked_by: z.enum(['board_key', 'link_code']),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
});
export type AssistantLinkRow = z.infer<typeof AssistantLinkRow>;
const AccountIdRow = z.object({ account_id: z.string().uuid() });

const assistantLinkColumns = sql.fragment`id, grant_id, account_id, client_id, client_name, scopes, linked_by, created_at, last_used_at, revoked_at, revoked_reason`;

export type StoreRecord = {
  model: string;
  idHash: Buffer;
  payload: Record<string, unknown>;
  grantId: string | null;
  uid: string | null;
  userCode: string | null;
  expiresAt: Date | null;
};

export function createOauthQueries(db: CommonQueryMethods) {
  return {
    upsert: (r: StoreRecord) =>
      db.query(sql.type(NoRow)`
        insert into oauth_store (model, id_hash, payload, grant_id, uid, user_code, expires_at)
        values (${r.model}, ${sql.binary(r.idHash)}, ${sql.jsonb(r.payload as never)}, ${r.grantId}, ${r.uid}, ${r.userCode},
                ${r.expiresAt ? r.expiresAt.toISOString() : null})
        on conflict (model, id_hash) do update set payload = excluded.payload, grant_id = excluded.grant_id, uid = excluded.uid,
          user_code = excluded.user_code, expires_at = excluded.expires_at`),

    find: (model: string, idHash: Buffer) =>
      db.maybeOne(sql.type(PayloadRow)`select payload, consumed_at from oauth_store where model = ${model} and id_hash = ${sql.binary(idHash)}`),

    findBy: (model: string, column: 'uid' | 'user_code', value: string) =>
      db.maybeOne(sql.type(PayloadRow)`
        select payload, consumed_at from oauth_store where model = ${model} and ${sql.identifier([column])} = ${value} limit 1`),

    consume: (model: string, idHash: Buffer, at: Date) =>
      db.query(sql.type(NoRow)`
        update oauth_store set consumed_at = ${at.toISOString()} where model = ${model} and id_hash = ${sql.binary(idHash)}`),

    destroy: (model: string, idHash: Buffer) => db.query(sql.type(NoRow)`delete from oauth_store where model = ${model} and id_hash = ${sql.binary(idHash)}`),

    revokeByGrantId: (model: string, grantId: string) => db.query(sql.type(NoRow)`delete from oauth_store where model = ${model} and grant_id = ${grantId}`),

    /** Every token, code and session of a grant, whatever the model. */
    destroyGrantEverywhere: (grantId: string, grantIdHash: Buffer) =>
      db.query(sql.type(NoRow)`delete from oauth_store where grant_id = ${grantId} or (model = 'Grant' and id_hash = ${sql.binary(grantIdHash)})`),

    prune: (before: Date) => db.query(sql.type(NoRow)`delete from oauth_store where expires_at < ${before.toISOString()}`),

    secret: (name: string) => db.maybeOne(sql.type(ValueRow)`select value from oauth_secrets where name = ${name}`),

    /** Keeps the first writer's value: every web process ends up with the same secret. */
    putSecretOnce: (name: string, value: unknown, at: Date) =>
      db.one(sql.type(ValueRow)`
        with ins as (
          insert into oauth_secrets (name, value, created_at) values (${name}, ${sql.jsonb(value as never)}, ${at.toISOString()})
          on conflict (name) do nothing returning value)
        select value from ins union all select value from oauth_secrets where name = ${name} limit 1`),

    insertLinkCode: (codeHash: Buffer, accountId: string, at: Date, expiresAt: Date) =>
      db.query(sql.type(NoRow)`
        insert into mcp_link_codes (code_hash, account_id, created_at, expires_at)
        values (${sql.binary(codeHash)}, ${accountId}, ${at.toISOString()}, ${expiresAt.toISOString()})`),

    /** Uses a live code once; null when it is unknown, used or expired. */
    useLinkCode: (codeHash: Buffer, at: Date) =>
      db.maybeOne(sql.type(AccountIdRow)`
        update mcp_link_codes set used_at = ${at.toISOString()}
        where code_hash = ${sql.binary(codeHash)} and used_at is null and expires_at > ${at.toISOString()}
        returning account_id`),

    insertAssistantLink: (l: {
      grantId: string;
      accountId: string;
      clientId: string;
      clientName: string | null;
      scopes: string[];
      linkedBy: 'board_key' | 'link_code';
      at: Date;
    }) =>
      db.one(sql.type(AssistantLinkRow)`
        insert into mcp_links (grant_id, account_id, client_id, client_name, scopes, linked_by, created_at)
        values (${l.grantId}, ${l.accountId}, ${l.clientId}, ${l.clientName}, ${sql.array(l.scopes, 'text')}, ${l.linkedBy}, ${l.at.toISOString()})
        on conflict (grant_id) do update set scopes = excluded.scopes
        returning ${assistantLinkColumns}`),

    assistantLinkByGrant: (grantId: string) =>
      db.maybeOne(sql.type(AssistantLinkRow)`select ${assistantLinkColumns} from mcp_links where grant_id = ${grantId}`),

    assistantLinkById: (id: string) => db.maybeOne(sql.type(AssistantLinkRow)`select ${assistantLinkColumns} from mcp_links where id = ${id}`),

    assistantLinksOf: (accountId: string) =>
      db.any(sql.type(AssistantLinkRow)`select ${assistantLinkColumns} from mcp_links where account_id = ${accountId} order by created_at desc, id limit 200`),

    /** Announces the link's account on `account_changes` (at commit), so no process keeps it cached (lib/mcp/assistant-links.ts). */
    revokeAssistantLink: (grantId: string, at: Date, reason: string) =>
      db.query(sql.type(NoRow)`
        with revoked as (
          update mcp_links set revoked_at = ${at.toISOString()}, revoked_reason = ${reason} where grant_id = ${grantId} and revoked_at is null
          returning account_id)
        select from revoked, pg_notify('account_changes', revoked.account_id::text)`),

    touchAssistantLink: (id: string, at: Date) => db.query(sql.type(NoRow)`update mcp_links set last_used_at = ${at.toISOString()} where id = ${id}`),
  };
}
