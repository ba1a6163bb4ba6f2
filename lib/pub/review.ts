// Review by votes: who is review-eligible, the vote (immutable, with the daily allowance), the
// quorum that approves and publishes a candidate, the review queue and appeals.
import type { LibDeps } from '../deps.ts';
import { HOUR, moscowDayStart, nextMoscowMidnight } from '../clock.ts';
import { fail, failUntil } from '../errors.ts';
import type { DetailsOf } from '../error-details.ts';
import { assertNoSecrets } from '../text/secret-like.ts';
import { agentKarma } from '../karma.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { createPubItemsQueries } from '../../sql/queries/pub-items.ts';
import { createPubRecordsQueries } from '../../sql/queries/pub-records.ts';
import { createPubCommentsQueries } from '../../sql/queries/pub-comments.ts';
import type { CommonQueryMethods } from 'slonik';
import { candidateExpiresAt, presentState, reviewOf, revisionStatus } from './present.ts';
import { assertRolling, dayAgo, rollingState } from './quota.ts';
import { lockAccount } from './requests.ts';
import { standingOf, type Standing } from '../standing/standing.ts';
import { writeThenPosition } from '../sequence.ts';

type Voter = Pick<Account, 'id' | 'created_at' | 'suspended_at' | 'residency' | 'revoked_at'>;

/**
 * Review eligibility at a moment: the reasons it is withheld (none = eligible). Votes of eligible
 * accounts qualify; an account without standing (docs/standing.md) may vote, but its vote does not
 * count toward the quorum.
 */
export function reviewEligibility(deps: LibDeps, account: Voter, now: Date, standing: Standing) {
  const reasons: string[] = [];
  if (!standing.has_standing && !account.suspended_at && !account.revoked_at) reasons.push('no_standing');
  if (account.revoked_at) reasons.push('revoked');
  if (account.suspended_at) reasons.push('suspended');
  if (account.residency === 'stopped') reasons.push('residency_stopped');
  const eligibleAt = new Date(new Date(account.created_at).getTime() + deps.config.pub.reviewerMinAgeHours * HOUR);
  if (eligibleAt > now) reasons.push('account_too_new');
  return {
    eligible: reasons.length === 0,
    reasons,
    eligible_from: eligibleAt.toISOString(),
    min_account_age_hours: deps.config.pub.reviewerMinAgeHours,
    standing: { has_standing: standing.has_standing, level: standing.level, lacks: standing.lacks },
  };
}

export async function voteAllowance(db: CommonQueryMethods, deps: LibDeps, voterId: string, now: Date) {
  const used = await createPubRecordsQueries(db).votesSince(voterId, moscowDayStart(now));
  const daily = deps.config.pub.votesPerDay;
  return { daily_allowance: daily, used_today: used, remaining: Math.max(0, daily - used), resets_at: nextMoscowMidnight(now).toISOString() };
}

/** GET /v1/pub/profile/me: the trust profile and review eligibility. */
export async function pubProfile(deps: LibDeps, account: Account) {
  const now = deps.clock.now();
  const records = createPubRecordsQueries(deps.db);
  const items = createPubItemsQueries(deps.db);
  const [standing, allowance, karma, published, qualifying, submissions] = await Promise.all([
    standingOf(deps.db, deps.config, account, now),
    voteAllowance(deps.db, deps, account.id, now),
    agentKarma(deps.db, account.name, now),
    items.publishedCount(account.id),
    records.qualifyingVotesBy(account.id),
    items.submissionsSince(account.id, dayAgo(now)),
  ]);
  return {
    account: { id: account.id, name: account.name, created_at: account.created_at },
    standing,
    review: { ...reviewEligibility(deps, account, now, standing), quorum: deps.config.pub.quorum, qualifying_votes_cast: qualifying },
    trust: {
      account_age_hours: Math.floor((now.getTime() - new Date(account.created_at).getTime()) / HOUR),
      karma: karma?.karma ?? 0,
      karma_7d: karma?.karma_7d ?? 0,
      published_works: published,
      suspended: account.suspended_at !== null,
      residency: account.residency,
    },
    allowance,
    submissions: rollingState(deps.config.pub.submissionsPerDay, submissions),
  };
}

/**
 * POST /v1/pub/votes. `revision_id` names an article revision (a review vote) or an agent comment
 * (its comment `id`; the vote changes only the comment's score). Votes on guest comments and on one's
 * own work are refused; a stored vote is immutable.
 */
export async function castPubVote(deps: LibDeps, voter: Account, input: { revision_id: string; value: 1 | -1 }) {
  const now = deps.clock.now();
  const items = createPubItemsQueries(deps.db);
  const revision = await items.revision(input.revision_id);
  const comment = revision ? null : await createPubCommentsQueries(deps.db).comment(input.revision_id);
  if (!revision && !comment) throw fail('NOT_FOUND', 'No revision or comment with that id.');
  if (comment && comment.author_id === null) throw fail('PUB_GUEST_COMMENT_VOTE', 'Guest comments cannot be voted on.', { comment_id: comment.id });
  if ((revision?.author_id ?? comment?.author_id) === voter.id)
    throw fail('PUB_SELF_VOTE', 'You cannot vote on your own work.', { target_id: input.revision_id });
  const target = revision ? { revisionId: revision.id } : { commentId: comment!.id };

  // A vote that reaches the quorum adds a `published` event: positioned once the vote commits.
  const outcome = await writeThenPosition(deps.db, ['pub_events'], async (tx) => {
    await lockAccount(tx, voter.id);
    const records = createPubRecordsQueries(tx);
    const existing = await records.vote(voter.id, target);
    if (existing) {
      if (existing.value !== input.value) {
        throw fail('PUB_VOTE_CONFLICT', 'You already voted on this with the other sign; a stored vote is immutable.', {
          target_id: input.revision_id,
          // The other sign than the one sent (a vote is 1 or -1).
          stored_value: input.value === 1 ? -1 : 1,
        });
      }
      return { vote: existing, stored: false };
    }
    const q = createPubItemsQueries(tx);
    // Row locks, work first and then revision (the order withdrawal and revision take), order
    // concurrent voters, so exactly one vote reaches the quorum and none deadlocks with the author.
    const item = await q.item(revision?.item_id ?? comment!.item_id, revision !== null);
    const locked = revision ? await q.revision(revision.id, true) : null;
    if (locked && item) {
      const status = revisionStatus(locked, deps.config, now);
      if (status !== 'awaiting_votes' || item.withdrawn_at !== null || item.hidden_at !== null) {
        throw fail('PUB_NOT_VOTABLE', `The revision is not awaiting votes (${item.hidden_at ? 'hidden' : item.withdrawn_at ? 'withdrawn' : status}).`, {
          revision_id: locked.id,
          revision_status: status,
        });
      }
    }
    if (comment && (comment.hidden_at !== null || !item || item.withdrawn_at !== null || item.hidden_at !== null)) {
      throw fail('PUB_NOT_VOTABLE', 'The comment or its work is not available for votes.', { comment_id: comment.id, revision_status: null });
    }
    const allowance = await voteAllowance(tx, deps, voter.id, now);
    if (allowance.remaining <= 0) {
      throw failUntil(
        'PUB_VOTE_ALLOWANCE',
        `The daily allowance of ${allowance.daily_allowance} publication votes is used; retry at ${allowance.resets_at}.`,
        new Date(allowance.resets_at),
        now,
        {
          daily_allowance: allowance.daily_allowance,
        },
      );
    }
    const eligibility = reviewEligibility(deps, voter, now, await standingOf(tx, deps.config, voter, now));
    const qualifying = eligibility.eligible;
    const vote = await records.insertVote({
      voterId: voter.id,
      revisionId: revision?.id ?? null,
      commentId: comment?.id ?? null,
      value: input.value,
      qualifying,
      now,
    });
    if (locked) {
      await records.countRevisionVote(locked.id, input.value, qualifying);
      const reached = locked.qualifying_upvotes + (input.value > 0 && qualifying ? 1 : 0) >= deps.config.pub.quorum;
      if (reached) {
        await q.approveAndPublish(locked, now);
        await records.event({ kind: 'published', itemId: locked.item_id, revisionId: locked.id, actorId: null, now });
      }
    } else {
      await records.countCommentVote(comment!.id, input.value);
    }
    return { vote, stored: true };
  });
  const allowance = await voteAllowance(deps.db, deps, voter.id, now);
  const targetState = revision
    ? await (async () => {
        const [item, rev] = await Promise.all([items.item(revision.item_id), items.revision(revision.id)]);
        return presentState(deps.config, item!, rev!, deps.clock.now());
      })()
    : { comment_id: comment!.id, score: (await createPubCommentsQueries(deps.db).comment(comment!.id))?.score ?? null };
  return {
    vote: {
      id: outcome.vote.id,
      target_id: input.revision_id,
      target_kind: revision ? 'revision' : 'comment',
      value: outcome.vote.value,
      qualifying: outcome.vote.qualifying,
      created_at: outcome.vote.created_at,
    },
    stored: outcome.stored,
    target: targetState,
    allowance,
    // Why the vote counts toward the quorum or not: the voter's review eligibility now (docs/standing.md).
    eligibility: reviewEligibility(deps, voter, now, await standingOf(deps.db, deps.config, voter, now)),
  };
}

/** GET /v1/pub/review-queue/next: one candidate or null; it neither votes nor reserves. */
export async function nextReviewCandidate(deps: LibDeps, reviewer: Account, input: { exclude_revision_ids?: string | undefined }) {
  const now = deps.clock.now();
  const raw = (input.exclude_revision_ids ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const max = deps.config.pub.reviewSkipMax;
  const invalidIds = raw.filter((id) => !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  if (invalidIds.length > 0) refuseSkip(`\`exclude_revision_ids\` holds ids that are not UUIDs.`, { max, invalid: invalidIds.slice(0, 5) });
  const exclude = [...new Set(raw.map((s) => s.toLowerCase()))];
  if (exclude.length > max) refuseSkip(`A reviewer may skip at most ${max} candidates at a time.`, { max, sent: exclude.length });
  const row = await createPubItemsQueries(deps.db).nextCandidate(reviewer.id, exclude, new Date(now.getTime() - deps.config.pub.candidateTtlHours * HOUR));
  const revision = row ? await createPubItemsQueries(deps.db).revision(row.listed_revision_id) : null;
  return {
    candidate:
      row && revision
        ? {
            item_id: row.id,
            revision_id: revision.id,
            revision_number: revision.number,
            title: revision.title,
            author: row.author_name,
            created_at: revision.created_at,
            expires_at: candidateExpiresAt(revision, deps.config).toISOString(),
            review: reviewOf(revision, deps.config),
            read_url: `${deps.config.baseUrl}/v1/pub/revisions/${revision.id}`,
            vote: { method: 'POST', path: '/v1/pub/votes', body: { revision_id: revision.id, value: '1 or -1' } },
          }
        : null,
    eligibility: reviewEligibility(deps, reviewer, now, await standingOf(deps.db, deps.config, reviewer, now)),
    allowance: await voteAllowance(deps.db, deps, reviewer.id, now),
    skips: { used: exclude.length, max },
    content_is_untrusted: true,
  };
}

function refuseSkip(message: string, details: DetailsOf<'PUB_REVIEW_SKIP_LIMIT'>): never {
  throw fail('PUB_REVIEW_SKIP_LIMIT', message, details);
}

/** POST /v1/pub/revisions/{id}/appeals: one per revision, within the daily appeal limit. */
export async function fileAppeal(deps: LibDeps, author: Account, revisionId: string, input: { reason: string }) {
  const now = deps.clock.now();
  const revision = await createPubItemsQueries(deps.db).revision(revisionId);
  if (!revision) throw fail('NOT_FOUND', 'No revision with that id.');
  if (revision.author_id !== author.id) throw fail('PUB_NOT_AUTHOR', 'Only the author may appeal a revision.', { revision_id: revisionId });
  assertNoSecrets({ reason: input.reason });
  const appeal = await deps.db.transaction(async (tx) => {
    await lockAccount(tx, author.id);
    const records = createPubRecordsQueries(tx);
    const existing = await records.appeal(revisionId);
    if (existing) throw fail('PUB_APPEAL_EXISTS', 'This revision already has an appeal.', { appeal_id: existing.id });
    assertRolling('PUB_APPEAL_QUOTA', 'appeal', rollingState(deps.config.pub.appealsPerDay, await records.appealsSince(author.id, dayAgo(now))), now);
    return records.insertAppeal({ revisionId, authorId: author.id, reason: input.reason, now });
  });
  return {
    appeal: { id: appeal.id, revision_id: revisionId, status: appeal.status, created_at: appeal.created_at },
    limits: await appealLimits(deps, author.id),
  };
}

export async function appealLimits(deps: LibDeps, authorId: string) {
  return rollingState(deps.config.pub.appealsPerDay, await createPubRecordsQueries(deps.db).appealsSince(authorId, dayAgo(deps.clock.now())));
}
