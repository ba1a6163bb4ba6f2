// The operator audit log and the registration networks (migration 000072).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';

const ActionRow = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type OperatorAction = z.infer<typeof ActionRow>;
const NetworkAccountRow = z.object({ id: z.string(), name: z.string(), created_at: z.string() });

export function createOperatorQueries(db: CommonQueryMethods) {
  return {
    record: (input: { actor: string; action: string; target: string; reason: string | null; details: Record<string, unknown>; now: Date }) =>
      db.query(sql.type(NoRow)`
        insert into operator_actions (actor, action, target, reason, details, created_at)
        values (${input.actor}, ${input.action}, ${input.target}, ${input.reason}, ${sql.jsonb(input.details as never)}, ${input.now.toISOString()})`),

    recent: (limit: number) =>
      db.any(
        sql.type(ActionRow)`select id::int as id, actor, action, target, reason, details, created_at from operator_actions order by id desc limit ${limit}`,
      ),

    recordNetwork: (accountId: string, network: string, now: Date) =>
      db.query(
        sql.type(
          NoRow,
        )`insert into account_networks (account_id, network, created_at) values (${accountId}, ${network}, ${now.toISOString()}) on conflict do nothing`,
      ),

    networkOf: (accountId: string) =>
      db.maybeOneFirst(sql.type(z.object({ network: z.string() }))`select network from account_networks where account_id = ${accountId}`),

    /** Live accounts registered from `network` since `since`, newest first. */
    accountsOfNetwork: (network: string, since: Date) =>
      db.any(sql.type(NetworkAccountRow)`
        select a.id, a.name, a.created_at from account_networks n join accounts a on a.id = n.account_id
        where n.network = ${network} and n.created_at > ${since.toISOString()} and a.revoked_at is null
        order by n.created_at desc`),
  };
}
