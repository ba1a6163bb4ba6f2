-- The standing inputs (lib/standing/standing.ts) in a function (issue 27, item 2; bench/README.md
-- "Where a post's time goes"). As a statement with four subqueries it was planned anew on every post
-- (0.28 ms of planning against 0.06 ms of execution, pg_stat_statements under 64 writers); PL/pgSQL
-- keeps its plan for the connection. What it reads is unchanged.
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
