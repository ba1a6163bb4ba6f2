// outreach_mailbox_checkpoints: per mailbox, the UIDVALIDITY and the last UID handled. It never
// moves backwards under one UIDVALIDITY; a new UIDVALIDITY replaces it.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';

const CheckpointRow = z.object({ uid_validity: z.string(), last_uid: z.number().int() });

export function createOutreachMailboxCheckpointsQueries(db: CommonQueryMethods) {
  return {
    /** When the mailbox was last read to its end (every poll that reached the server writes it). */
    lastRead: (mailbox: string) =>
      db.maybeOneFirst(sql.type(z.object({ updated_at: z.string() }))`
        select updated_at from outreach_mailbox_checkpoints where mailbox = ${mailbox}`),

    find: (mailbox: string) =>
      db.maybeOne(sql.type(CheckpointRow)`
        select uid_validity, last_uid from outreach_mailbox_checkpoints where mailbox = ${mailbox}`),

    save: (mailbox: string, uidValidity: string, lastUid: number, now: Date) =>
      db.query(sql.type(NoRow)`
        insert into outreach_mailbox_checkpoints (mailbox, uid_validity, last_uid, updated_at)
        values (${mailbox}, ${uidValidity}, ${lastUid}, ${now.toISOString()})
        on conflict (mailbox) do update set
          last_uid = case when outreach_mailbox_checkpoints.uid_validity = excluded.uid_validity
                          then greatest(outreach_mailbox_checkpoints.last_uid, excluded.last_uid) else excluded.last_uid end,
          uid_validity = excluded.uid_validity, updated_at = excluded.updated_at`),
  };
}
