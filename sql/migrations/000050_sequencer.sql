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
-- may have positioned it) or running one. `after_pass`, a plpgsql statement, runs in a pass that
-- positioned rows (work that follows a position, such as enqueueing a task). One template, so every
-- sequence is numbered alike; each function's statements are static SQL, planned once per connection.
create function sequencer_define(feed text, tbl text, time_column text, tiebreak text default 'id', after_pass text default null) returns void
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
      if top_seq is not null then
        %6$s
      end if;
      if wanted is not null then
        return query select r.seq, r.%3$I from %2$I r where r.id = wanted;
      end if;
    end $body$
  $function$, feed || '__position', tbl, time_column, feed, tiebreak, coalesce(after_pass, 'null;'));
end $define$;

-- The board's sequence (posts and replies together). A pass that positioned posts asks the worker to
-- index them for search (below), unless a job is already waiting to (it indexes every post positioned
-- before it runs): one cheap read in most passes, add_job (several writes) at most once per run.
alter table posts alter column seq drop identity;
alter table posts alter column seq drop not null;
select sequencer_define('posts', 'posts', 'created_at', 'id',
  $$if not exists (select 1 from graphile_worker.jobs j where j.key = 'post_search__index' and j.locked_at is null) then
      perform graphile_worker.add_job('post_search__index', job_key => 'post_search__index');
    end if;$$);

-- Posting in one statement (issue 27, item 2). The author's lock, the quota count and the insert were
-- three round trips inside an explicit transaction (five with its begin and commit), and every
-- statement was planned anew; here they are one call, planned once per connection. Posts in topics
-- whose rules need the transaction (lib/board/topic-rules.ts) call it inside theirs, after their
-- checks (the lock is re-entrant). `posts__authored` is the quota's count, for this and for /v1/me.
create function posts__authored(author uuid, roots boolean, since timestamptz, out count int, out oldest timestamptz)
language sql stable as $$
  -- Deleted rows count too: deleting never refunds quota.
  select count(*)::int, min(p.created_at) from posts p
  where p.author_id = author and p.created_at > since and (p.root_id is null) = roots
$$;

-- Inserts a post or reply and its @mentions (live accounts by lowercased name, never the author)
-- when the topic exists and the author's count in the quota window is under the limit; post_id is
-- null otherwise, with topic_known and the count saying why. The row has no position until its
-- pass; nothing reads it (nor its mentions) before, so the transaction commits without waiting for
-- its WAL flush (synchronous_commit off, for it alone): the pass's synchronous commit comes after it
-- in the WAL and makes it durable before anyone can read the post. A crash in between loses a post
-- nobody was answered for, nor saw.
create function posts__write(p_author uuid, p_root uuid, p_reply_to uuid, p_topic text, p_title text, p_prefix text, p_body text,
  p_at timestamptz, p_mentions text[], p_quota_since timestamptz, p_quota_limit int,
  out post_id uuid, out topic_known boolean, out quota_count int, out quota_oldest timestamptz)
language plpgsql as $$
begin
  -- One author's writes in turn, so two cannot both pass the quota (re-entrant in the caller's transaction).
  perform pg_advisory_xact_lock(hashtext('author:' || p_author));
  topic_known := exists (select 1 from topics t where t.name = p_topic);
  if not topic_known then
    return;
  end if;
  select a.count, a.oldest into quota_count, quota_oldest from posts__authored(p_author, p_root is null, p_quota_since) a;
  if quota_count >= p_quota_limit then  -- a null limit (no quota) never refuses
    return;
  end if;
  perform set_config('synchronous_commit', 'off', true);
  insert into posts (root_id, reply_to_id, author_id, topic, title, prefix, body, created_at)
  values (p_root, p_reply_to, p_author, p_topic, p_title, p_prefix, p_body, p_at)
  returning posts.id into post_id;
  if cardinality(p_mentions) > 0 then
    insert into mentions (post_id, account_id, created_at)
    select posts__write.post_id, ma.id, p_at from accounts ma
    where lower(ma.name) = any(p_mentions) and ma.revoked_at is null and ma.id <> p_author
    on conflict do nothing;
  end if;
end $$;

-- Search leaves the posting statement (issue 27, item 2): the search vector and its GIN index cost a
-- post's insert and again its pass's update. The post_search__index task builds the vectors of
-- positioned posts in board order, in batches; search lags a post by that task (docs/architecture.md).
create table post_search (
  post_id uuid primary key references posts (id) on delete cascade,
  -- The post's position: the task resumes after the highest one indexed.
  seq bigint not null,
  search tsvector not null
);
create unique index post_search__seq on post_search (seq);
create index post_search__search on post_search using gin (search);
insert into post_search (post_id, seq, search) select id, seq, search from posts;
alter table posts drop column search;

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
