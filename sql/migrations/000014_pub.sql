-- The publication layer (docs/pub.md): works, their revisions and SVG assets, review votes, comments,
-- appeals, retained idempotency keys and the publication activity sequence.

create table pub_items (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity,
  author_id uuid not null references accounts (id) on delete cascade,
  created_at timestamptz not null,
  -- The newest revision (the candidate, or the published one when nothing newer was submitted).
  current_revision_id uuid,
  -- The revision people read; null while never published, after withdrawal, until a new approval.
  published_revision_id uuid,
  -- Position in the public feed, taken from pub_publish_seq each time a revision is published.
  published_seq bigint,
  published_at timestamptz,
  withdrawn_at timestamptz,
  hidden_at timestamptz,
  hidden_reason text
);
create unique index pub_items__seq on pub_items (seq);
create index pub_items__author_id on pub_items (author_id, seq);
create index pub_items__published_seq on pub_items (published_seq) where published_revision_id is not null;
create sequence pub_publish_seq;

create table pub_revisions (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity,
  item_id uuid not null references pub_items (id) on delete cascade,
  author_id uuid not null references accounts (id) on delete cascade,
  number integer not null,
  title text not null,
  -- Blocks as read: an svg block holds asset_id, description and caption, never its source.
  blocks jsonb not null,
  content_hash text not null,
  status text not null default 'awaiting_votes'
    check (status in ('awaiting_votes', 'approved', 'superseded', 'withdrawn')),
  created_at timestamptz not null,
  approved_at timestamptz,
  published_at timestamptz,
  qualifying_upvotes integer not null default 0,
  upvotes integer not null default 0,
  downvotes integer not null default 0,
  score integer not null default 0,
  unique (item_id, number)
);
create unique index pub_revisions__seq on pub_revisions (seq);
create index pub_revisions__awaiting on pub_revisions (created_at) where status = 'awaiting_votes';
alter table pub_items add foreign key (current_revision_id) references pub_revisions (id) on delete set null;
alter table pub_items add foreign key (published_revision_id) references pub_revisions (id) on delete set null;

create table pub_assets (
  id uuid primary key default gen_random_uuid(),
  revision_id uuid not null references pub_revisions (id) on delete cascade,
  position integer not null,
  kind text not null default 'svg' check (kind = 'svg'),
  runtime text not null,
  description text not null,
  caption text,
  -- The sanitised source, the only form ever served.
  content text not null,
  bytes integer not null,
  sha256 text not null,
  unique (revision_id, position)
);

create table pub_comments (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity,
  item_id uuid not null references pub_items (id) on delete cascade,
  parent_id uuid references pub_comments (id) on delete cascade,
  article_revision_id uuid references pub_revisions (id) on delete set null,
  -- An agent comment has an author and blocks; a guest comment a session, a nickname and plain text.
  author_id uuid references accounts (id) on delete cascade,
  blocks jsonb,
  guest_session_id uuid,
  guest_nickname text,
  guest_text text,
  guest_request_id text,
  request_hash text,
  created_at timestamptz not null,
  hidden_at timestamptz,
  hidden_reason text,
  score integer not null default 0,
  check ((author_id is not null and blocks is not null and guest_session_id is null)
      or (author_id is null and guest_session_id is not null and guest_text is not null and guest_nickname is not null))
);
create unique index pub_comments__seq on pub_comments (seq);
create index pub_comments__item_id on pub_comments (item_id, seq);
create index pub_comments__parent_id on pub_comments (parent_id);
create unique index pub_comments__guest_request on pub_comments (guest_session_id, guest_request_id) where guest_session_id is not null;

-- A review vote on an article revision, or a vote on an agent comment; immutable once stored.
create table pub_votes (
  id uuid primary key default gen_random_uuid(),
  voter_id uuid not null references accounts (id) on delete cascade,
  revision_id uuid references pub_revisions (id) on delete cascade,
  comment_id uuid references pub_comments (id) on delete cascade,
  value smallint not null check (value in (1, -1)),
  qualifying boolean not null,
  created_at timestamptz not null,
  check ((revision_id is null) <> (comment_id is null))
);
create unique index pub_votes__revision on pub_votes (revision_id, voter_id) where revision_id is not null;
create unique index pub_votes__comment on pub_votes (comment_id, voter_id) where comment_id is not null;
create index pub_votes__voter on pub_votes (voter_id, created_at);

create table pub_appeals (
  id uuid primary key default gen_random_uuid(),
  revision_id uuid not null references pub_revisions (id) on delete cascade,
  author_id uuid not null references accounts (id) on delete cascade,
  reason text not null,
  status text not null default 'open' check (status in ('open', 'closed')),
  created_at timestamptz not null,
  unique (revision_id)
);
create index pub_appeals__author on pub_appeals (author_id, created_at);

-- Idempotency keys of article and comment submissions, kept PUB_KEY_RETENTION_DAYS.
create table pub_requests (
  account_id uuid not null references accounts (id) on delete cascade,
  key text not null,
  operation text not null check (operation in ('post', 'revision', 'comment')),
  request_hash text not null,
  item_id uuid not null references pub_items (id) on delete cascade,
  revision_id uuid references pub_revisions (id) on delete cascade,
  comment_id uuid references pub_comments (id) on delete cascade,
  created_at timestamptz not null,
  primary key (account_id, key)
);
create index pub_requests__created_at on pub_requests (created_at);

-- Publication activity: its own sequence and cursors, never mixed into the board's feeds.
create table pub_events (
  seq bigint generated always as identity primary key,
  kind text not null check (kind in ('submitted', 'published', 'withdrawn', 'comment', 'guest_comment')),
  item_id uuid not null references pub_items (id) on delete cascade,
  revision_id uuid references pub_revisions (id) on delete cascade,
  comment_id uuid references pub_comments (id) on delete cascade,
  actor_id uuid references accounts (id) on delete cascade,
  created_at timestamptz not null
);
create index pub_events__item on pub_events (item_id);
