-- Writers waiting for a sequencer pass wait together, not one after another (issue 27, item 2).
-- `<feed>__position(wanted)` waited for the running pass by taking the sequence's exclusive lock:
-- when the pass ended, its waiters took the lock one at a time, each only to find its row already
-- positioned (a convoy: one lock hand-off, one wake-up and one short transaction each, in turn).
-- bench/board-post-cost.ts measured 0.2 exclusive takes per post under 64 writers (13 % of writers
-- waited for a running pass, 3 % ran one); the hand-offs grow with the writers who meet a pass.
--
-- Now a writer whose row has no position tries the lock without queueing. If it gets it, it runs the
-- pass (which positions its row and every other committed one). If a pass is running, it waits for
-- that pass's end in shared mode (a session lock taken and released at once), so every waiter of
-- that pass wakes together, and looks again. Numbering is unchanged: passes still run one at a time
-- under the exclusive lock, each reading with a snapshot taken after the lock. A pass that starts
-- after a writer's commit positions its row: the pass it first meets may have started before that
-- commit, the next one cannot, so two waits are normally enough; after three the writer queues for
-- the lock as before, so nothing can keep it waiting forever.

-- Begins a pass as 000050's sequencer_take did (the same refusals, then the lock, then the head read
-- after it); with `wait => false` it answers null at once instead of waiting when a pass is running.
-- The old one-argument function is replaced, not overloaded; every caller is regenerated below.
drop function sequencer_take(text);
create function sequencer_take(feed text, wait boolean default true) returns feed_heads
language plpgsql as $$
declare
  head feed_heads;
begin
  if pg_current_xact_id_if_assigned() is not null then
    raise exception 'a % sequencer pass must run in its own transaction, after the rows it positions committed', feed;
  end if;
  if current_setting('transaction_isolation') <> 'read committed' then
    raise exception 'a % sequencer pass needs read committed isolation', feed;
  end if;
  if wait then
    perform pg_advisory_xact_lock(7341050, hashtext(feed));
  elsif not pg_try_advisory_xact_lock(7341050, hashtext(feed)) then
    return null;
  end if;
  select * into strict head from feed_heads h where h.name = feed;
  return head;
end $$;

-- Returns once the pass running on `feed` (if any) has ended; waiters of one pass wake together.
create function sequencer_await(feed text) returns void
language plpgsql as $$
begin
  perform pg_advisory_lock_shared(7341050, hashtext(feed));
  perform pg_advisory_unlock_shared(7341050, hashtext(feed));
end $$;

-- `<feed>__position` as 000050 defined it, but waiting as above. sequencer_define now creates the
-- head and the pending index (idempotently) and calls this; this migration calls it for every
-- sequence with the arguments 000050 gave them.
create function sequencer_define_position(feed text, tbl text, time_column text, tiebreak text default 'id', after_pass text default null) returns void
language plpgsql as $define$
begin
  execute format($function$
    create or replace function %1$I(wanted uuid default null) returns table (seq bigint, at timestamptz)
    language plpgsql as $body$
    #variable_conflict use_column
    declare
      head feed_heads;
      top_seq bigint;
      top_at timestamptz;
      waits int := 0;
    begin
      if wanted is null then
        head := sequencer_take(%4$L);
      else
        loop
          return query select r.seq, r.%3$I from %2$I r where r.id = wanted and r.seq is not null;
          if found then
            return;
          end if;
          if waits >= 3 then
            head := sequencer_take(%4$L);
            exit;
          end if;
          head := sequencer_take(%4$L, false);
          exit when head.name is not null;
          perform sequencer_await(%4$L);
          waits := waits + 1;
        end loop;
        -- Under the lock: a pass that ended between the look and the lock may have positioned it.
        return query select r.seq, r.%3$I from %2$I r where r.id = wanted and r.seq is not null;
        if found then
          return;
        end if;
      end if;
      with pending as (
        select r.id, r.%3$I as at, row_number() over (order by r.%3$I, r.%5$I) as n
        from %2$I r where r.seq is null and r.%3$I is not null
      ), moved as (
        update %2$I r set seq = head.seq + pending.n, %3$I = greatest(pending.at, head.at)
        from pending where r.id = pending.id
        returning r.seq, r.%3$I as at
      )
      select max(m.seq), max(m.at) into top_seq, top_at from moved m;
      perform sequencer_advance(head, top_seq, top_at);
      if top_seq is not null then
        %6$s
      end if;
      if wanted is not null then
        return query select r.seq, r.%3$I from %2$I r where r.id = wanted;
      end if;
    end $body$
  $function$, feed || '__position', tbl, time_column, feed, tiebreak, coalesce(after_pass, 'null;'));
end $define$;

create or replace function sequencer_define(feed text, tbl text, time_column text, tiebreak text default 'id', after_pass text default null) returns void
language plpgsql as $define$
begin
  insert into feed_heads (name) values (feed) on conflict (name) do nothing;
  execute format('update feed_heads set seq = (select coalesce(max(seq), 0) from %1$I), at = (select coalesce(max(%2$I), ''-infinity'') from %1$I) where name = %3$L',
    tbl, time_column, feed);
  execute format('create index if not exists %1$I on %2$I (%3$I, %4$I) where seq is null', tbl || '__pending', tbl, time_column, tiebreak);
  perform sequencer_define_position(feed, tbl, time_column, tiebreak, after_pass);
end $define$;

select sequencer_define_position('posts', 'posts', 'created_at', 'id',
  $$if not exists (select 1 from graphile_worker.jobs j where j.key = 'post_search__index' and j.locked_at is null) then
      perform graphile_worker.add_job('post_search__index', job_key => 'post_search__index');
    end if;$$);
select sequencer_define_position('b', 'b_posts', 'created_at');
select sequencer_define_position('mirror', 'mirror_posts', 'normalized_at', 'intake');
select sequencer_define_position('pub_events', 'pub_events', 'created_at');
select sequencer_define_position('pub_comments', 'pub_comments', 'created_at');
