// Score snapshots (one per 300 s slot) and the scorekeeper's numbered scorecards.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { IdRow, NoRow } from '../rows.ts';

const num = z.number().nullable();
const int = z.number().int().nullable();

export const SnapshotRow = z.object({
  id: z.number().int(),
  slot: z.string(),
  taken_at: z.string(),
  mint: z.string().nullable(),
  price_usd: num,
  market_cap_usd: num,
  fdv_usd: num,
  volume_1h_usd: num,
  volume_6h_usd: num,
  volume_24h_usd: num,
  buys_1h: int,
  sells_1h: int,
  buys_6h: int,
  sells_6h: int,
  buys_24h: int,
  sells_24h: int,
  change_1h_pct: num,
  change_6h_pct: num,
  change_24h_pct: num,
  liquidity_usd: num,
  market_stale: z.boolean(),
  market_error: z.string().nullable(),
  market_source: z.string().nullable(),
  burned_tokens: num,
  burned_stale: z.boolean(),
  burned_error: z.string().nullable(),
  burned_source: z.string().nullable(),
  buyback_spent_usd: num,
  buyback_stale: z.boolean(),
  buyback_error: z.string().nullable(),
  buyback_source: z.string().nullable(),
});
export type Snapshot = z.infer<typeof SnapshotRow>;
export type NewSnapshot = Omit<Snapshot, 'id'>;

const columns = sql.fragment`id, slot, taken_at, mint, price_usd, market_cap_usd, fdv_usd, volume_1h_usd, volume_6h_usd, volume_24h_usd,
  buys_1h, sells_1h, buys_6h, sells_6h, buys_24h, sells_24h, change_1h_pct, change_6h_pct, change_24h_pct, liquidity_usd,
  market_stale, market_error, market_source, burned_tokens, burned_stale, burned_error, burned_source,
  buyback_spent_usd, buyback_stale, buyback_error, buyback_source`;

export const ScorecardRow = z.object({
  n: z.number().int(),
  window_start: z.string(),
  window_end: z.string(),
  title: z.string(),
  body: z.string(),
  post_id: z.string().uuid().nullable(),
  created_at: z.string(),
  posted_at: z.string().nullable(),
});
export type Scorecard = z.infer<typeof ScorecardRow>;

// Row schemas built once: zod compiles every new schema object on its first parse.
const NextNumberRow = z.object({ n: z.number().int() });
const LatestPostedRow = ScorecardRow.extend({ live: z.boolean() });
const WindowMeasuresRow = z.object({
  experiments_started: z.number().int(),
  win: z.number().int(),
  fail: z.number().int(),
  inconclusive: z.number().int(),
  deliveries_accepted: z.number().int(),
  show_roots: z.number().int(),
  show_published: z.number().int(),
  emails_sent: z.number().int(),
  replies_received: z.number().int(),
});
export type WindowMeasures = z.infer<typeof WindowMeasuresRow>;
const ScorecardReplyRow = z.object({
  id: z.string().uuid(),
  root_id: z.string().uuid(),
  n: z.number().int(),
  author_name: z.string(),
  author_crew: z.boolean(),
  body: z.string(),
  created_at: z.string(),
});

export function createScoreQueries(db: CommonQueryMethods) {
  return {
    /** One snapshot per slot: a retry inside the same slot stores nothing new. */
    insertSnapshot: (s: NewSnapshot) =>
      db.maybeOne(sql.type(SnapshotRow)`
        insert into score_snapshots (slot, taken_at, mint, price_usd, market_cap_usd, fdv_usd, volume_1h_usd, volume_6h_usd,
          volume_24h_usd, buys_1h, sells_1h, buys_6h, sells_6h, buys_24h, sells_24h, change_1h_pct, change_6h_pct, change_24h_pct,
          liquidity_usd, market_stale, market_error, market_source, burned_tokens, burned_stale, burned_error, burned_source,
          buyback_spent_usd, buyback_stale, buyback_error, buyback_source)
        values (${s.slot}, ${s.taken_at}, ${s.mint}, ${s.price_usd}, ${s.market_cap_usd}, ${s.fdv_usd}, ${s.volume_1h_usd},
          ${s.volume_6h_usd}, ${s.volume_24h_usd}, ${s.buys_1h}, ${s.sells_1h}, ${s.buys_6h}, ${s.sells_6h}, ${s.buys_24h},
          ${s.sells_24h}, ${s.change_1h_pct}, ${s.change_6h_pct}, ${s.change_24h_pct}, ${s.liquidity_usd}, ${s.market_stale},
          ${s.market_error}, ${s.market_source}, ${s.burned_tokens}, ${s.burned_stale}, ${s.burned_error}, ${s.burned_source},
          ${s.buyback_spent_usd}, ${s.buyback_stale}, ${s.buyback_error}, ${s.buyback_source})
        on conflict (slot) do nothing
        returning ${columns}`),

    latest: () => db.maybeOne(sql.type(SnapshotRow)`select ${columns} from score_snapshots order by taken_at desc, id desc limit 1`),

    /** Snapshots with from < taken_at <= to, oldest first. */
    between: (from: Date, to: Date) =>
      db.any(sql.type(SnapshotRow)`
        select ${columns} from score_snapshots
        where taken_at > ${from.toISOString()} and taken_at <= ${to.toISOString()} order by taken_at, id`),

    prune: (before: Date) => db.query(sql.type(NoRow)`delete from score_snapshots where taken_at < ${before.toISOString()}`),

    // ---- scorecards ----

    lockScorecards: () => db.query(sql.type(NoRow)`select pg_advisory_xact_lock(hashtext('scorecards'))`),

    /** One poster of cards at a time across workers: a session lock, so call both on one connection. */
    lockPosting: () => db.query(sql.type(NoRow)`select pg_advisory_lock(hashtext('scorecards:post'))`),
    unlockPosting: () => db.query(sql.type(NoRow)`select pg_advisory_unlock(hashtext('scorecards:post'))`),

    /** The live scorekeeper account, if one is granted. */
    scorekeeperId: () => db.maybeOneFirst(sql.type(IdRow)`select id from accounts where is_scorekeeper and revoked_at is null`),

    /**
     * What the board recorded in (from, to]: experiments started and verdicts given (lab_roots of live
     * roots), deliveries accepted (in live replies), Show roots posted (live `Show:` roots) and
     * published (the reporter's records), emails sent and replies received (the outreach log).
     */
    windowMeasures: (from: Date, to: Date) => {
      const f = from.toISOString();
      const t = to.toISOString();
      return db.one(sql.type(WindowMeasuresRow)`
        with lab as (
          select count(*) filter (where l.kind = 'experiment' and l.started_at > ${f} and l.started_at <= ${t})::int as experiments_started,
                 count(*) filter (where l.ended_by = 'verdict' and l.verdict = 'win' and l.ended_at > ${f} and l.ended_at <= ${t})::int as win,
                 count(*) filter (where l.ended_by = 'verdict' and l.verdict = 'fail' and l.ended_at > ${f} and l.ended_at <= ${t})::int as fail,
                 count(*) filter (where l.ended_by = 'verdict' and l.verdict = 'inconclusive' and l.ended_at > ${f} and l.ended_at <= ${t})::int as inconclusive
          from lab_roots l join posts p on p.id = l.root_id where p.deleted_at is null
        )
        select lab.*,
          (select count(*)::int from lab_events e join posts p on p.id = e.reply_id
            where e.kind = 'delivered' and e.accepted_at > ${f} and e.accepted_at <= ${t} and p.deleted_at is null) as deliveries_accepted,
          (select count(*)::int from posts p
            where p.topic = 'svc-show' and p.root_id is null and lower(coalesce(p.prefix, '')) = 'show' and p.deleted_at is null
              and p.created_at > ${f} and p.created_at <= ${t}) as show_roots,
          (select count(*)::int from show_items where x_published_at > ${f} and x_published_at <= ${t}) as show_published,
          (select count(*)::int from outreach_messages where status = 'sent' and sent_at > ${f} and sent_at <= ${t}) as emails_sent,
          (select count(*)::int from outreach_replies where kind = 'reply' and received_at > ${f} and received_at <= ${t}) as replies_received
        from lab`);
    },

    scorecardForWindow: (windowEnd: Date) =>
      db.maybeOne(sql.type(ScorecardRow)`
        select n, window_start, window_end, title, body, post_id, created_at, posted_at from scorecards
        where window_end = ${windowEnd.toISOString()}`),

    nextNumber: () => db.oneFirst(sql.type(NextNumberRow)`select coalesce(max(n), 0) + 1 as n from scorecards`),

    reserveScorecard: (card: { n: number; windowStart: Date; windowEnd: Date; title: string; body: string; now: Date }) =>
      db.one(sql.type(ScorecardRow)`
        insert into scorecards (n, window_start, window_end, title, body, created_at)
        values (${card.n}, ${card.windowStart.toISOString()}, ${card.windowEnd.toISOString()}, ${card.title}, ${card.body}, ${card.now.toISOString()})
        returning n, window_start, window_end, title, body, post_id, created_at, posted_at`),

    unposted: () =>
      db.any(sql.type(ScorecardRow)`
        select n, window_start, window_end, title, body, post_id, created_at, posted_at from scorecards
        where post_id is null and posted_at is null order by n`),

    markPosted: (n: number, postId: string, now: Date) =>
      db.query(sql.type(NoRow)`update scorecards set post_id = ${postId}, posted_at = ${now.toISOString()} where n = ${n} and post_id is null`),

    /** A root the scorekeeper already posted under this title (a crash between post and mark). */
    postedRoot: (authorId: string, title: string) =>
      db.maybeOneFirst(sql.type(IdRow)`
        select id from posts where author_id = ${authorId} and root_id is null and topic = 'svc-1m' and title = ${title}
        order by seq limit 1`),

    latestPosted: () =>
      db.maybeOne(sql.type(LatestPostedRow)`
        select s.n, s.window_start, s.window_end, s.title, s.body, s.post_id, s.created_at, s.posted_at,
               (p.deleted_at is null) as live
        from scorecards s join posts p on p.id = s.post_id
        where p.deleted_at is null
        order by s.n desc limit 1`),

    /** Live `Retro:` or `Playbook:` replies on scorecard roots, newest first. */
    scorecardReplies: (label: 'retro' | 'playbook', options: { rootId?: string | undefined; limit: number }) =>
      db.any(sql.type(ScorecardReplyRow)`
        select p.id, p.root_id, s.n, a.name as author_name, a.is_crew as author_crew, p.body, p.created_at
        from scorecards s
        join posts r on r.id = s.post_id
        join posts p on p.root_id = r.id
        join accounts a on a.id = p.author_id
        where r.deleted_at is null and p.deleted_at is null and a.revoked_at is null and lower(coalesce(p.prefix, '')) = ${label}
          ${options.rootId ? sql.fragment`and r.id = ${options.rootId}` : sql.fragment``}
        order by p.seq desc limit ${options.limit}`),
  };
}
