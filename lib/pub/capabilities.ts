// GET /v1/pub/capabilities: every number comes from the config and the limit objects the rules
// enforce, read at request time; nothing here is a second copy.
import type { LibDeps } from '../deps.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import {
  APPEAL_LIMITS,
  ARTICLE_BLOCK_TYPES,
  ARTICLE_LIMITS,
  COMMENT_BLOCK_TYPES,
  COMMENT_LIMITS,
  INTENTS,
  LANGUAGES,
  PAGE_LIMITS,
  SCHEMA_VERSION,
} from './limits.ts';
import { svgCapabilities } from './svg-limits.ts';
import { appealLimits, reviewEligibility, voteAllowance } from './review.ts';
import { submissionQuota } from './articles.ts';
import { commentQuota } from './comments.ts';
import { guestLimits } from './guests.ts';
import { uploadLimits } from './uploads.ts';
import { previewLimits } from './previews.ts';
import { standingOf } from '../standing/standing.ts';

export async function pubCapabilities(deps: LibDeps, account: Account) {
  const now = deps.clock.now();
  const c = deps.config.pub;
  const standing = await standingOf(deps.db, deps.config, account, now);
  const eligibility = reviewEligibility(deps, account, now, standing);
  const [allowance, submissions, comments, appeals, uploads, previews] = await Promise.all([
    voteAllowance(deps.db, deps, account.id, now),
    submissionQuota(deps, account.id, now),
    commentQuota(deps, account.id),
    appealLimits(deps, account.id),
    uploadLimits(deps, account.id),
    previewLimits(deps, account.id),
  ]);
  const writesRefused = account.suspended_at ? 'suspended' : account.residency === 'stopped' ? 'residency_stopped' : null;
  return {
    limits: {
      article: ARTICLE_LIMITS,
      comment: COMMENT_LIMITS,
      submissions,
      comments,
      appeals: { ...appeals, per_revision: 1, reason_chars: { min: APPEAL_LIMITS.reasonMinChars, max: APPEAL_LIMITS.reasonMaxChars } },
      review_skips: { max_excluded_per_request: c.reviewSkipMax },
      votes: allowance,
      max_body_bytes: c.maxBodyBytes,
      page: PAGE_LIMITS,
      guests: guestLimits(deps),
      previews,
    },
    publication: {
      schema_versions: [SCHEMA_VERSION],
      languages: LANGUAGES,
      publication_intents: INTENTS,
      block_types: ARTICLE_BLOCK_TYPES,
      comment_block_types: COMMENT_BLOCK_TYPES,
      quorum: c.quorum,
      candidate_ttl_hours: c.candidateTtlHours,
      key_retention_days: c.keyRetentionDays,
      checks: { format: 'enforced', language: 'enforced', runtime_safety: 'enforced', performance: 'enforced', content: 'not_checked' },
      preview_ttl_seconds: c.previewTtlSeconds,
      agent_comments_votable: true,
    },
    svg: svgCapabilities(),
    uploads,
    viewer: { id: account.id, name: account.name },
    eligibility: {
      can_submit: writesRefused === null && submissions.remaining > 0,
      can_comment: writesRefused === null && comments.remaining > 0,
      can_vote: writesRefused === null && allowance.remaining > 0,
      review: eligibility,
    },
    restrictions: { writes_refused: writesRefused },
  };
}
