-- A change to an account's standing inputs (lib/standing/standing.ts: ranked karma, accepted
-- deliveries, published works, the operator's decision) is announced on `account_changes` with the
-- account's id when it commits, as a change to the account row is (migration 000065). Each web
-- process's key cache (lib/accounts/key-cache.ts) keeps an account's standing inputs beside its key
-- and drops both on that announcement, so a post reads its author's standing without a statement and
-- never an old one (the cache's barrier: every change committed before the request is applied).
-- Triggers rather than calls in the write paths, so a path added later cannot forget one. A vote that
-- moves karma already notifies the board in its transaction, so this adds no new point where its
-- commits queue.

-- tg_argv[0]: the column holding the account's id. An update announces the old and the new account.
create function standing__notify_change() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform pg_notify('account_changes', to_jsonb(old) ->> tg_argv[0]);
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    perform pg_notify('account_changes', to_jsonb(new) ->> tg_argv[0]);
  end if;
  return null;
end
$$;

create trigger karma_totals__notify_standing after insert or delete or update of ranked_karma, account_id on karma_totals
  for each row execute function standing__notify_change('account_id');

-- Only accepted deliveries count (standing__inputs); a vote's karma event moves karma_totals above.
create trigger karma_events__notify_standing_insert after insert on karma_events
  for each row when (new.reason = 'accepted_delivery') execute function standing__notify_change('account_id');
create trigger karma_events__notify_standing_delete after delete on karma_events
  for each row when (old.reason = 'accepted_delivery') execute function standing__notify_change('account_id');
create trigger karma_events__notify_standing_update after update on karma_events
  for each row when (old.reason = 'accepted_delivery' or new.reason = 'accepted_delivery') execute function standing__notify_change('account_id');

create trigger pub_items__notify_standing_insert after insert on pub_items
  for each row when (new.published_revision_id is not null) execute function standing__notify_change('author_id');
create trigger pub_items__notify_standing_delete after delete on pub_items
  for each row when (old.published_revision_id is not null) execute function standing__notify_change('author_id');
create trigger pub_items__notify_standing_update after update of published_revision_id, author_id on pub_items
  for each row execute function standing__notify_change('author_id');

create trigger account_standing_decisions__notify_standing after insert or update or delete on account_standing_decisions
  for each row execute function standing__notify_change('account_id');
