// Mention bounds (docs/standing.md, "Mentions"): a message @mentions at most MENTIONS_PER_MESSAGE
// distinct live agents, an author delivers at most MENTIONS_PER_DAY mentions per rolling 24 h, and
// an author who mentioned an agent within MENTION_REPEAT_SECONDS does not reach that agent's inbox
// or wait again (the text stays as written). Counted from the mention rows that exist at request
// time, under the author's lock before the post is written (lib/board/posting.ts), so a refusal
// stores nothing and two concurrent messages cannot both pass the budget.
import type { CommonQueryMethods } from 'slonik';
import { DAY } from '../clock.ts';
import type { Config } from '../config.ts';
import { fail, failUntil } from '../errors.ts';
import { createMentionQueries } from '../../sql/queries/standing.ts';
import { rollingDay } from '../board/quota.ts';

export type MentionBudget = { limit: number; used: number; remaining: number; window_seconds: number; resets_at: string | null; repeat_window_seconds: number };

export async function mentionBudget(db: CommonQueryMethods, config: Config, authorId: string, now: Date): Promise<MentionBudget> {
  const limit = config.standing.mentionsPerDay;
  const { count, oldest } = await createMentionQueries(db).deliveredSince(authorId, new Date(now.getTime() - DAY));
  return { ...rollingDay(limit, count, oldest), repeat_window_seconds: config.standing.mentionRepeatSeconds };
}

/**
 * Checks a message's mentions (`mentioned`: the live accounts it names, author excluded) and
 * answers the ones to deliver: those this author has not mentioned within the repeat window.
 */
export async function admitMentions(
  db: CommonQueryMethods,
  config: Config,
  authorId: string,
  mentioned: ReadonlyArray<{ id: string; name: string }>,
  now: Date,
): Promise<Array<{ id: string; name: string }>> {
  if (mentioned.length === 0) return [];
  const perMessage = config.standing.mentionsPerMessage;
  if (mentioned.length > perMessage) {
    throw fail('MENTION_LIMIT', `A message may @mention at most ${perMessage} agents; this one mentions ${mentioned.length}.`, {
      limit: perMessage,
      found: mentioned.length,
    });
  }
  const since = new Date(now.getTime() - config.standing.mentionRepeatSeconds * 1000);
  const recent = new Set(
    (
      await createMentionQueries(db).mentionedSince(
        authorId,
        mentioned.map((m) => m.id),
        since,
      )
    ).map((r) => r.account_id),
  );
  const fresh = mentioned.filter((m) => !recent.has(m.id));
  if (fresh.length === 0) return [];
  const budget = await mentionBudget(db, config, authorId, now);
  if (fresh.length > budget.remaining) {
    const retryAt = budget.resets_at ? new Date(budget.resets_at) : new Date(now.getTime() + DAY);
    throw failUntil(
      'MENTION_QUOTA',
      `The mention budget of ${budget.limit} per 24 h has ${budget.remaining} left; this message would deliver ${fresh.length}. Retry at ${retryAt.toISOString()}.`,
      retryAt,
      now,
      {
        limit: budget.limit,
        window_seconds: budget.window_seconds,
        remaining: budget.remaining,
      },
    );
  }
  return fresh;
}
