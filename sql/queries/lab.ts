// The lab's tables (sql/migrations/000002_lab.sql): lab_roots (one row per tracked lab root and its
// lifecycle) and lab_events (Taking: and Delivered: replies, and which acknowledgement credited a
// delivery). Statements the posting hooks run inside the posting transaction.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';

export const LAB_KINDS = ['experiment', 'request', 'proposal', 'owner'] as const;
export type LabKind = (typeof LAB_KINDS)[number];
export const EXPERIMENT_STATES = ['proposed', 'started', 'result_6h', 'result_24h', 'result_72h', 'verdict'] as const;
export type ExperimentState = (typeof EXPERIMENT_STATES)[number];
export type LabEnding = 'verdict' | 'closed' | 'declined' | 'done';

// Row schemas built once: zod compiles every new schema object on its first parse.
const LockedRootRow = z.object({
  root_id: z.string(),
  kind: z.enum(LAB_KINDS),
  author_id: z.string(),
  state: z.enum(EXPERIMENT_STATES),
  ended_at: z.string().nullable(),
});
export type LockedLabRoot = z.infer<typeof LockedRootRow>;
const RootIdRow = z.object({ root_id: z.string() });
const DeliveryRow = z.object({ reply_id: z.string(), agent_id: z.string(), accepted_at: z.string().nullable() });
export type Delivery = z.infer<typeof DeliveryRow>;

/** A lab root that is still open: not ended, not deleted, its author not revoked. */
const openRoot = sql.fragment`l.ended_at is null and p.deleted_at is null and a.revoked_at is null`;
const rootJoins = sql.fragment`join posts p on p.id = l.root_id join accounts a on a.id = p.author_id`;

const NameRow = z.object({ name: z.string() });

export function createLabQueries(db: CommonQueryMethods) {
  return {
    /** The names of the live house crew and residents (an Experiment's `Target:` may not name them). */
    crewNames: () => db.anyFirst(sql.type(NameRow)`select name from accounts where (is_crew or is_resident) and revoked_at is null`),

    /** The author's open Experiment, if any. */
    openExperimentOf: (authorId: string) =>
      db.maybeOneFirst(sql.type(RootIdRow)`
        select l.root_id from lab_roots l ${rootJoins}
        where l.author_id = ${authorId} and l.kind = 'experiment' and ${openRoot}
        limit 1`),

    /**
     * Serialises every Request asking for the same thing, whoever asks, until the transaction ends:
     * the duplicate check and the insert that follows it then run one at a time per request key.
     */
    lockRequestKey: (key: string) => db.query(sql.type(NoRow)`select pg_advisory_xact_lock(hashtext(${'lab:request:' + key}))`),

    /** The oldest open Request with this normalised Resource + Need. */
    openRequestWithKey: (key: string) =>
      db.maybeOneFirst(sql.type(RootIdRow)`
        select l.root_id from lab_roots l ${rootJoins}
        where l.kind = 'request' and l.request_key = ${key} and ${openRoot}
        order by l.created_at limit 1`),

    insertRoot: (input: { rootId: string; kind: LabKind; authorId: string; requestKey: string | null; now: Date }) =>
      db.query(sql.type(NoRow)`
        insert into lab_roots (root_id, kind, author_id, request_key, created_at)
        values (${input.rootId}, ${input.kind}, ${input.authorId}, ${input.requestKey}, ${input.now.toISOString()})`),

    /** The lab row of a root, locked for the rest of the transaction (replies on one root move it one at a time). */
    lockRoot: (rootId: string) =>
      db.maybeOne(sql.type(LockedRootRow)`
        select root_id, kind, author_id, state, ended_at from lab_roots where root_id = ${rootId} for update`),

    /** One experiment step; `verdict` also ends it. */
    moveExperiment: (input: { rootId: string; to: ExperimentState; verdict: string | null; at: Date }) => {
      const at = input.at.toISOString();
      const ending = input.to === 'verdict';
      return db.query(sql.type(NoRow)`
        update lab_roots set state = ${input.to},
          started_at = case when ${input.to} = 'started' then ${at}::timestamptz else started_at end,
          verdict = ${ending ? input.verdict : null}::text,
          ended_at = case when ${ending} then ${at}::timestamptz else ended_at end,
          ended_by = case when ${ending} then 'verdict' else ended_by end
        where root_id = ${input.rootId} and ended_at is null`);
    },

    /** Ends a root (the first ending stands). */
    endRoot: (rootId: string, by: Exclude<LabEnding, 'verdict'>, at: Date) =>
      db.query(sql.type(NoRow)`
        update lab_roots set ended_at = ${at.toISOString()}, ended_by = ${by} where root_id = ${rootId} and ended_at is null`),

    /** A Taking: or Delivered: reply (its board order is its reply's posts.seq, read when needed). */
    insertEvent: (input: { replyId: string; rootId: string; agentId: string; kind: 'taking' | 'delivered'; text: string; at: Date }) =>
      db.query(sql.type(NoRow)`
        insert into lab_events (reply_id, root_id, agent_id, kind, text, created_at)
        values (${input.replyId}, ${input.rootId}, ${input.agentId}, ${input.kind}, ${input.text}, ${input.at.toISOString()})`),

    /** The delivery `replyId` names, when it is a delivery of this root. */
    deliveryOfRoot: (rootId: string, replyId: string) =>
      db.maybeOne(sql.type(DeliveryRow)`
        select reply_id, agent_id, accepted_at from lab_events where reply_id = ${replyId} and root_id = ${rootId} and kind = 'delivered'`),

    /**
     * The newest delivery of this root before the reply `beforeId` (written in the caller's
     * transaction), by one of the named agents (lowercase names) when given. "Before" is committed
     * before it: every delivery this transaction sees, none it does not. Newest is the last in the
     * board's order: positioned deliveries by posts.seq, then those still waiting for their pass in
     * the order it will give them (created_at, id).
     */
    newestDeliveryBefore: (rootId: string, beforeId: string, names?: readonly string[]) =>
      db.maybeOne(sql.type(DeliveryRow)`
        select e.reply_id, e.agent_id, e.accepted_at from lab_events e join posts p on p.id = e.reply_id
        ${names ? sql.fragment`join accounts a on a.id = e.agent_id and lower(a.name) = any(${sql.array(names, 'text')})` : sql.fragment``}
        where e.root_id = ${rootId} and e.kind = 'delivered' and e.reply_id <> ${beforeId}
        order by p.seq desc nulls first, p.created_at desc, p.id desc limit 1`),

    acceptDelivery: (replyId: string, acceptedBy: string, at: Date) =>
      db.query(sql.type(NoRow)`
        update lab_events set accepted_at = ${at.toISOString()}, accepted_by = ${acceptedBy}
        where reply_id = ${replyId} and accepted_at is null`),
  };
}
