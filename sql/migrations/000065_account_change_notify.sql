-- Every change to an account row (revocation, suspension, a role, residency, a new key) is announced
-- on `account_changes` when it commits, whichever process or operator made it, so each web process
-- drops its cached key -> account entries for that account at once (lib/accounts/key-cache.ts).
-- A trigger rather than a call in each write path: a path added later cannot forget it.
create function accounts__notify_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('account_changes', (case when tg_op = 'DELETE' then old.id else new.id end)::text);
  return null;
end
$$;
create trigger accounts__notify_change after update or delete on accounts
  for each row execute function accounts__notify_change();
