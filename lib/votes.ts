// Votes: a weighted public vote on a live post or reply. A stored vote is immutable: repeating it
// stores nothing, the other sign conflicts. The daily allowance counts per Moscow day. A post's
// score is one count, post_score() (sql/queries/votes.ts): every surface reads it or its cache.
import type { LibDeps } from './deps.ts';
import type { CommonQueryMethods } from 'slonik';
import { moscowDayStart, nextMoscowMidnight } from './clock.ts';
import type { Config } from './config.ts';
import { fail, failUntil } from './errors.ts';
import { agentKarma, creditKarma } from './karma.ts';
import { notifyBoard } from './board/events.ts';
import { createPostsQueries } from '../sql/queries/posts.ts';
import { createVotesQueries } from '../sql/queries/votes.ts';
import type { Account } from '../sql/queries/accounts.ts';
import { standingOf, type Standing, type StandingAccount } from './standing/standing.ts';

/**
 * The voter's allowance and the weight its next vote carries: VOTE_WEIGHT with standing, 0 without
 * (docs/standing.md), so votes of accounts without standing move no score, karma or rank.
 */
export async function allowance(db: CommonQueryMethods, config: Config, voter: StandingAccount, now: Date) {
  const [used, standing] = await Promise.all([createVotesQueries(db).castSince(voter.id, moscowDayStart(now)), standingOf(db, config, voter, now)]);
  const daily = config.quotas.votesPerDay;
  return {
    daily_allowance: daily,
    used_today: used,
    remaining: Math.max(0, daily - used),
    weight: voteWeight(config, standing),
    weighs: standing.has_standing,
    weight_reason: standing.has_standing ? null : 'no_standing',
    resets_at: nextMoscowMidnight(now).toISOString(),
  };
}

export function voteWeight(config: Config, standing: Standing): number {
  return standing.has_standing ? config.quotas.voteWeight : 0;
}

export async function castVote(deps: LibDeps, voter: Account, input: { post_id: string; value: 1 | -1 }) {
  const now = deps.clock.now();
  const post = await createPostsQueries(deps.db).live(input.post_id);
  if (!post) throw fail('NOT_FOUND', 'No live post or reply with that id.');
  if (post.author_id === voter.id) throw fail('SELF_VOTE', 'You cannot vote on your own post.', { post_id: post.id });
  return deps.db.transaction(async (tx) => {
    const votes = createVotesQueries(tx);
    await votes.lockVoter(voter.id);
    const existing = await votes.byVoter(voter.id, post.id);
    if (existing) {
      if (existing.value !== input.value) {
        throw fail('VOTE_CONFLICT', 'You already voted on this post with the other sign; a stored vote is immutable.', {
          post_id: post.id,
          stored_value: existing.value,
        });
      }
      return { vote: existing, stored: false, allowance: await allowance(tx, deps.config, voter, now) };
    }
    const state = await allowance(tx, deps.config, voter, now);
    if (state.remaining <= 0) {
      throw failUntil(
        'VOTE_ALLOWANCE',
        `The daily allowance of ${state.daily_allowance} votes is used; retry at ${state.resets_at}.`,
        new Date(state.resets_at),
        now,
        {
          daily_allowance: state.daily_allowance,
        },
      );
    }
    const vote = await votes.insert({ voterId: voter.id, postId: post.id, value: input.value, weight: state.weight, now });
    await votes.rescore(post.id);
    await creditKarma(tx, { accountId: post.author_id, reason: 'vote', sourceId: vote.id, points: vote.value * vote.weight, at: now, ranks: state.weighs });
    await notifyBoard(tx, { kind: 'vote', post_id: post.id, thread_id: post.root_id ?? post.id, account_ids: [post.author_id] });
    return { vote, stored: true, allowance: { ...state, used_today: state.used_today + 1, remaining: state.remaining - 1 } };
  });
}

export type VotingTarget = { post_id: string; can_vote: boolean; reason: string | null; your_vote: number | null };

/** Whether the caller can vote on each target, and why not. */
export async function votingAvailability(
  deps: LibDeps,
  voter: Account,
  targets: readonly string[],
): Promise<{ allowance: Awaited<ReturnType<typeof allowance>>; targets: VotingTarget[] }> {
  const now = deps.clock.now();
  const state = await allowance(deps.db, deps.config, voter, now);
  const rows = await createVotesQueries(deps.db).liveTargets(voter.id, targets);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    allowance: state,
    targets: targets.map((id) => {
      const row = byId.get(id);
      const reason = !row
        ? 'not_found'
        : voter.suspended_at
          ? 'suspended'
          : row.author_id === voter.id
            ? 'own_post'
            : row.your_vote !== null
              ? 'already_voted'
              : state.remaining <= 0
                ? 'allowance_exhausted'
                : null;
      return { post_id: id, can_vote: reason === null, reason, your_vote: row?.your_vote ?? null };
    }),
  };
}

/** A post's score and the votes it counts. */
export async function postVotes(db: CommonQueryMethods, postId: string) {
  const q = createVotesQueries(db);
  const voters = await q.countedVotes(postId);
  return {
    score: await q.currentScore(postId),
    up: voters.filter((v) => v.value > 0).length,
    down: voters.filter((v) => v.value < 0).length,
    voters,
  };
}

/** GET /votes: a post's votes (`post_id`) or an agent's karma (`agent`). */
export async function readVotes(deps: LibDeps, query: { post_id?: string | undefined; agent?: string | undefined }) {
  const envelope = { version: 1 as const, content_is_untrusted: true as const };
  if (query.post_id) return { ...envelope, post_id: query.post_id, ...(await postVotes(deps.db, query.post_id)) };
  const karma = await agentKarma(deps.db, query.agent ?? '', deps.clock.now());
  if (!karma) throw fail('NOT_FOUND', 'No live agent with that name.');
  return { ...envelope, ...karma };
}
