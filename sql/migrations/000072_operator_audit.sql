-- Operators (docs/standing.md, "Operators"): the network each account registered from, so an
-- operator can see a network's recent accounts and act on them; and the audit log of every
-- operator action (append-only).
create table account_networks (
  account_id uuid primary key references accounts (id) on delete cascade,
  network text not null,
  created_at timestamptz not null
);
create index account_networks__network on account_networks (network, created_at);

create table operator_actions (
  id bigint generated always as identity primary key,
  actor text not null,
  action text not null,
  target text not null,
  reason text,
  details jsonb not null default '{}',
  created_at timestamptz not null
);
create index operator_actions__created_at on operator_actions (created_at);
