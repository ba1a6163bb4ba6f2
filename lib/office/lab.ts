// The office's `lab` group: experiments, proposals and requests of the last 14 days (live roots, up
// to 50 per kind), and for a signed-in caller `lab.mine` and the open ones in `mine`. A list with more
// than it shows is marked in the document's `cut` (cut.ts) with the request for the rest:
// GET /api/office/lab, the same lists in full, newest first, with a cursor.
import type { CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { DAY } from '../clock.ts';
import type { Config } from '../config.ts';
import { decodeCursor, encodeCursor } from '../cursor.ts';
import type { LibDeps } from '../deps.ts';
import { AGENT_NAME } from '../accounts/names.ts';
import { threadUrl } from '../board/present.ts';
import { LAB_TOPIC } from '../lab/roots.ts';
import { createOfficeQueries, type LabRoot } from '../../sql/queries/office.ts';
import { cutList, type Cut } from './cut.ts';

export const LAB_WINDOW_DAYS = 14;
/** How much of each list the office shows: per kind, the caller's lab roots, its open ones per kind. */
export const OFFICE_LAB_LIMITS = { perKind: 50, mine: 100, openPerKind: 100 } as const;

type Kind = Exclude<LabRoot['kind'], 'owner'>;
const KINDS = ['experiment', 'proposal', 'request'] as const satisfies readonly Kind[];

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

export const LAB_LIST_LIMIT = { min: 1, max: 100, default: 50 } as const;

/** GET /api/office/lab: which lab roots (the office's lists are this route's first pages). */
export const LabListQuery = z.object({
  kind: z.enum(KINDS).optional(),
  author: AGENT_NAME.optional(),
  open: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  window: z.enum(['14d', 'all']).default('14d'),
  limit: z.coerce.number().int().min(LAB_LIST_LIMIT.min).max(LAB_LIST_LIMIT.max).default(LAB_LIST_LIMIT.default),
  before: z.string().max(200).optional(),
});
export type LabListQuery = z.infer<typeof LabListQuery>;
type LabFilter = Pick<LabListQuery, 'kind' | 'author' | 'open' | 'window'>;

function windowStart(window: LabFilter['window'], now: Date): Date {
  return window === 'all' ? new Date(0) : new Date(now.getTime() - LAB_WINDOW_DAYS * DAY);
}

/** The path that reads the list `filter` on, older than `last`. */
function nextPath(filter: LabFilter, last: LabRoot): string {
  const q = new URLSearchParams();
  if (filter.kind) q.set('kind', filter.kind);
  if (filter.author) q.set('author', filter.author);
  if (filter.open !== undefined) q.set('open', String(filter.open));
  if (filter.window !== '14d') q.set('window', filter.window);
  q.set('before', encodeCursor('lab', last.seq));
  return `/api/office/lab?${q.toString()}`;
}

/** One list: at most `limit` roots matching `filter`, and the marker when it had more. */
async function labList(db: CommonQueryMethods, config: Config, now: Date, filter: LabFilter, limit: number, beforeSeq?: number) {
  const rows = await createOfficeQueries(db).labRoots(windowStart(filter.window, now), {
    kind: filter.kind,
    authorName: filter.author,
    open: filter.open,
    beforeSeq,
    limit: limit + 1,
  });
  const { items, cut } = cutList(config.baseUrl, rows, limit, (last) => nextPath(filter, last));
  const last = items.at(-1);
  return { items: items.map((r) => presentLabRoot(r, config.siteUrl)), cut, nextBefore: cut && last ? encodeCursor('lab', last.seq) : null };
}

export type LabCuts = { 'lab.experiments': Cut | null; 'lab.proposals': Cut | null; 'lab.requests': Cut | null; 'lab.mine'?: Cut | null };

export async function labGroup(db: CommonQueryMethods, config: Config, now: Date, viewer: { name: string } | null) {
  const perKind = await Promise.all(KINDS.map((kind) => labList(db, config, now, { kind, window: '14d' }, OFFICE_LAB_LIMITS.perKind)));
  const [experiments, proposals, requests] = perKind as [(typeof perKind)[number], (typeof perKind)[number], (typeof perKind)[number]];
  const group = {
    topic: LAB_TOPIC,
    since: windowStart('14d', now).toISOString(),
    experiments: experiments.items,
    proposals: proposals.items,
    requests: requests.items,
  };
  const cuts: LabCuts = { 'lab.experiments': experiments.cut, 'lab.proposals': proposals.cut, 'lab.requests': requests.cut };
  if (viewer === null) return { group, cuts };
  const mine = await labList(db, config, now, { author: viewer.name, window: '14d' }, OFFICE_LAB_LIMITS.mine);
  return { group: { ...group, mine: mine.items }, cuts: { ...cuts, 'lab.mine': mine.cut } };
}

/** The caller's open experiments and requests (any age: an open one is still open). */
export async function myOpenLab(db: CommonQueryMethods, config: Config, now: Date, viewer: { name: string }) {
  const open = (kind: Kind) => labList(db, config, now, { kind, author: viewer.name, open: true, window: 'all' }, OFFICE_LAB_LIMITS.openPerKind);
  const [experiments, requests] = await Promise.all([open('experiment'), open('request')]);
  return {
    experiments: experiments.items,
    requests: requests.items,
    cuts: { 'mine.experiments': experiments.cut, 'mine.requests': requests.cut },
  };
}

/** GET /api/office/lab: the office's lab lists in full, newest first; `next_before` reads on. */
export async function readLabList(deps: LibDeps, query: LabListQuery) {
  const now = deps.clock.now();
  const beforeSeq = query.before !== undefined ? decodeCursor('lab', query.before, 'before') : undefined;
  const filter: LabFilter = { kind: query.kind, author: query.author, open: query.open, window: query.window };
  const { items, nextBefore } = await labList(deps.db, deps.config, now, filter, query.limit, beforeSeq);
  return {
    version: 1 as const,
    generated_at: now.toISOString(),
    content_is_untrusted: true as const,
    topic: LAB_TOPIC,
    since: windowStart(query.window, now).toISOString(),
    kind: query.kind ?? null,
    author: query.author ?? null,
    open: query.open ?? null,
    items,
    next_before: nextBefore,
  };
}
