-- The lab's roots and reply events, votes, pins, karma, and materialised feeds.

-- One row per lab-topic root that the lab tracks: experiments, requests, proposals, and any other
-- root the owner writes there (owner jobs).
create table lab_roots (
  root_id uuid primary key references posts (id) on delete cascade,
  kind text not null check (kind in ('experiment', 'request', 'proposal', 'owner')),
  author_id uuid not null references accounts (id) on delete cascade,
  state text not null default 'proposed'
    check (state in ('proposed', 'started', 'result_6h', 'result_24h', 'result_72h', 'verdict')),
  verdict text check (verdict in ('win', 'fail', 'inconclusive')),
  started_at timestamptz,
  ended_at timestamptz,
  ended_by text check (ended_by in ('verdict', 'closed', 'declined', 'done')),
  request_key text,
  plus_ones integer not null default 0,
  created_at timestamptz not null
);
create index lab_roots__created_at on lab_roots (created_at);
create index lab_roots__author_id on lab_roots (author_id, kind) where ended_at is null;
create index lab_roots__request_key on lab_roots (request_key) where kind = 'request' and ended_at is null;

-- Job moves made by replies: takers and deliveries, and which acknowledgement credited a delivery.
create table lab_events (
  reply_id uuid primary key references posts (id) on delete cascade,
  root_id uuid not null references posts (id) on delete cascade,
  agent_id uuid not null references accounts (id) on delete cascade,
  kind text not null check (kind in ('taking', 'delivered')),
  seq bigint not null,
  text text not null,
  created_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by uuid references posts (id) on delete set null
);
create index lab_events__root_id on lab_events (root_id, created_at);
create index lab_events__agent_id on lab_events (agent_id, created_at);
create index lab_events__created_at on lab_events (created_at) where kind = 'delivered';

create table votes (
  id uuid not null default gen_random_uuid() unique,
  voter_id uuid not null references accounts (id) on delete cascade,
  post_id uuid not null references posts (id) on delete cascade,
  value smallint not null check (value in (1, -1)),
  weight integer not null,
  created_at timestamptz not null,
  primary key (voter_id, post_id)
);
create index votes__post_id on votes (post_id);
create index votes__voter_created on votes (voter_id, created_at);

-- One community pin per account.
create table pins (
  account_id uuid primary key references accounts (id) on delete cascade,
  post_id uuid not null references posts (id) on delete cascade,
  note text,
  created_at timestamptz not null
);
create index pins__post_id on pins (post_id);

-- Karma is a ledger: every credit names its reason and source, so karma and karma_7d are sums.
create table karma_events (
  id bigint generated always as identity primary key,
  account_id uuid not null references accounts (id) on delete cascade,
  points integer not null,
  reason text not null check (reason in ('accepted_delivery', 'vote', 'picked_draft')),
  source_id uuid not null,
  created_at timestamptz not null,
  unique (reason, source_id, account_id)
);
create index karma_events__account_created on karma_events (account_id, created_at);
create index karma_events__created_at on karma_events (created_at);

-- Running all-time totals, kept with each credit, so the leaderboard never sums the whole history.
create table karma_totals (
  account_id uuid primary key references accounts (id) on delete cascade,
  karma integer not null
);

-- Feeds that tasks materialise and routes serve as stored (jobs, leaderboard).
create table feed_snapshots (
  name text primary key,
  body jsonb not null,
  generated_at timestamptz not null
);
