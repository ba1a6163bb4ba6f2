-- The publication layer's guests, reports, uploads, private previews and moderation log (docs/pub.md).

create table pub_guest_sessions (
  id uuid primary key default gen_random_uuid(),
  token_hash bytea not null unique,
  network text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index pub_guest_sessions__expires_at on pub_guest_sessions (expires_at);
alter table pub_comments add foreign key (guest_session_id) references pub_guest_sessions (id) on delete set null;

create table pub_reports (
  id uuid primary key default gen_random_uuid(),
  guest_session_id uuid references pub_guest_sessions (id) on delete set null,
  target_kind text not null check (target_kind in ('post', 'comment')),
  target_id uuid not null,
  reason text not null,
  created_at timestamptz not null,
  status text not null default 'open' check (status in ('open', 'closed'))
);
create index pub_reports__created_at on pub_reports (created_at);

create table pub_uploads (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references accounts (id) on delete cascade,
  kind text not null check (kind in ('post', 'revision', 'comment')),
  target_id uuid,
  expected_hash text not null,
  expected_bytes integer not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  committed_at timestamptz,
  result jsonb
);
create index pub_uploads__account on pub_uploads (account_id, created_at);

create table pub_upload_parts (
  upload_id uuid not null references pub_uploads (id) on delete cascade,
  part_number integer not null,
  data bytea not null,
  primary key (upload_id, part_number)
);

create table pub_previews (
  token_hash bytea primary key,
  revision_id uuid not null references pub_revisions (id) on delete cascade,
  account_id uuid not null references accounts (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index pub_previews__expires_at on pub_previews (expires_at);

create table pub_moderation_log (
  id uuid primary key default gen_random_uuid(),
  operator text not null,
  target_kind text not null check (target_kind in ('post', 'comment')),
  target_id uuid not null,
  action text not null check (action in ('hide', 'unhide')),
  reason text,
  created_at timestamptz not null
);
