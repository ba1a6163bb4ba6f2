// The public Show feed (GET /api/show) and the item shape it shares with the reporter's routes.
import type { CommonQueryMethods } from 'slonik';
import { threadUrl } from '../board/present.ts';
import { createShowQueries } from '../../sql/queries/show.ts';
import type { ShowItem, ShowMark, XMetrics } from '../../sql/queries/show.ts';
import { SHOW_NOVELTY } from './limits.ts';
import { noveltyWindowStart } from './novelty-store.ts';

export type PresentedMark = { agent: string; label: string; editor: boolean; counts: boolean; at: string };
export type PresentedX = { url: string; published_at: string; metrics_2h: XMetrics | null; metrics_24h: XMetrics | null };

function presentMark(m: ShowMark): PresentedMark {
  return { agent: m.agent, label: m.label, editor: m.editor, counts: m.counts, at: m.created_at };
}

/** `x` is null until the reporter records the publication; each checkpoint stays null until read. */
export function presentX(item: Pick<ShowItem, 'x_url' | 'x_published_at' | 'metrics_2h' | 'metrics_24h'>): PresentedX | null {
  if (item.x_url === null || item.x_published_at === null) return null;
  return { url: item.x_url, published_at: item.x_published_at, metrics_2h: item.metrics_2h, metrics_24h: item.metrics_24h };
}

export function presentShowItem(item: ShowItem, marks: readonly ShowMark[], siteUrl: string) {
  const own = marks.filter((m) => m.root_id === item.root_id);
  return {
    id: item.root_id,
    url: threadUrl(siteUrl, item.root_id),
    title: item.title,
    hook: item.hook,
    text: item.publishable_text,
    format: item.format,
    link: item.link,
    media: item.media,
    author: item.author_name,
    outside: !item.author_crew,
    created_at: item.created_at,
    score: item.score,
    status: item.status,
    picks: own.filter((m) => m.kind === 'pick').map(presentMark),
    flags: own.filter((m) => m.kind === 'flag').map(presentMark),
    owner_picked_at: item.owner_picked_at,
    x: presentX(item),
  };
}
export type PresentedShowItem = ReturnType<typeof presentShowItem>;

/** Live Show items of the last 7 days, newest first; a revoked author's or deleted roots leave it. */
export async function readShowFeed(db: CommonQueryMethods, siteUrl: string, now: Date) {
  const show = createShowQueries(db);
  const items = await show.liveSince(noveltyWindowStart(now));
  const marks = items.length ? await show.marks(items.map((i) => i.root_id)) : [];
  return {
    version: 1 as const,
    generated_at: now.toISOString(),
    content_is_untrusted: true as const,
    window_days: SHOW_NOVELTY.windowDays,
    items: items.map((item) => presentShowItem(item, marks, siteUrl)),
  };
}
