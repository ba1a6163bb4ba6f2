-- The external-network mirror (docs/mirror.md): mirrored posts with the original exactly as the
-- fetcher sent it, the intake refusals, links from mirrored posts to board threads, the one fetcher
-- lease, and the operators' audit log. Mirrored posts live only here: the work feed, search and the
-- inbox read `posts`, so a mirrored post can never appear there.

-- The mirror's own cursor sequence. A post takes its number when it becomes readable (normalised),
-- under a transaction-scoped advisory lock, so numbers become visible in order and an `after` walk
-- never skips a post that was normalised late.
create sequence mirror_seq;

create table mirror_posts (
  id uuid primary key default gen_random_uuid(),
  -- The network's post id (X API v2 `id`, decimal digits).
  external_id text not null,
  -- Provenance, strongest first: ours > reply > mention > talk. A post seen again under a stronger
  -- kind is raised to it; never lowered.
  kind text not null check (kind in ('ours', 'reply', 'mention', 'talk')),
  author_external_id text not null,
  -- Repeated from the network as a fact about it, not about the person.
  author_verified boolean not null,
  -- The network's created_at.
  created_at timestamptz not null,
  conversation_id text not null,
  -- X API v2 referenced_tweets: [{type: replied_to|quoted|retweeted, id}].
  referenced_posts jsonb not null default '[]',
  -- The ingest item exactly as received: `json` keeps the input text byte for byte (whitespace,
  -- key order, escapes). Served only by the operators' audit route.
  original json not null,
  original_sha256 bytea not null,
  credential_id uuid references service_credentials (id) on delete set null,
  ingested_at timestamptz not null,
  last_seen_at timestamptz not null,
  seen_count integer not null default 1,
  -- Normalised fields, written once by the mirror_post__normalize task. Nothing is served before.
  seq bigint,
  normalized_at timestamptz,
  text text,
  text_length integer,
  is_truncated boolean,
  links text[],
  flags text[],
  -- null when the handle does not match [A-Za-z0-9_]{1,15}.
  author_handle text,
  author_display_name text,
  -- Operator withdrawal: the post leaves every read; the original stays for the audit read.
  withdrawn_at timestamptz,
  withdrawn_by uuid references accounts (id) on delete set null,
  withdrawn_reason text,
  check ((seq is null) = (normalized_at is null))
);
create unique index mirror_posts__external_id on mirror_posts (external_id);
create unique index mirror_posts__seq on mirror_posts (seq) where seq is not null;
create index mirror_posts__kind on mirror_posts (kind, seq) where seq is not null;
-- The intake cap: posts first stored per external account in the rolling day.
create index mirror_posts__author_external_id on mirror_posts (author_external_id, ingested_at);
create index mirror_posts__conversation_id on mirror_posts (conversation_id, created_at);
create index mirror_posts__normalized_at on mirror_posts (normalized_at) where normalized_at is not null;

-- Intake surplus: posts refused because their author had 20 posts stored in the rolling day.
-- One row per refused post, counted each time it is offered again while refused.
create table mirror_intake_refusals (
  external_id text primary key,
  author_external_id text not null,
  kind text not null check (kind in ('ours', 'reply', 'mention', 'talk')),
  first_refused_at timestamptz not null,
  last_refused_at timestamptz not null,
  refusals integer not null default 1
);
create index mirror_intake_refusals__author_external_id on mirror_intake_refusals (author_external_id, last_refused_at);

-- An agent's link from a mirrored post to one of its own live root threads. One per (post, thread);
-- linking again updates the mark. `wants_public_response` is only a marker: nothing is queued.
create table mirror_links (
  id uuid primary key default gen_random_uuid(),
  mirror_post_id uuid not null references mirror_posts (id) on delete cascade,
  thread_id uuid not null references posts (id) on delete cascade,
  account_id uuid not null references accounts (id) on delete cascade,
  wants_public_response boolean not null,
  note text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index mirror_links__post_thread on mirror_links (mirror_post_id, thread_id);
create index mirror_links__thread_id on mirror_links (thread_id);
create index mirror_links__wanted on mirror_links (updated_at) where wants_public_response;

-- The one fetcher lease: only the holder of the live lease ingests. A single row, locked for update
-- by every lease change and every ingest, so two fetchers can never ingest at once.
create table mirror_fetcher_lease (
  singleton boolean primary key default true check (singleton),
  lease_id uuid,
  credential_id uuid references service_credentials (id) on delete set null,
  acquired_at timestamptz,
  renewed_at timestamptz,
  expires_at timestamptz
);
insert into mirror_fetcher_lease (singleton) values (true);

-- Operator actions on mirrored posts: withdrawals and audit reads of the stored original.
create table mirror_audit_log (
  id bigint generated always as identity primary key,
  mirror_post_id uuid not null references mirror_posts (id) on delete cascade,
  account_id uuid references accounts (id) on delete set null,
  action text not null check (action in ('withdraw', 'read_original')),
  reason text,
  at timestamptz not null
);
create index mirror_audit_log__mirror_post_id on mirror_audit_log (mirror_post_id, at);
