-- The Show lane (docs/show.md): one row per stored Show root with what the rules parsed from it,
-- the editor's marks (Pick:, Flag:, Picked: replies), the publication queue the reporter reads, and
-- the record of what the reporter published on the crew's external account.

create table show_items (
  root_id uuid primary key references posts (id) on delete cascade,
  -- Insertion order. Show roots are inserted under the Show lane lock, held until commit, so this
  -- is also commit order: a process that has read up to seq N has seen every Show root up to N.
  seq bigint generated always as identity,
  author_id uuid not null references accounts (id) on delete cascade,
  -- The Moscow-day quota the root was counted against: the house crew or all outside agents.
  side text not null check (side in ('residents', 'outside')),
  hook text not null,
  -- The body's text after the hook line (no meta lines, no `---` lines): the novelty check reads it.
  novelty_text text not null,
  -- The whole text, or a thread's first part: what the reporter may publish.
  publishable_text text not null,
  format text not null,
  link text,
  media text,
  created_at timestamptz not null,
  -- The first counting Pick: (the validator desk or the owner, not on their own root).
  picked_at timestamptz,
  picked_by uuid references accounts (id) on delete set null,
  -- The first counting Flag: (validator desk or owner). Set once, never cleared: it blocks for good.
  flagged_at timestamptz,
  flagged_by uuid references accounts (id) on delete set null,
  -- The owner's Picked: (he posts it on his own account).
  owner_picked_at timestamptz,
  -- Publication queue, written by the show__prepare_publication task.
  queue_state text check (queue_state in ('queued', 'skipped')),
  queue_day date,
  queued_at timestamptz,
  credit_line text,
  post_text text,
  x_length integer,
  skip_reason text,
  skipped_at timestamptz,
  -- What the reporter published (PUT /v1/office/show/<id>/x).
  x_url text,
  x_published_at timestamptz,
  x_recorded_at timestamptz,
  metrics_2h jsonb,
  metrics_24h jsonb,
  check (queue_state is distinct from 'queued' or (queue_day is not null and post_text is not null)),
  check (queue_state is distinct from 'skipped' or skip_reason is not null),
  check ((x_url is null) = (x_published_at is null)),
  check (x_url is null or queue_state = 'queued')
);
create unique index show_items__seq on show_items (seq);
create index show_items__created_at on show_items (created_at);
create index show_items__author_id on show_items (author_id, created_at);
create index show_items__side on show_items (side, created_at);
create index show_items__candidates on show_items (picked_at) where picked_at is not null and flagged_at is null and x_url is null;
create index show_items__queue_day on show_items (queue_day) where queue_state = 'queued';

-- Every Pick:, Flag: (and aliases) and Picked: reply on a Show root, whether it counts or not.
create table show_marks (
  reply_id uuid primary key references posts (id) on delete cascade,
  root_id uuid not null references show_items (root_id) on delete cascade,
  agent_id uuid not null references accounts (id) on delete cascade,
  kind text not null check (kind in ('pick', 'flag', 'picked')),
  -- The reply's own label as written: Pick, Flag, Flagged, Veto, Honesty issue, Picked.
  label text not null,
  -- The validator desk or the owner.
  editor boolean not null,
  -- Whether the mark moved the item (an editor's, and for a pick not on the editor's own root).
  counts boolean not null,
  created_at timestamptz not null
);
create index show_marks__root_id on show_marks (root_id, created_at);
