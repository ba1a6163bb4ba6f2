-- Email outreach: contacts, suppressions, messages (a status machine that makes sending
-- exactly-once), their reply and stop tokens, replies read from IMAP and the IMAP checkpoint,
-- owner-created channels and their posts, referral clicks. The owner's settings live in `settings`
-- under the key `outreach` (lib/outreach/settings.ts). See docs/outreach.md.

-- An address an agent found published for someone's work. The address is stored to send to and is
-- never shown again: every read path shows the outlet, name and beat only.
create table outreach_contacts (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity,
  address text not null check (address = lower(address)),
  outlet text not null,
  -- The address's registrable domain: the 7-day first-contact cap counts by it.
  outlet_domain text not null,
  name text,
  beat text not null,
  source_url text not null,
  added_by uuid not null references accounts (id) on delete cascade,
  created_at timestamptz not null,
  bounced_at timestamptz
);
create unique index outreach_contacts__address on outreach_contacts (address);
create unique index outreach_contacts__seq on outreach_contacts (seq);
create index outreach_contacts__added_by on outreach_contacts (added_by, created_at);
create index outreach_contacts__outlet_domain on outreach_contacts (outlet_domain);

create table outreach_messages (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity,
  author_id uuid not null references accounts (id) on delete cascade,
  contact_id uuid not null references outreach_contacts (id) on delete cascade,
  experiment_id uuid references posts (id) on delete set null,
  kind text not null check (kind in ('pitch', 'letter')),
  send_kind text not null check (send_kind in ('first_contact', 'follow_up', 'answer')),
  follow_up_of uuid references outreach_messages (id) on delete set null,
  subject text not null,
  body text not null,
  -- queued    waits for the owner (mode review, or an open letter in any mode)
  -- approved  cleared to send (mode auto, or the owner approved); a send job is queued
  -- sending   claimed by one attempt of the sending task (attempts = that attempt's number)
  -- sent      the SMTP server accepted it (2xx after the final dot)
  -- failed    refused for good, or never handed over after every retry
  -- unknown   handed over, no answer: maybe delivered; never re-sent blindly, the owner decides
  -- rejected  the owner said no;  cancelled  the address opted out or bounced before it left
  status text not null check (status in ('queued', 'approved', 'sending', 'sent', 'failed', 'unknown', 'rejected', 'cancelled')),
  status_reason text,
  -- The claim counter: each claim increments it, and every later write of that attempt names it
  -- (a fencing token), so a slow or revived attempt can never overwrite a newer one.
  attempts integer not null default 0,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  decided_at timestamptz,
  decided_by uuid references accounts (id) on delete set null,
  -- The Date header: the first attempt's time, kept for every later attempt.
  first_attempt_at timestamptz,
  claimed_at timestamptz,
  -- Set (under the fence) right before the first byte of the message data leaves; a crashed
  -- attempt with it set may have delivered the message, one without it cannot have.
  data_started_at timestamptz,
  sent_at timestamptz,
  smtp_response text
);
create unique index outreach_messages__seq on outreach_messages (seq);
create index outreach_messages__author_id on outreach_messages (author_id, created_at);
create index outreach_messages__contact_id on outreach_messages (contact_id, created_at);
create index outreach_messages__created_at on outreach_messages (created_at);
create index outreach_messages__open on outreach_messages (status, updated_at)
  where status in ('queued', 'approved', 'sending', 'unknown');

-- The status machine, enforced by the database: terminal states never move, and nothing jumps
-- from queued to sent. A same-state write (another column changed) is always allowed.
create function outreach_messages__check_transition() returns trigger language plpgsql as $$
begin
  if new.status = old.status then
    return new;
  end if;
  if (old.status, new.status) in (
    ('queued', 'approved'), ('queued', 'rejected'), ('queued', 'cancelled'),
    ('approved', 'sending'), ('approved', 'cancelled'), ('approved', 'failed'),
    ('sending', 'sent'), ('sending', 'failed'), ('sending', 'unknown'), ('sending', 'approved'), ('sending', 'cancelled'),
    ('unknown', 'sent'), ('unknown', 'failed'), ('unknown', 'approved')
  ) then
    return new;
  end if;
  raise exception 'outreach message % cannot move from % to %', old.id, old.status, new.status
    using errcode = 'check_violation';
end $$;
create trigger outreach_messages__transition before update of status on outreach_messages
  for each row execute function outreach_messages__check_transition();

-- Reply-address and stop-link tokens, stored as SHA-256 only. Every attempt of a message gets its
-- own pair, and every pair stays valid: whatever reached the recipient keeps working.
create table outreach_tokens (
  hash bytea primary key,
  message_id uuid not null references outreach_messages (id) on delete cascade,
  purpose text not null check (purpose in ('reply', 'stop')),
  created_at timestamptz not null
);
create index outreach_tokens__message_id on outreach_tokens (message_id);

-- Addresses that must never be emailed again, by any agent: lowercased, one row each.
create table outreach_suppressions (
  address text primary key check (address = lower(address)),
  reason text not null check (reason in ('reply', 'stop_link', 'complaint', 'owner')),
  message_id uuid references outreach_messages (id) on delete set null,
  created_at timestamptz not null
);

-- Everything the poller read from the reply mailbox, one row per IMAP message.
create table outreach_replies (
  id uuid primary key default gen_random_uuid(),
  message_id uuid references outreach_messages (id) on delete cascade,
  contact_id uuid references outreach_contacts (id) on delete set null,
  mailbox text not null,
  uid_validity text not null,
  uid bigint not null,
  rfc_message_id text,
  subject text not null default '',
  kind text not null check (kind in ('auto', 'bounce', 'reply')),
  opt_out boolean not null,
  from_contact boolean not null,
  excerpt text not null,
  reason text not null,
  -- The original as received, for the owner's records and the forward (message/rfc822).
  raw bytea not null,
  received_at timestamptz not null,
  forward_status text not null check (forward_status in ('none', 'pending', 'sending', 'sent', 'failed')),
  forward_attempts integer not null default 0,
  forward_claimed_at timestamptz,
  forwarded_at timestamptz,
  forward_reason text,
  unique (mailbox, uid_validity, uid)
);
-- After a UIDVALIDITY change every message is new again: the Message-ID dedupes.
create unique index outreach_replies__rfc_message_id on outreach_replies (mailbox, rfc_message_id) where rfc_message_id is not null;
create index outreach_replies__message_id on outreach_replies (message_id, received_at);
create index outreach_replies__contact_id on outreach_replies (contact_id);
create index outreach_replies__forward on outreach_replies (forward_status) where forward_status in ('pending', 'sending');

create table outreach_mailbox_checkpoints (
  mailbox text primary key,
  uid_validity text not null,
  last_uid bigint not null,
  updated_at timestamptz not null
);

-- The owner-created external channels (`messaging`, `social`); posts are refused until created.
create table outreach_channels (
  name text primary key check (name in ('messaging', 'social')),
  label text not null default '',
  created_at timestamptz not null,
  created_by uuid references accounts (id) on delete set null,
  closed_at timestamptz
);

create table outreach_channel_posts (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity,
  author_id uuid not null references accounts (id) on delete cascade,
  channel text not null references outreach_channels (name) on delete restrict,
  text text not null,
  experiment_id uuid references posts (id) on delete set null,
  -- pending -> sending -> sent | failed | unknown (same meanings as for emails)
  status text not null check (status in ('pending', 'sending', 'sent', 'failed', 'unknown')),
  status_reason text,
  attempts integer not null default 0,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  claimed_at timestamptz,
  sent_at timestamptz,
  response text
);
create unique index outreach_channel_posts__seq on outreach_channel_posts (seq);
create index outreach_channel_posts__channel on outreach_channel_posts (channel, created_at);
create index outreach_channel_posts__author on outreach_channel_posts (author_id, channel, created_at);
create index outreach_channel_posts__open on outreach_channel_posts (status, updated_at) where status in ('pending', 'sending', 'unknown');

-- Clicks on {base_url}/r/<agent>/<channel>. Nothing about the visitor is kept.
create table referral_clicks (
  id bigint generated always as identity primary key,
  agent_id uuid not null references accounts (id) on delete cascade,
  channel text not null check (channel in ('trade', 'dex', 'office', 'press', 'x')),
  clicked_at timestamptz not null
);
create index referral_clicks__agent_id on referral_clicks (agent_id, channel, clicked_at);
