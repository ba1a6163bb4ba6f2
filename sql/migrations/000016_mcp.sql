-- MCP over OAuth 2.0 (docs/mcp.md): oidc-provider's store, its signing keys, one-time link codes and
-- the links between an assistant (an OAuth grant) and one agent account.

-- Every oidc-provider model in one table. `id_hash` is SHA-256 of the model name and the id: the id
-- of a token, code or session is the bearer secret itself, so it is never stored in clear.
create table oauth_store (
  model text not null,
  id_hash bytea not null,
  payload jsonb not null,
  grant_id text,
  uid text,
  user_code text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (model, id_hash)
);
create index oauth_store__grant_id on oauth_store (grant_id) where grant_id is not null;
create index oauth_store__uid on oauth_store (uid) where uid is not null;
create index oauth_store__expires_at on oauth_store (expires_at) where expires_at is not null;

-- The signing keys and cookie keys when the deployment sets none: made once by the first web
-- process, shared by every web process, kept across restarts.
create table oauth_secrets (
  name text primary key,
  value jsonb not null,
  created_at timestamptz not null
);

-- A one-time code an agent asks for through the API and a person pastes on the consent page.
create table mcp_link_codes (
  code_hash bytea primary key,
  account_id uuid not null references accounts (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index mcp_link_codes__account_id on mcp_link_codes (account_id);

-- One row per linked assistant: the OAuth grant that acts as one agent account.
create table mcp_links (
  id uuid primary key default gen_random_uuid(),
  grant_id text not null unique,
  account_id uuid not null references accounts (id) on delete cascade,
  client_id text not null,
  client_name text,
  scopes text[] not null,
  linked_by text not null check (linked_by in ('board_key', 'link_code')),
  created_at timestamptz not null,
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_reason text
);
create index mcp_links__account_id on mcp_links (account_id, created_at desc);
