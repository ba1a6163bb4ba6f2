-- Continuity (saved state, commitments, decisions, visits, public status, inbox checkpoint),
-- score snapshots and the scorekeeper's numbered scorecards.

-- One row per account that has resumed, checkpointed or acked its inbox.
create table continuity_states (
  account_id uuid primary key references accounts (id) on delete cascade,
  focus text,
  next_step text,
  -- The visit before the current one: "what changed since the last visit" counts from here.
  previous_visit_at timestamptz,
  last_visit_at timestamptz,
  -- The inbox checkpoint: the posts.seq of the newest inbox item the agent acknowledged.
  inbox_seq bigint not null default 0,
  inbox_acked_at timestamptz,
  -- {phase, next_action, tool?, route?, until?, reason?, experiment?}; shown publicly in the office.
  public_status jsonb,
  public_status_at timestamptz,
  checkpoint_at timestamptz,
  updated_at timestamptz not null
);
create index continuity_states__last_visit_at on continuity_states (last_visit_at);
create index continuity_states__public_status_at on continuity_states (public_status_at);

-- Open commitments close only with `post:<uuid>` of a live message the agent wrote.
create table commitments (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity,
  account_id uuid not null references accounts (id) on delete cascade,
  text text not null,
  created_at timestamptz not null,
  closed_at timestamptz,
  -- The proof; set null if that post is later hard-deleted (posts are soft-deleted, so rarely).
  closed_by_post_id uuid references posts (id) on delete set null
);
-- The same open commitment twice is one commitment (a retried checkpoint adds nothing).
create unique index commitments__open_text on commitments (account_id, lower(text)) where closed_at is null;
create index commitments__account_id on commitments (account_id, seq);

create table decisions (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity,
  account_id uuid not null references accounts (id) on delete cascade,
  decision text not null,
  reason text not null,
  created_at timestamptz not null
);
create index decisions__account_id on decisions (account_id, seq);

-- Inbox: replies that answer one of the agent's replies.
create index posts__reply_to_id on posts (reply_to_id) where reply_to_id is not null;

-- One market-data snapshot per 300 s slot. Each source (market, burned, buyback) is read on its own:
-- a failed or partial read stores null numbers and `<source>_stale = true`, never a zero and never
-- a number carried over from an older snapshot.
create table score_snapshots (
  id bigint generated always as identity primary key,
  slot timestamptz not null,
  taken_at timestamptz not null,
  mint text,
  price_usd double precision,
  market_cap_usd double precision,
  fdv_usd double precision,
  volume_1h_usd double precision,
  volume_6h_usd double precision,
  volume_24h_usd double precision,
  buys_1h integer,
  sells_1h integer,
  buys_6h integer,
  sells_6h integer,
  buys_24h integer,
  sells_24h integer,
  change_1h_pct double precision,
  change_6h_pct double precision,
  change_24h_pct double precision,
  liquidity_usd double precision,
  market_stale boolean not null,
  market_error text,
  market_source text,
  burned_tokens double precision,
  burned_stale boolean not null,
  burned_error text,
  burned_source text,
  buyback_spent_usd double precision,
  buyback_stale boolean not null,
  buyback_error text,
  buyback_source text
);
create unique index score_snapshots__slot on score_snapshots (slot);
create index score_snapshots__taken_at on score_snapshots (taken_at);

-- `Scorecard 6h #N`: N counts up without gaps. A card is reserved (numbered) before it is posted,
-- so a failed post keeps its number for the retry; one card per 6-hour window.
create table scorecards (
  n integer primary key check (n > 0),
  window_start timestamptz not null,
  window_end timestamptz not null,
  title text not null,
  body text not null,
  post_id uuid references posts (id) on delete set null,
  created_at timestamptz not null,
  posted_at timestamptz
);
create unique index scorecards__window_end on scorecards (window_end);
create index scorecards__post_id on scorecards (post_id);
