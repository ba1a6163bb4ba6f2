-- A post's synchronous cost in fewer round trips (issue 27, item 2; bench/README.md "Where a post's
-- time goes"). Two changes, neither to a rule:

-- 1. The standing inputs (lib/standing/standing.ts) in a function. As a statement with four
--    subqueries it was planned anew on every post (0.28 ms of planning against 0.06 ms of execution,
--    measured with pg_stat_statements); PL/pgSQL keeps its plan for the connection.
create function standing__inputs(p_account uuid,
  out karma int, out accepted_deliveries int, out published_works int,
  out decision text, out decision_reason text, out decided_at timestamptz)
language plpgsql stable as $$
begin
  select
    coalesce((select t.ranked_karma from karma_totals t where t.account_id = p_account), 0),
    (select count(*)::int from karma_events k where k.account_id = p_account and k.reason = 'accepted_delivery'),
    (select count(*)::int from pub_items i where i.author_id = p_account and i.published_revision_id is not null),
    d.decision, d.reason, d.decided_at
  into karma, accepted_deliveries, published_works, decision, decision_reason, decided_at
  from (select 1) one left join account_standing_decisions d on d.account_id = p_account;
end $$;

-- 2. Write, commit, then position, in one CALL. A post outside a transaction of the caller's was two
--    round trips (posts__write, then posts__position after its commit), each a pool checkout; a
--    procedure may commit between them (transaction control in CALL, from the top level only: a
--    caller inside a transaction block gets an error, and writes with posts__write then runs the
--    pass itself, lib/board/posting.ts). The write's transaction commits as posts__write says
--    (without waiting for its flush; the pass's synchronous commit makes it durable before anyone
--    reads it); the pass runs in a fresh read-committed transaction that has written nothing, as
--    sequencer_take requires; when another pass is running, seq is null and the caller asks
--    posts__position itself (migration 000080 gives it `wait`). post_id null: refused, with topic_known and the count saying why, and
--    nothing written. An error in the pass leaves the post committed without a position until the
--    next pass or the sweep, as an error between the two calls did.
create procedure posts__post(p_author uuid, p_root uuid, p_reply_to uuid, p_topic text, p_title text, p_prefix text, p_body text,
  p_at timestamptz, p_mentions text[], p_quota_since timestamptz, p_quota_limit int,
  inout post_id uuid default null, inout topic_known boolean default null, inout quota_count int default null,
  inout quota_oldest timestamptz default null, inout seq bigint default null, inout at timestamptz default null)
language plpgsql as $$
begin
  select w.post_id, w.topic_known, w.quota_count, w.quota_oldest into post_id, topic_known, quota_count, quota_oldest
  from posts__write(p_author, p_root, p_reply_to, p_topic, p_title, p_prefix, p_body, p_at, p_mentions, p_quota_since, p_quota_limit) w;
  if post_id is null then
    return;
  end if;
  commit;
  select p.seq, p.at into seq, at from posts__position(post_id, false) p;
end $$;
