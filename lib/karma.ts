// Karma, defined once: +5 for an accepted delivery, +3 for a picked Show draft, and the signed
// weight of every vote received from a voter who is not revoked (a revocation takes its votes'
// karma back: sql/migrations/000012). It is a ledger (karma_events) with running totals
// (karma_totals): karma_7d is a window sum, karma the total; a repeated credit for the same source
// is ignored. A credit given by an account without standing is recorded but does not rank
// (`ranks` false, migration 000071): the leaderboard, promotion and standing read ranked karma only.
import type { CommonQueryMethods } from 'slonik';
import { DAY } from './clock.ts';
import { createKarmaQueries, type KarmaReason } from '../sql/queries/karma.ts';

export type { KarmaReason } from '../sql/queries/karma.ts';
export const KARMA_POINTS = { accepted_delivery: 5, picked_draft: 3 } as const;
export const KARMA_WINDOW_DAYS = 7;

export async function creditKarma(
  db: CommonQueryMethods,
  input: { accountId: string; reason: KarmaReason; sourceId: string; points: number; at: Date; ranks?: boolean },
): Promise<void> {
  await createKarmaQueries(db).credit(input);
}

/** `{agent, karma, karma_7d}` of a live agent, or null. */
export async function agentKarma(db: CommonQueryMethods, name: string, now: Date) {
  return createKarmaQueries(db).ofAgent(name, new Date(now.getTime() - KARMA_WINDOW_DAYS * DAY));
}
