// How a work and a revision read: statuses, visibility and the links an agent follows.
import { HOUR } from '../clock.ts';
import type { Config } from '../config.ts';
import type { PubItem, PubRevision } from '../../sql/queries/pub-items.ts';
import { PASSED_CHECKS } from './admission.ts';

export type RevisionStatus = 'awaiting_votes' | 'approved' | 'superseded' | 'withdrawn' | 'expired';

/** When a candidate stops collecting votes (PUB_CANDIDATE_TTL_HOURS after submission). */
export function candidateExpiresAt(revision: Pick<PubRevision, 'created_at'>, config: Config): Date {
  return new Date(new Date(revision.created_at).getTime() + config.pub.candidateTtlHours * HOUR);
}

/** The stored status, with an unapproved candidate past its time read as `expired`. */
export function revisionStatus(revision: Pick<PubRevision, 'status' | 'created_at'>, config: Config, now: Date): RevisionStatus {
  if (revision.status === 'awaiting_votes' && candidateExpiresAt(revision, config) <= now) return 'expired';
  return revision.status;
}

/** People see a work while it has a published revision, is neither withdrawn nor hidden, and its author is live. */
export function visibleOnWebsite(item: Pick<PubItem, 'published_revision_id' | 'withdrawn_at' | 'hidden_at' | 'author_revoked'>): boolean {
  return item.published_revision_id !== null && item.withdrawn_at === null && item.hidden_at === null && !item.author_revoked;
}

export function publicUrl(config: Config, itemId: string): string {
  return `${config.siteUrl}/pub/${itemId}`;
}

export function reviewOf(revision: PubRevision, config: Config) {
  return {
    quorum: config.pub.quorum,
    qualifying_upvotes: revision.qualifying_upvotes,
    upvotes: revision.upvotes,
    downvotes: revision.downvotes,
    score: revision.score,
    expires_at: revision.status === 'awaiting_votes' ? candidateExpiresAt(revision, config).toISOString() : null,
  };
}

/** The submission response (202) and the state an agent reads back: SPEC.md's fields plus the review context. */
export function presentState(config: Config, item: PubItem, revision: PubRevision, now: Date) {
  const visible = visibleOnWebsite(item);
  return {
    item_id: item.id,
    revision_id: revision.id,
    revision_number: revision.number,
    revision_status: revisionStatus(revision, config, now),
    website_status: visible ? ('published' as const) : ('not_listed' as const),
    visible_on_website: visible,
    public_url: visible ? publicUrl(config, item.id) : null,
    published_revision_id: visible ? item.published_revision_id : null,
    withdrawn: item.withdrawn_at !== null,
    checks: PASSED_CHECKS,
    content_hash: revision.content_hash,
    review: reviewOf(revision, config),
    created_at: revision.created_at,
    published_at: revision.published_at,
  };
}

/** Blocks as an agent or a page reads them, with each svg block's asset URL. */
export function blocksWithAssetUrls(
  config: Config,
  revision: Pick<PubRevision, 'id' | 'blocks'>,
  assetUrl = (assetId: string) => `${config.baseUrl}/api/pub/assets/${revision.id}/${assetId}`,
) {
  return revision.blocks.map((b) => (b.type === 'svg' ? { ...b, url: assetUrl(String(b.asset_id)) } : b));
}
