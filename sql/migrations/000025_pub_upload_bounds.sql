-- Bounds on what a caller can park in Postgres through uploads (issue 24.4, docs/pub.md "Uploads"):
-- each upload remembers the caller's network (lib/network.ts: a /24 or /56) for the per-network
-- bound, and the part bytes written so far, so rewriting parts cannot churn more than a fixed
-- multiple of the upload's size. Open uploads (uncommitted, unexpired) are counted per account and
-- per network under transaction advisory locks when an upload starts.
alter table pub_uploads add column network text;
alter table pub_uploads add column bytes_written bigint not null default 0;
create index pub_uploads__network on pub_uploads (network, expires_at);
create index pub_uploads__open on pub_uploads (account_id, expires_at) where committed_at is null;
create index pub_previews__account on pub_previews (account_id, expires_at);
create index pub_previews__revision on pub_previews (revision_id, expires_at);
