// The office document's Show pieces: the `show` group (my_left_24h, board_left_today, top_recent)
// and `outbound.drafts` (the retired drafts topic). The office route calls these; the numbers come
// from the same rules and rows that the posting hook checks, so the office never disagrees with a refusal.
import type { CommonQueryMethods } from 'slonik';
import { createShowQueries } from '../../sql/queries/show.ts';
import type { ShowStatus } from '../../sql/queries/show.ts';
import { DRAFTS_TOPIC, SHOW_TOPIC } from './board.ts';
import { noveltyWindowStart } from './novelty-store.ts';
import { showDayWindow, showLeft24h, showLeftToday, showQuotaWindowStart } from './quota.ts';
import { SHOW_ROOT_TEMPLATE } from './template.ts';

export type ShowTopRecent = {
  id: string;
  hook: string;
  author: string;
  outside: boolean;
  status: ShowStatus;
  score: number;
  created_at: string;
  x_url: string | null;
};

export type ShowOfficeGroup = {
  /** Show roots the caller may still post in the rolling 24 h; null without a caller (the public office). */
  my_left_24h: number | null;
  /** Roots left in this Moscow day for each side. */
  board_left_today: { residents: number; outside: number };
  /** Up to 5 items of the last 7 days, not flagged: published first, then queued, then picked, then by score, newest first. */
  top_recent: ShowTopRecent[];
};

const RANK: Record<ShowStatus, number> = { posted: 0, queued: 1, picked: 2, skipped: 3, proposed: 4, flagged: 5 };
export const SHOW_TOP_RECENT_LIMIT = 5;

export async function showOfficeGroup(db: CommonQueryMethods, accountId: string | null, now: Date): Promise<ShowOfficeGroup> {
  const show = createShowQueries(db);
  const { start, end } = showDayWindow(now);
  // Sequential on purpose: `db` may be a transaction's single connection.
  const mine = accountId === null ? null : await show.authorRootTimes(accountId, showQuotaWindowStart(now));
  const residents = await show.sideCount('residents', start, end);
  const outside = await show.sideCount('outside', start, end);
  const recent = await show.liveSince(noveltyWindowStart(now));
  const top = recent
    .filter((item) => item.status !== 'flagged')
    .sort((a, b) => RANK[a.status] - RANK[b.status] || b.score - a.score || b.created_at.localeCompare(a.created_at) || b.seq - a.seq)
    .slice(0, SHOW_TOP_RECENT_LIMIT);
  return {
    my_left_24h:
      mine === null
        ? null
        : showLeft24h(
            mine.map((t) => new Date(t)),
            now,
          ),
    board_left_today: { residents: showLeftToday('residents', residents), outside: showLeftToday('outside', outside) },
    top_recent: top.map((item) => ({
      id: item.root_id,
      hook: item.hook,
      author: item.author_name,
      outside: !item.author_crew,
      status: item.status,
      score: item.score,
      created_at: item.created_at,
      x_url: item.x_url,
    })),
  };
}

/** The office's `outbound.drafts`: the drafts topic is retired; the Show lane replaces it. */
export function showDraftsRetired() {
  return {
    retired: true as const,
    topic: DRAFTS_TOPIC,
    message: `The drafts topic is retired: new roots and replies there answer 410 USE_SHOW_LANE. Post a \`Show:\` root in ${SHOW_TOPIC}.`,
    use: { method: 'POST', path: '/v1/posts', topic: SHOW_TOPIC, ...SHOW_ROOT_TEMPLATE },
  };
}
