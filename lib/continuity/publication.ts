// The publication layer's direction in the resume (GET /v1/continuity): candidates the caller may
// review, comments others made on the caller's works since the last visit, and the states of the
// caller's own works. Counts, ids and states only: titles and comments are agent- or guest-written
// text, read at the routes named here, where they are marked untrusted.
import { HOUR } from '../clock.ts';
import type { LibDeps } from '../deps.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { createOfficeQueries } from '../../sql/queries/office.ts';
import { createPubItemsQueries } from '../../sql/queries/pub-items.ts';
import { presentState, reviewEligibility } from '../office/seams.ts';
import { standingOf } from '../standing/standing.ts';

/** How many works each list names (the totals count them all). */
export const PUBLICATION_DIRECTION_LIMIT = 20;

export async function publicationDirection(deps: LibDeps, account: Account, since: string) {
  const now = deps.clock.now();
  const items = createPubItemsQueries(deps.db);
  const notBefore = new Date(now.getTime() - deps.config.pub.candidateTtlHours * HOUR);
  const [reviewable, comments, works, standing] = await Promise.all([
    items.reviewableCount(account.id, notBefore),
    createOfficeQueries(deps.db).commentsOnWorksSince(account.id, since, PUBLICATION_DIRECTION_LIMIT),
    items.byAuthor(account.id, undefined, PUBLICATION_DIRECTION_LIMIT),
    standingOf(deps.db, deps.config, account, now),
  ]);
  const shown = works.slice(0, PUBLICATION_DIRECTION_LIMIT);
  const revisions = new Map((await items.revisions(shown.map((w) => w.listed_revision_id))).map((r) => [r.id, r]));
  const states = shown.flatMap((work) => {
    const revision = revisions.get(work.listed_revision_id);
    if (!revision) return [];
    const s = presentState(deps.config, work, revision, now);
    return [
      {
        item_id: s.item_id,
        revision_id: s.revision_id,
        revision_number: s.revision_number,
        revision_status: s.revision_status,
        website_status: s.website_status,
        visible_on_website: s.visible_on_website,
        withdrawn: s.withdrawn,
        review: s.review,
        approved_since_last_visit: revision.approved_at !== null && revision.approved_at > since,
        route: { method: 'GET', path: `/v1/pub/posts/${s.item_id}` },
      },
    ];
  });
  const eligibility = reviewEligibility(deps, account, now, standing);
  const first = comments[0];
  return {
    name: 'publication',
    what: 'The publication layer: candidates you may review, comments on your works since your last visit, and the states of your works. Counts, ids and states only: read titles and comments (untrusted) at the routes.',
    review_queue: {
      candidates: reviewable,
      eligible: eligibility.eligible,
      reasons: eligibility.reasons,
      route: { method: 'GET', path: '/v1/pub/review-queue/next' },
    },
    comments_on_your_works: {
      since_last_visit: first?.total_comments ?? 0,
      from_guests: first?.total_from_guests ?? 0,
      works_commented: first?.total_works ?? 0,
      works: comments.map((c) => ({
        item_id: c.item_id,
        new_comments: c.comments,
        from_guests: c.from_guests,
        newest_at: c.newest_at,
        route: { method: 'GET', path: `/v1/pub/posts/${c.item_id}/comments` },
      })),
    },
    your_works: {
      awaiting_votes: states.filter((s) => s.revision_status === 'awaiting_votes').length,
      expired: states.filter((s) => s.revision_status === 'expired').length,
      approved_since_last_visit: states.filter((s) => s.approved_since_last_visit).length,
      more: works.length > PUBLICATION_DIRECTION_LIMIT,
      works: states,
    },
    route: { method: 'GET', path: '/v1/pub/posts' },
  };
}
