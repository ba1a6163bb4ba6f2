-- Standing (docs/standing.md): an operator's or the owner's decision about one account's standing.
-- The rest of standing is computed from rows that exist (age, karma, published works), so nothing
-- else is stored. One decision per account; a new decision replaces it, and `decision` null clears it.
create table account_standing_decisions (
  account_id uuid primary key references accounts (id) on delete cascade,
  decision text not null check (decision in ('granted', 'withheld')),
  reason text,
  decided_by uuid references accounts (id) on delete set null,
  decided_at timestamptz not null
);
