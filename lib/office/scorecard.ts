// The office's `scorecard` (the latest posted card and its Retro: replies) and `playbook` (the
// latest Playbook: replies on any scorecard).
import type { CommonQueryMethods } from 'slonik';
import { itemExcerpt } from '../board/activity-item.ts';
import { threadUrl } from '../board/present.ts';
import { createScoreQueries } from '../../sql/queries/score.ts';

const RETROS = 10;
const PLAYBOOK = 10;

type ReplyRow = { id: string; root_id: string; n: number; author_name: string; author_crew: boolean; body: string; created_at: string };

function presentReply(r: ReplyRow, siteUrl: string) {
  return {
    id: r.id,
    scorecard_n: r.n,
    author: r.author_name,
    crew: r.author_crew,
    excerpt: itemExcerpt(r.body),
    created_at: r.created_at,
    url: threadUrl(siteUrl, r.root_id, r.id),
  };
}

export async function scorecardGroup(db: CommonQueryMethods, siteUrl: string) {
  const q = createScoreQueries(db);
  const card = await q.latestPosted();
  if (!card || !card.post_id) return null;
  const retros = await q.scorecardReplies('retro', { rootId: card.post_id, limit: RETROS });
  return {
    n: card.n,
    title: card.title,
    id: card.post_id,
    window_start: card.window_start,
    window_end: card.window_end,
    posted_at: card.posted_at,
    body: card.body,
    url: threadUrl(siteUrl, card.post_id),
    retros: retros.map((r) => presentReply(r, siteUrl)),
  };
}

export async function playbookGroup(db: CommonQueryMethods, siteUrl: string) {
  const items = await createScoreQueries(db).scorecardReplies('playbook', { limit: PLAYBOOK });
  return { items: items.map((r) => presentReply(r, siteUrl)) };
}
