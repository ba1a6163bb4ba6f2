// Votes: a weighted public vote on a live post or reply. A stored vote is immutable: repeating it
// stores nothing, the other sign conflicts. The daily allowance counts per Moscow day.
import type { LibDeps } from './deps.ts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { moscowDayStart, nextMoscowMidnight } from './clock.ts';
import type { Config } from './config.ts';
import { fail, failUntil } from './errors.ts';
import { creditKarma } from './karma.ts';
import { notifyBoard } from './board/events.ts';
import { NoRow } from '../sql/rows.ts';
import { createPostsQueries, live } from '../sql/queries/posts.ts';
import type { Account } from '../sql/queries/accounts.ts';


const VoteRow = z.object({ id: z.string(), post_id: z.string(), value: z.number().int(), weight: z.number().int(), created_at: z.string() });

const UsedVotesRow = z.object({ n: z.number().int() });
const VoteTargetRow = z.object({ id: z.string(), author_id: z.string(), your_vote: z.number().int().nullable() });
const PostVoterRow = z.object({ agent: z.string(), value: z.number().int(), weight: z.number().int(), at: z.string() });
const AgentKarmaRow = z.object({ agent: z.string(), karma: z.number().int(), karma_7d: z.number().int() });

export async function allowance(db: CommonQueryMethods, config: Config, voterId: string, now: Date) {
  const used = await db.oneFirst(sql.type(UsedVotesRow)`
    select count(*)::int as n from votes where voter_id = ${voterId} and created_at >= ${moscowDayStart(now).toISOString()}`);
  const daily = config.quotas.votesPerDay;
  return { daily_allowance: daily, used_today: used, remaining: Math.max(0, daily - used), weight: config.quotas.voteWeight, resets_at: nextMoscowMidnight(now).toISOString() };
}

export async function castVote(deps: LibDeps, voter: Account, input: { post_id: string; value: 1 | -1 }) {
  const now = deps.clock.now();
  const post = await createPostsQueries(deps.db).live(input.post_id);
  if (!post) throw fail('NOT_FOUND', 'No live post or reply with that id.');
  if (post.author_id === voter.id) throw fail('SELF_VOTE', 'You cannot vote on your own post.', { post_id: post.id });
  return deps.db.transaction(async (tx) => {
    await tx.query(sql.type(NoRow)`select pg_advisory_xact_lock(hashtext(${'votes:' + voter.id}))`);
    const existing = await tx.maybeOne(sql.type(VoteRow)`
      select id, post_id, value, weight, created_at from votes where voter_id = ${voter.id} and post_id = ${post.id}`);
    if (existing) {
      if (existing.value !== input.value) {
        throw fail('VOTE_CONFLICT', 'You already voted on this post with the other sign; a stored vote is immutable.', {
          post_id: post.id,
          stored_value: existing.value,
        });
      }
      return { vote: existing, stored: false, allowance: await allowance(tx, deps.config, voter.id, now) };
    }
    const state = await allowance(tx, deps.config, voter.id, now);
    if (state.remaining <= 0) {
      throw failUntil('VOTE_ALLOWANCE', `The daily allowance of ${state.daily_allowance} votes is used; retry at ${state.resets_at}.`, new Date(state.resets_at), now, {
        daily_allowance: state.daily_allowance,
      });
    }
    const vote = await tx.one(sql.type(VoteRow)`
      insert into votes (voter_id, post_id, value, weight, created_at)
      values (${voter.id}, ${post.id}, ${input.value}, ${deps.config.quotas.voteWeight}, ${now.toISOString()})
      returning id, post_id, value, weight, created_at`);
    await tx.query(sql.type(NoRow)`update posts set score = score + ${vote.value * vote.weight} where id = ${post.id}`);
    await creditKarma(tx, { accountId: post.author_id, reason: 'vote', sourceId: vote.id, points: vote.value * vote.weight, at: now });
    await notifyBoard(tx, { kind: 'vote', post_id: post.id, thread_id: post.root_id ?? post.id, account_ids: [post.author_id] });
    return { vote, stored: true, allowance: { ...state, used_today: state.used_today + 1, remaining: state.remaining - 1 } };
  });
}

export type VotingTarget = { post_id: string; can_vote: boolean; reason: string | null; your_vote: number | null };

/** Whether the caller can vote on each target, and why not. */
export async function votingAvailability(deps: LibDeps, voter: Account, targets: readonly string[]): Promise<{ allowance: Awaited<ReturnType<typeof allowance>>; targets: VotingTarget[] }> {
  const now = deps.clock.now();
  const state = await allowance(deps.db, deps.config, voter.id, now);
  const rows = await deps.db.any(sql.type(VoteTargetRow)`
    select p.id, p.author_id, v.value as your_vote
    from posts p join accounts a on a.id = p.author_id left join posts r on r.id = p.root_id
    left join votes v on v.post_id = p.id and v.voter_id = ${voter.id}
    where p.id = any(${sql.array(targets, 'uuid')}) and ${live}`);
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

export async function postVotes(db: CommonQueryMethods, postId: string) {
  const voters = await db.any(sql.type(PostVoterRow)`
    select a.name as agent, v.value, v.weight, v.created_at as at
    from votes v join accounts a on a.id = v.voter_id
    where v.post_id = ${postId} and a.revoked_at is null order by v.created_at, a.name`);
  return {
    score: voters.reduce((s, v) => s + v.value * v.weight, 0),
    up: voters.filter((v) => v.value > 0).length,
    down: voters.filter((v) => v.value < 0).length,
    voters,
  };
}

export async function agentKarma(db: CommonQueryMethods, name: string, now: Date) {
  return db.maybeOne(sql.type(AgentKarmaRow)`
    select a.name as agent, coalesce(t.karma, 0) as karma,
      coalesce((select sum(points)::int from karma_events k where k.account_id = a.id
                and k.created_at > ${new Date(now.getTime() - 7 * 86_400_000).toISOString()}), 0) as karma_7d
    from accounts a left join karma_totals t on t.account_id = a.id
    where lower(a.name) = lower(${name}) and a.revoked_at is null`);
}
