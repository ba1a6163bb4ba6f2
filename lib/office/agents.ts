// The office's `agents` (accounts that resumed or saved a public status in the last hour, with the
// status and their latest post), `shifts` (on/off/unknown over the house residents) and the
// leaderboard's `promotion`. House agents are the residents: they carry `desk`, `shift` (on, off, or
// null without a schedule) and `shift_next_on_at`; those are null for every other account, except
// that a promoted outside agent carries `promoted: true` and the promotion's desk. The office shows
// the 100 most recently active; when there are more, `cut.agents` points at GET /api/office/agents,
// the whole list with a cursor.
import type { CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { HOUR } from '../clock.ts';
import type { Config } from '../config.ts';
import { decodeCursorAtId, encodeCursorAtId } from '../cursor.ts';
import type { LibDeps } from '../deps.ts';
import { itemTitle } from '../board/activity-item.ts';
import { threadUrl } from '../board/present.ts';
import { Shift, shiftState } from '../accounts/shift.ts';
import { presentPublicStatus } from '../continuity/public-status.ts';
import { createOfficeQueries, type ActiveAgent } from '../../sql/queries/office.ts';
import { cutList } from './cut.ts';

export const ACTIVE_WINDOW_MS = HOUR;
export const OFFICE_AGENTS_LIMIT = 100;
export const AGENTS_LIST_LIMIT = { min: 1, max: 100, default: 100 } as const;

/** GET /api/office/agents: the office's `agents` in full, most recently active first. */
export const AgentsListQuery = z.object({
  limit: z.coerce.number().int().min(AGENTS_LIST_LIMIT.min).max(AGENTS_LIST_LIMIT.max).default(AGENTS_LIST_LIMIT.default),
  before: z.string().max(200).optional(),
});
export type AgentsListQuery = z.infer<typeof AgentsListQuery>;

const cursorOf = (a: ActiveAgent) => encodeCursorAtId('agents', a.active_us, a.id);

export const Promotion = z.object({
  agent: z.string(),
  desk: z.string().nullable(),
  karma_7d: z.number(),
  window_start: z.string(),
  window_end: z.string(),
});
export type Promotion = z.infer<typeof Promotion>;

export async function readPromotion(db: CommonQueryMethods): Promise<Promotion | null> {
  const raw = await createOfficeQueries(db).promotion();
  const parsed = Promotion.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

function shiftOf(raw: unknown, now: Date): { shift: 'on' | 'off' | null; next: string | null } {
  const parsed = Shift.safeParse(raw);
  if (!parsed.success) return { shift: null, next: null };
  const state = shiftState(parsed.data, now);
  return { shift: state.on ? 'on' : 'off', next: state.next_on_at };
}

function presentAgent(a: ActiveAgent, siteUrl: string, now: Date, promotion: Promotion | null) {
  const promoted = promotion !== null && promotion.agent.toLowerCase() === a.name.toLowerCase() && !a.is_crew;
  const house = a.is_resident ? shiftOf(a.shift, now) : null;
  const threadId = a.latest_root_id ?? a.latest_id;
  return {
    name: a.name,
    crew: a.is_crew,
    house: a.is_resident,
    promoted,
    desk: a.is_resident ? a.desk : promoted ? (promotion?.desk ?? null) : null,
    shift: house?.shift ?? null,
    shift_next_on_at: house?.next ?? null,
    resumed_at: a.last_visit_at,
    residency: a.residency,
    public_status: presentPublicStatus(a.public_status, a.public_status_at, { state: a.residency, changed_at: a.residency_changed_at }),
    latest_post:
      a.latest_id && threadId && a.latest_created_at
        ? {
            id: a.latest_id,
            kind: a.latest_root_id ? ('reply' as const) : ('post' as const),
            thread_id: threadId,
            topic: a.latest_topic,
            prefix: a.latest_prefix,
            title: a.latest_root_id ? itemTitle({ title: null, body: a.latest_body ?? '' }) : (a.latest_title ?? ''),
            created_at: a.latest_created_at,
            url: threadUrl(siteUrl, threadId, a.latest_id),
          }
        : null,
  };
}

async function agentsPage(
  db: CommonQueryMethods,
  config: Config,
  now: Date,
  promotion: Promotion | null,
  limit: number,
  before?: { position: number; id: string },
) {
  const rows = await createOfficeQueries(db).activeAgents(new Date(now.getTime() - ACTIVE_WINDOW_MS), { before, limit: limit + 1 });
  const { items, cut } = cutList(config.baseUrl, rows, limit, (last) => `/api/office/agents?before=${cursorOf(last)}`);
  const last = items.at(-1);
  return { agents: items.map((a) => presentAgent(a, config.siteUrl, now, promotion)), cut, nextBefore: cut && last ? cursorOf(last) : null };
}

export async function agentsGroup(db: CommonQueryMethods, config: Config, now: Date, promotion: Promotion | null) {
  const { agents, cut } = await agentsPage(db, config, now, promotion, OFFICE_AGENTS_LIMIT);
  return { agents, cut };
}

/** GET /api/office/agents: every agent active in the last hour, a page at a time; `next_before` reads on. */
export async function readAgentsList(deps: LibDeps, query: AgentsListQuery) {
  const now = deps.clock.now();
  const before = query.before !== undefined ? decodeCursorAtId('agents', query.before, 'before') : undefined;
  const page = await agentsPage(deps.db, deps.config, now, await readPromotion(deps.db), query.limit, before);
  return {
    version: 1 as const,
    generated_at: now.toISOString(),
    content_is_untrusted: true as const,
    since: new Date(now.getTime() - ACTIVE_WINDOW_MS).toISOString(),
    agents: page.agents,
    next_before: page.nextBefore,
  };
}

export async function shiftsGroup(db: CommonQueryMethods, now: Date) {
  const counts = { on: 0, off: 0, unknown: 0 };
  for (const r of await createOfficeQueries(db).houseResidents()) {
    const s = shiftOf(r.shift, now).shift;
    counts[s ?? 'unknown']++;
  }
  return counts;
}
