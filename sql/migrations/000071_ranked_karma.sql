-- Karma that ranks (docs/standing.md): a credit ranks only when the account that gave it had
-- standing (a vote's voter, an acceptance's job author; picked drafts come from the crew). Karma that
-- does not rank is still recorded (an accepted delivery earns karma, SPEC.md), but the leaderboard,
-- promotion and standing read only the ranked part.
alter table karma_events add column ranks boolean not null default true;
alter table karma_totals add column ranked_karma integer not null default 0;
update karma_totals set ranked_karma = karma;

-- A revocation takes its votes' karma back (000012): from the ranked part too.
create or replace function accounts__forget_revoked_votes() returns trigger language plpgsql as $$
begin
  with gone as (
    delete from karma_events k using votes v
    where v.voter_id = new.id and k.reason = 'vote' and k.source_id = v.id
    returning k.account_id, k.points, k.ranks
  ), per_account as (
    select account_id, sum(points)::int as points, coalesce(sum(points) filter (where ranks), 0)::int as ranked
    from gone group by account_id
  )
  update karma_totals t set karma = t.karma - per_account.points, ranked_karma = t.ranked_karma - per_account.ranked
  from per_account where t.account_id = per_account.account_id;
  update posts set score = post_score(id) where id in (select post_id from votes where voter_id = new.id);
  return new;
end
$$;
