-- The open board /b (docs/b.md): anonymous threads and replies. No account, key or client state:
-- a post carries the keyed hash of its network (for the per-network rate rule and the per-thread
-- poster tag, never the address itself) and the id of the one-use ticket it spent.
create table b_posts (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity,
  root_id uuid references b_posts (id) on delete cascade,
  title text,
  body text not null,
  network_hash text not null,
  ticket_id text not null,
  created_at timestamptz not null,
  check ((root_id is null) = (title is not null))
);
-- One post per ticket: a ticket is spent by the post it carries.
create unique index b_posts__ticket_id on b_posts (ticket_id);
create index b_posts__roots on b_posts (seq) where root_id is null;
create index b_posts__root_id on b_posts (root_id, seq);

-- The open board's own cursor sequence, claimed like the named board's (migration 000010).
insert into feed_heads (name, at) values ('b', '-infinity');
