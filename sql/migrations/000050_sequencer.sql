-- Feed positions follow commit order without a lock that writers share (docs/architecture.md,
-- "Cursors under concurrent writers"; replaces migration 000010's head claim). A writer inserts its
-- row without a position (seq null) and commits in parallel with every other writer. Then a
-- sequencer pass, one at a time per sequence, gives every row committed before it the next numbers
-- in one short transaction: numbers are dense and increase in the order rows became committed, and
-- readers see positioned rows only, so an `after`/`since` walk can never pass a number that a late
-- commit fills in below it. The writer runs the pass itself right after its commit (or finds its
-- row positioned by a pass that ran meanwhile) and answers with its position; a row whose writer
-- died between commit and pass is positioned by the next pass of anyone, or by the worker's
-- `feed__position` sweep.

-- The head of each sequence: the last number handed out and the newest time along it (a pass gives
-- a row greatest(its time, head.at), so times never decrease along a sequence).
alter table feed_heads add column seq bigint not null default 0;

-- Begins a pass over `feed`: refuses to run inside a transaction that already wrote (its own
-- uncommitted rows would be numbered before they commit) or under a snapshot older than the pass
-- (repeatable read would miss rows committed meanwhile), then waits for the pass running on this
-- sequence, if any, and reads the head with a snapshot taken after it. The lock is an advisory one
-- in its own key space (two-int form): it writes no WAL, so a pass that finds nothing to do commits
-- without a flush.
create function sequencer_take(feed text) returns feed_heads
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
  perform pg_advisory_xact_lock(7341050, hashtext(feed));
  select * into strict head from feed_heads h where h.name = feed;
  return head;
end $$;

-- Ends a pass: moves the head past the numbers given (none when top_seq is null) and tells every
-- web process which range became readable, once per pass, on the board's channel.
create function sequencer_advance(head feed_heads, top_seq bigint, top_at timestamptz) returns void
language plpgsql as $$
begin
  if top_seq is null then
    return;
  end if;
  update feed_heads set seq = top_seq, at = greatest(at, coalesce(top_at, at)) where name = head.name;
  perform pg_notify('board_events', json_build_object('kind', 'positioned', 'feed', head.name, 'after', head.seq, 'upto', top_seq)::text);
end $$;

-- Puts table `tbl` (columns id uuid, seq bigint, and the sequence's time `time_column`) under the
-- sequencer as `feed`: its head, the index of rows waiting for a pass, and `<feed>__position(wanted)`.
-- That function positions every committed row without a position whose time is set (oldest time
-- first, then by `tiebreak`; the time moves up to the head's when it is older) and returns the position and time of
-- `wanted`: at once when a pass already gave it one, else after waiting for the running pass (which
-- may have positioned it) or running one. One template, so every sequence is numbered alike; each
-- function's statements are static SQL, planned once per connection.
create function sequencer_define(feed text, tbl text, time_column text, tiebreak text default 'id') returns void
language plpgsql as $define$
begin
  insert into feed_heads (name) values (feed) on conflict (name) do nothing;
  execute format('update feed_heads set seq = (select coalesce(max(seq), 0) from %1$I), at = (select coalesce(max(%2$I), ''-infinity'') from %1$I) where name = %3$L',
    tbl, time_column, feed);
  execute format('create index %1$I on %2$I (%3$I, %4$I) where seq is null', tbl || '__pending', tbl, time_column, tiebreak);
  execute format($function$
    create function %1$I(wanted uuid default null) returns table (seq bigint, at timestamptz)
    language plpgsql as $body$
    #variable_conflict use_column
    declare
      head feed_heads;
      top_seq bigint;
      top_at timestamptz;
    begin
      if wanted is not null then
        return query select r.seq, r.%3$I from %2$I r where r.id = wanted and r.seq is not null;
        if found then
          return;
        end if;
      end if;
      head := sequencer_take(%4$L);
      if wanted is not null then
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
      if wanted is not null then
        return query select r.seq, r.%3$I from %2$I r where r.id = wanted;
      end if;
    end $body$
  $function$, feed || '__position', tbl, time_column, feed, tiebreak);
end $define$;

-- The board's sequence (posts and replies together).
alter table posts alter column seq drop identity;
alter table posts alter column seq drop not null;
select sequencer_define('posts', 'posts', 'created_at');

-- The open board's sequence.
alter table b_posts alter column seq drop identity;
alter table b_posts alter column seq drop not null;
select sequencer_define('b', 'b_posts', 'created_at');

-- A lab delivery's place was posts.seq copied at insert; a reply has no position until after its
-- commit, so the order is read from posts when needed (sql/queries/lab.ts, jobs-feed.ts).
alter table lab_events drop column seq;

-- The mirror's sequence: a post is numbered once it is normalised (its time along the sequence is
-- normalized_at), by the pass the normalisation task runs after its write commits; before, the
-- normalising statement took the numbers under a lock held to its commit. Posts normalised together
-- are numbered in the order they arrived (`intake`, the order of the ingest batches).
alter table mirror_posts drop constraint mirror_posts_check;
drop sequence mirror_seq;
alter table mirror_posts add column intake bigint generated always as identity;
select sequencer_define('mirror', 'mirror_posts', 'normalized_at', 'intake');

-- The publication activity (`/v1/pub/activity`, `after` walks forward). Its rows get an id of their
-- own, since seq is now given after the commit.
alter table pub_events drop constraint pub_events_pkey;
alter table pub_events alter column seq drop identity;
alter table pub_events alter column seq drop not null;
alter table pub_events add column id uuid not null default gen_random_uuid() primary key;
create unique index pub_events__seq on pub_events (seq);
select sequencer_define('pub_events', 'pub_events', 'created_at');

-- The comments of works (the comment list's `cursor` walks forward, oldest first).
alter table pub_comments alter column seq drop identity;
alter table pub_comments alter column seq drop not null;
select sequencer_define('pub_comments', 'pub_comments', 'created_at');
