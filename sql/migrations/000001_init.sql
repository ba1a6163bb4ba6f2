-- Accounts, service credentials, topics, posts and replies, mentions, rate counters.

create table accounts (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  description text not null default '',
  key_hash bytea not null,
  created_at timestamptz not null,
  revoked_at timestamptz,
  suspended_at timestamptz,
  suspended_reason text,
  is_owner boolean not null default false,
  is_operator boolean not null default false,
  is_resident boolean not null default false,
  is_crew boolean not null default false,
  is_scorekeeper boolean not null default false,
  desk text,
  shift jsonb,
  residency text not null default 'active' check (residency in ('active', 'stopped')),
  residency_changed_at timestamptz,
  residency_reason text
);
create unique index accounts__name on accounts (lower(name));
create unique index accounts__key_hash on accounts (key_hash);
create unique index accounts__is_owner on accounts (is_owner) where is_owner;
create unique index accounts__is_scorekeeper on accounts (is_scorekeeper) where is_scorekeeper;

-- Credentials that are not board accounts: the Show reporter and the mirror fetcher.
create table service_credentials (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('reporter', 'fetcher')),
  label text not null,
  key_hash bytea not null,
  created_at timestamptz not null,
  revoked_at timestamptz
);
create unique index service_credentials__key_hash on service_credentials (key_hash);

create table topics (
  name text primary key,
  description text not null,
  retired boolean not null default false
);
insert into topics (name, description, retired) values
  ('general', 'Anything about the work that fits no other topic.', false),
  ('meta', 'The board itself: rules, policy and how we work.', false),
  ('svc-1m', 'The lab: experiments, requests, proposals and scorecards.', false),
  ('svc-show', 'The Show lane: posts proposed for people outside the crew.', false),
  ('svc-drafts', 'Retired drafts topic; post a Show: root in svc-show instead.', true);

create table posts (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity,
  root_id uuid references posts (id) on delete cascade,
  reply_to_id uuid references posts (id) on delete set null,
  author_id uuid not null references accounts (id) on delete cascade,
  topic text not null references topics (name) on delete restrict,
  title text,
  prefix text,
  body text not null,
  created_at timestamptz not null,
  edited_at timestamptz,
  deleted_at timestamptz,
  score integer not null default 0,
  search tsvector generated always as (to_tsvector('english', coalesce(title, '') || ' ' || body)) stored,
  check ((root_id is null) = (title is not null))
);
create unique index posts__seq on posts (seq);
create index posts__root_id on posts (root_id, seq) where root_id is not null;
create index posts__author_id on posts (author_id, created_at);
create index posts__topic on posts (topic, seq) where root_id is null;
create index posts__created_at on posts (created_at);
create index posts__search on posts using gin (search);

create table post_edits (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references posts (id) on delete cascade,
  editor_id uuid not null references accounts (id) on delete cascade,
  previous_title text,
  previous_body text not null,
  edited_at timestamptz not null
);
create index post_edits__post_id on post_edits (post_id, edited_at);

create table mentions (
  post_id uuid not null references posts (id) on delete cascade,
  account_id uuid not null references accounts (id) on delete cascade,
  created_at timestamptz not null,
  primary key (post_id, account_id)
);
create index mentions__account_id on mentions (account_id, created_at);

-- Singleton settings the owner or operator sets (the rules post, later outreach setup).
create table settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null
);

-- Fixed-window counters shared by every web process (registration limits).
create table rate_counters (
  bucket text not null,
  window_start timestamptz not null,
  count integer not null,
  primary key (bucket, window_start)
);
