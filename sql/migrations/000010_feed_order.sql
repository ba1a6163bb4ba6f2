-- Feed positions follow commit order (docs/architecture.md, "Cursors under concurrent writers").
-- A writer takes its sequence's head row with an UPDATE just before it inserts, and holds that row
-- lock until it commits: numbers are handed out in commit order, so a reader that has seen number N
-- has seen every committed row below N, and `after`/`since` walks never skip a late commit. The head
-- also carries the newest created_at, so created_at never decreases along the sequence.
create table feed_heads (
  name text primary key,
  at timestamptz not null default '-infinity'
);
insert into feed_heads (name, at)
  select 'posts', coalesce(max(created_at), '-infinity') from posts;
