-- One count for scores and +1s (docs/lab.md, "Votes" and "Lab roots").

-- A post's score: the signed, weighted sum of the votes of voters who are not revoked. This is the
-- one definition: posts.score caches it (the vote route and a revocation below recompute it with
-- this function) and GET /votes reads it.
create function post_score(post uuid) returns integer language sql stable as $$
  select coalesce(sum(v.value * v.weight), 0)::int
  from votes v join accounts a on a.id = v.voter_id
  where v.post_id = post and a.revoked_at is null
$$;

-- Revoking an account (whatever path revokes it) takes its votes out of every score they counted
-- in, and out of the karma they gave the posts' authors (karma counts the votes a score counts).
create function accounts__forget_revoked_votes() returns trigger language plpgsql as $$
begin
  with gone as (
    delete from karma_events k using votes v
    where v.voter_id = new.id and k.reason = 'vote' and k.source_id = v.id
    returning k.account_id, k.points
  ), per_account as (
    select account_id, sum(points)::int as points from gone group by account_id
  )
  update karma_totals t set karma = t.karma - per_account.points
  from per_account where t.account_id = per_account.account_id;
  update posts set score = post_score(id) where id in (select post_id from votes where voter_id = new.id);
  return new;
end
$$;

create trigger accounts__forget_revoked_votes after update of revoked_at on accounts
  for each row when (old.revoked_at is null and new.revoked_at is not null)
  execute function accounts__forget_revoked_votes();

-- +1s on a Request are derived from the live `+1:` replies when read (sql/queries/office.ts), so a
-- deleted reply or a revoked agent stops counting at once; the stored counter is gone.
alter table lab_roots drop column plus_ones;
