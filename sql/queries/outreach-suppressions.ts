// outreach_suppressions: addresses no agent may ever email again (lowercased, one row each).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';

const AddressRow = z.object({ address: z.string() });

export type SuppressionReason = 'reply' | 'stop_link' | 'complaint' | 'owner';

export function createOutreachSuppressionsQueries(db: CommonQueryMethods) {
  return {
    /** The address when it was newly suppressed, null when it already was. */
    insert: (input: { address: string; reason: SuppressionReason; messageId: string | null; now: Date }) =>
      db.maybeOneFirst(sql.type(AddressRow)`
        insert into outreach_suppressions (address, reason, message_id, created_at)
        values (${input.address}, ${input.reason}, ${input.messageId}, ${input.now.toISOString()})
        on conflict (address) do nothing
        returning address`),

    exists: (address: string) => db.exists(sql.type(NoRow)`select 1 from outreach_suppressions where address = ${address}`),
  };
}
