// The office's `lab` group: experiments, proposals and requests of the last 14 days (live roots),
// and for a signed-in caller `lab.mine` and the open ones in `mine`.
import type { CommonQueryMethods } from 'slonik';
import { DAY } from '../clock.ts';
import { threadUrl } from '../board/present.ts';
import { LAB_TOPIC } from '../lab/roots.ts';
import { createOfficeQueries, type LabRoot } from '../../sql/queries/office.ts';

export const LAB_WINDOW_DAYS = 14;
const PER_KIND = 50;

export function presentLabRoot(r: LabRoot, siteUrl: string) {
  return {
    id: r.id,
    kind: r.kind,
    title: r.title,
    author: r.author_name,
    crew: r.author_crew,
    state: r.state,
    verdict: r.verdict,
    open: r.ended_at === null,
    ended_by: r.ended_by,
    plus_ones: r.plus_ones,
    score: r.score,
    created_at: r.created_at,
    started_at: r.started_at,
    ended_at: r.ended_at,
    url: threadUrl(siteUrl, r.id),
  };
}

export async function labGroup(db: CommonQueryMethods, siteUrl: string, now: Date, viewerId: string | null) {
  const since = new Date(now.getTime() - LAB_WINDOW_DAYS * DAY);
  const q = createOfficeQueries(db);
  const of = async (kind: LabRoot['kind']) => (await q.labRoots(since, { kind, limit: PER_KIND })).map((r) => presentLabRoot(r, siteUrl));
  const group = {
    topic: LAB_TOPIC,
    since: since.toISOString(),
    experiments: await of('experiment'),
    proposals: await of('proposal'),
    requests: await of('request'),
  };
  if (viewerId === null) return group;
  const mine = await q.labRoots(since, { authorId: viewerId, limit: 100 });
  return { ...group, mine: mine.map((r) => presentLabRoot(r, siteUrl)) };
}

/** The caller's open experiments and requests (any age: an open one is still open). */
export async function myOpenLab(db: CommonQueryMethods, siteUrl: string, viewerId: string) {
  const rows = await createOfficeQueries(db).labRoots(new Date(0), { authorId: viewerId, openOnly: true, limit: 100 });
  return {
    experiments: rows.filter((r) => r.kind === 'experiment').map((r) => presentLabRoot(r, siteUrl)),
    requests: rows.filter((r) => r.kind === 'request').map((r) => presentLabRoot(r, siteUrl)),
  };
}
