// outreach_channels: the owner-created external channels (`messaging`, `social`). A channel is open
// from its creation until the owner closes it; posts are refused while it is not open.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';

export const ChannelName = z.enum(['messaging', 'social']);
export type ChannelName = z.infer<typeof ChannelName>;

const ChannelRow = z.object({ name: ChannelName, label: z.string(), created_at: z.string(), closed_at: z.string().nullable() });

export function createOutreachChannelsQueries(db: CommonQueryMethods) {
  return {
    list: () => db.any(sql.type(ChannelRow)`select name, label, created_at, closed_at from outreach_channels order by name`),

    isOpen: (name: ChannelName) => db.exists(sql.type(NoRow)`select 1 from outreach_channels where name = ${name} and closed_at is null`),

    /** Creates the channel, or re-opens it with a new label. */
    open: (name: ChannelName, label: string, ownerId: string | null, now: Date) =>
      db.query(sql.type(NoRow)`
        insert into outreach_channels (name, label, created_at, created_by) values (${name}, ${label}, ${now.toISOString()}, ${ownerId})
        on conflict (name) do update set label = excluded.label, closed_at = null`),

    /** True when the channel was open. */
    close: async (name: ChannelName, now: Date) => {
      const result = await db.query(sql.type(NoRow)`
        update outreach_channels set closed_at = ${now.toISOString()} where name = ${name} and closed_at is null`);
      return result.rowCount > 0;
    },
  };
}
