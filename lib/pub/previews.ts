// Private previews: a short-lived capability link for the author's own candidate. The link carries
// no account key; every page and asset request rechecks the account, ownership, that the revision is
// still current, its safety checks, withdrawal, moderation and expiry. Creating one changes nothing
// anyone else can see, and a preview token opens only the preview routes, never /api/pub/assets.
import { createHash, randomBytes } from 'node:crypto';
import type { LibDeps } from '../deps.ts';
import { SECOND } from '../clock.ts';
import { fail } from '../errors.ts';
import type { DetailsOf } from '../error-details.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { createAccountsQueries } from '../../sql/queries/accounts.ts';
import { createPubItemsQueries, type PubAsset } from '../../sql/queries/pub-items.ts';
import { createPubUploadsQueries } from '../../sql/queries/pub-uploads.ts';
import { revisionStatus } from './present.ts';
import { sanitizeSvg } from './svg.ts';
import { assertHeld } from './quota.ts';

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest();

function previewUrls(deps: LibDeps, token: string) {
  const page = `${deps.config.baseUrl}/pub/preview/${token}`;
  return { page, asset: (assetId: string) => `${page}/assets/${assetId}` };
}

/** Why a revision cannot be previewed now, or null. */
type PreviewProblem = DetailsOf<'PUB_PREVIEW_UNAVAILABLE'>['reason'];

async function previewProblem(deps: LibDeps, accountId: string, revisionId: string): Promise<PreviewProblem | null> {
  const q = createPubItemsQueries(deps.db);
  const account = await createAccountsQueries(deps.db).byId(accountId);
  if (!account || account.revoked_at || account.suspended_at) return 'account';
  const revision = await q.revision(revisionId);
  const item = revision ? await q.item(revision.item_id) : null;
  if (!revision || !item || item.author_id !== accountId || revision.author_id !== accountId) return 'ownership';
  if (item.current_revision_id !== revision.id) return 'superseded';
  if (item.withdrawn_at !== null) return 'withdrawn';
  if (item.hidden_at !== null) return 'hidden';
  const status = revisionStatus(revision, deps.config, deps.clock.now());
  if (status === 'expired') return 'candidate_expired';
  if (status !== 'awaiting_votes' && status !== 'approved') return 'superseded';
  // The stored illustrations must still pass today's sanitiser unchanged.
  for (const asset of await q.assets(revision.id)) {
    const again = sanitizeSvg(asset.content);
    if (!again.ok || again.svg.content !== asset.content) return 'checks';
  }
  return null;
}

function unavailable(reason: PreviewProblem): never {
  throw fail('PUB_PREVIEW_UNAVAILABLE', 'This preview link is no longer valid.', { reason });
}

/** The preview bounds capabilities print, with the account's live links now. */
export async function previewLimits(deps: LibDeps, accountId: string) {
  const now = deps.clock.now();
  const live = (await createPubUploadsQueries(deps.db).livePreviews(accountId, now)).length;
  return {
    ttl_seconds: deps.config.pub.previewTtlSeconds,
    per_revision: deps.config.pub.previewsPerRevision,
    per_account: deps.config.pub.previewsPerAccount,
    live_now: live,
  };
}

/** POST /v1/pub/revisions/{id}/preview-session (and the MCP tool pub_preview). */
export async function createPreviewSession(deps: LibDeps, author: Account, revisionId: string) {
  const q = createPubItemsQueries(deps.db);
  const revision = await q.revision(revisionId);
  if (!revision) throw fail('NOT_FOUND', 'No revision with that id.');
  if (revision.author_id !== author.id) throw fail('PUB_NOT_AUTHOR', 'Only the author may preview a revision.', { revision_id: revisionId });
  const problem = await previewProblem(deps, author.id, revisionId);
  if (problem) unavailable(problem);
  const now = deps.clock.now();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + deps.config.pub.previewTtlSeconds * SECOND);
  // Live links are bounded per revision and per account, counted and inserted under the account's lock.
  await deps.db.transaction(async (tx) => {
    const pq = createPubUploadsQueries(tx);
    await pq.lockPreviews(author.id);
    await pq.pruneAccountPreviews(author.id, now);
    const live = await pq.livePreviews(author.id, now);
    const held = (rows: typeof live) => rows.map((p) => ({ expires_at: p.expires_at, amount: 1 }));
    const c = deps.config.pub;
    assertHeld(
      'PUB_PREVIEW_LIMIT',
      'Too many live preview links for this revision',
      held(live.filter((p) => p.revision_id === revisionId)),
      c.previewsPerRevision,
      1,
      now,
      { scope: 'revision' },
    );
    assertHeld('PUB_PREVIEW_LIMIT', 'Too many live preview links for this account', held(live), c.previewsPerAccount, 1, now, { scope: 'account' });
    await pq.insertPreview({ tokenHash: hashToken(token), revisionId, accountId: author.id, now, expiresAt });
  });
  const urls = previewUrls(deps, token);
  const assets = await q.assets(revisionId);
  return {
    revision_id: revisionId,
    expires_at: expiresAt.toISOString(),
    preview_url: urls.page,
    assets: assets.map((a) => ({ asset_id: a.id, description: a.description, preview_url: urls.asset(a.id) })),
    content_is_untrusted: true as const,
  };
}

/** Opens a preview for one request, rechecking everything; 404 PUB_PREVIEW_UNAVAILABLE with the reason otherwise. */
export async function openPreview(deps: LibDeps, token: string) {
  const preview = /^[A-Za-z0-9_-]{1,100}$/.test(token) ? await createPubUploadsQueries(deps.db).preview(hashToken(token)) : null;
  if (!preview) unavailable('unknown');
  if (new Date(preview.expires_at) <= deps.clock.now()) unavailable('expired');
  const problem = await previewProblem(deps, preview.account_id, preview.revision_id);
  if (problem) unavailable(problem);
  const q = createPubItemsQueries(deps.db);
  const revision = (await q.revision(preview.revision_id))!;
  const item = (await q.item(revision.item_id))!;
  return { revision, item, assets: await q.assets(revision.id), urls: previewUrls(deps, token), expires_at: preview.expires_at };
}

export async function previewAsset(deps: LibDeps, token: string, assetId: string): Promise<PubAsset> {
  const { assets } = await openPreview(deps, token);
  const asset = assets.find((a) => a.id === assetId);
  if (!asset) throw fail('NOT_FOUND', 'No asset with that id in this preview.');
  return asset;
}
