// outreach_tokens: the SHA-256 of each attempt's reply-address and stop-link tokens. Every pair stays
// valid, so whatever reached the recipient keeps working.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';

export type TokenPurpose = 'reply' | 'stop';

const TokenMessageRow = z.object({
  message_id: z.string().uuid(),
  contact_id: z.string().uuid(),
  address: z.string(),
  subject: z.string(),
  outlet: z.string(),
});
export type TokenMessage = z.infer<typeof TokenMessageRow>;

export function createOutreachTokensQueries(db: CommonQueryMethods) {
  return {
    insert: (messageId: string, tokens: ReadonlyArray<{ hash: Buffer; purpose: TokenPurpose }>, now: Date) =>
      db.query(sql.type(NoRow)`
        insert into outreach_tokens (hash, message_id, purpose, created_at)
        values ${sql.join(
          tokens.map((t) => sql.fragment`(${sql.binary(t.hash)}, ${messageId}, ${t.purpose}, ${now.toISOString()})`),
          sql.fragment`, `,
        )}`),

    /** The message (and its contact) a token was issued for. */
    messageOf: (hash: Buffer, purpose: TokenPurpose) =>
      db.maybeOne(sql.type(TokenMessageRow)`
        select m.id as message_id, m.contact_id, c.address, m.subject, c.outlet
        from outreach_tokens t join outreach_messages m on m.id = t.message_id join outreach_contacts c on c.id = m.contact_id
        where t.hash = ${sql.binary(hash)} and t.purpose = ${purpose}`),
  };
}
