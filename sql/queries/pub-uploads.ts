// Upload sessions with their parts, and private preview tokens (migration 000015).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';

export const PubUploadRow = z.object({
  id: z.string().uuid(),
  account_id: z.string().uuid(),
  kind: z.enum(['post', 'revision', 'comment']),
  target_id: z.string().uuid().nullable(),
  expected_hash: z.string(),
  expected_bytes: z.number().int(),
  created_at: z.string(),
  expires_at: z.string(),
  committed_at: z.string().nullable(),
  result: z.unknown().nullable(),
  bytes_written: z.number(),
});
export type PubUpload = z.infer<typeof PubUploadRow>;
const PartRow = z.object({ part_number: z.number().int(), data: z.instanceof(Buffer) });
const PartSizeRow = z.object({ part_number: z.number().int(), bytes: z.number().int() });
export const PreviewRow = z.object({ revision_id: z.string().uuid(), account_id: z.string().uuid(), created_at: z.string(), expires_at: z.string() });

const OpenRow = z.object({ expires_at: z.string(), expected_bytes: z.number().int() });
const LivePreviewRow = z.object({ revision_id: z.string().uuid(), expires_at: z.string() });

const columns = sql.fragment`id, account_id, kind, target_id, expected_hash, expected_bytes, created_at, expires_at, committed_at, result, bytes_written::float8 as bytes_written`;

export function createPubUploadsQueries(db: CommonQueryMethods) {
  return {
    insert: (input: {
      accountId: string;
      network: string;
      kind: string;
      targetId: string | null;
      expectedHash: string;
      expectedBytes: number;
      now: Date;
      expiresAt: Date;
    }) =>
      db.one(sql.type(PubUploadRow)`
        insert into pub_uploads (account_id, network, kind, target_id, expected_hash, expected_bytes, created_at, expires_at)
        values (${input.accountId}, ${input.network}, ${input.kind}, ${input.targetId}, ${input.expectedHash}, ${input.expectedBytes}, ${input.now.toISOString()}, ${input.expiresAt.toISOString()})
        returning ${columns}`),

    /** Serialises upload starts of one account and of one network (always in this order, so two starts never wait on each other in a cycle). */
    lockStarts: async (accountId: string, network: string) => {
      await db.query(sql.type(NoRow)`select pg_advisory_xact_lock(hashtext(${'pub:uploads:a:' + accountId}))`);
      await db.query(sql.type(NoRow)`select pg_advisory_xact_lock(hashtext(${'pub:uploads:n:' + network}))`);
    },

    /** Expired uploads of this account or network go before counting: what the quota counts is what is stored. */
    pruneExpiredOf: (accountId: string, network: string, now: Date) =>
      db.query(sql.type(NoRow)`delete from pub_uploads where (account_id = ${accountId} or network = ${network}) and expires_at <= ${now.toISOString()}`),

    /** Open (uncommitted, unexpired) uploads of an account or of a network, the soonest to expire first. */
    open: (scope: { accountId: string } | { network: string }, now: Date) =>
      db.any(sql.type(OpenRow)`
        select expires_at, expected_bytes from pub_uploads
        where ${'accountId' in scope ? sql.fragment`account_id = ${scope.accountId}` : sql.fragment`network = ${scope.network}`}
          and committed_at is null and expires_at > ${now.toISOString()}
        order by expires_at`),

    addWritten: (id: string, bytes: number) => db.query(sql.type(NoRow)`update pub_uploads set bytes_written = bytes_written + ${bytes} where id = ${id}`),

    upload: (id: string, lock = false) =>
      db.maybeOne(sql.type(PubUploadRow)`select ${columns} from pub_uploads where id = ${id} ${lock ? sql.fragment`for update` : sql.fragment``}`),

    partSizes: (uploadId: string) =>
      db.any(
        sql.type(PartSizeRow)`select part_number, octet_length(data)::int as bytes from pub_upload_parts where upload_id = ${uploadId} order by part_number`,
      ),

    parts: (uploadId: string) => db.any(sql.type(PartRow)`select part_number, data from pub_upload_parts where upload_id = ${uploadId} order by part_number`),

    putPart: (uploadId: string, partNumber: number, data: Buffer) =>
      db.query(sql.type(NoRow)`
        insert into pub_upload_parts (upload_id, part_number, data) values (${uploadId}, ${partNumber}, ${sql.binary(data)})
        on conflict (upload_id, part_number) do update set data = excluded.data`),

    commit: (id: string, result: unknown, now: Date) =>
      // The first commit's result stays: a concurrent commit of the same upload replays the same work.
      db.query(
        sql.type(
          NoRow,
        )`update pub_uploads set committed_at = ${now.toISOString()}, result = ${sql.jsonb(result as never)} where id = ${id} and committed_at is null`,
      ),

    dropParts: (id: string) => db.query(sql.type(NoRow)`delete from pub_upload_parts where upload_id = ${id}`),

    pruneExpired: (now: Date) => db.query(sql.type(NoRow)`delete from pub_uploads where expires_at < ${now.toISOString()}`),

    insertPreview: (input: { tokenHash: Buffer; revisionId: string; accountId: string; now: Date; expiresAt: Date }) =>
      db.query(sql.type(NoRow)`
        insert into pub_previews (token_hash, revision_id, account_id, created_at, expires_at)
        values (${sql.binary(input.tokenHash)}, ${input.revisionId}, ${input.accountId}, ${input.now.toISOString()}, ${input.expiresAt.toISOString()})`),

    preview: (tokenHash: Buffer) =>
      db.maybeOne(sql.type(PreviewRow)`select revision_id, account_id, created_at, expires_at from pub_previews where token_hash = ${sql.binary(tokenHash)}`),

    prunePreviews: (now: Date) => db.query(sql.type(NoRow)`delete from pub_previews where expires_at < ${now.toISOString()}`),

    /** Serialises preview creation of one account (its revisions are its own, so this covers both bounds). */
    lockPreviews: (accountId: string) => db.query(sql.type(NoRow)`select pg_advisory_xact_lock(hashtext(${'pub:previews:a:' + accountId}))`),

    pruneAccountPreviews: (accountId: string, now: Date) =>
      db.query(sql.type(NoRow)`delete from pub_previews where account_id = ${accountId} and expires_at <= ${now.toISOString()}`),

    /** The account's live previews, the soonest to expire first. */
    livePreviews: (accountId: string, now: Date) =>
      db.any(
        sql.type(
          LivePreviewRow,
        )`select revision_id, expires_at from pub_previews where account_id = ${accountId} and expires_at > ${now.toISOString()} order by expires_at`,
      ),
  };
}
