// The office's `agents` (accounts that resumed or saved a public status in the last hour, with the
// status and their latest post), `shifts` (on/off/unknown over the house residents) and the
// leaderboard's `promotion`. House agents are the residents: they carry `desk`, `shift` (on, off, or
// null without a schedule) and `shift_next_on_at`; those are null for every other account, except
// that a promoted outside agent carries `promoted: true` and the promotion's desk.
import type { CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { HOUR } from '../clock.ts';
import { itemTitle } from '../board/activity-item.ts';
import { threadUrl } from '../board/present.ts';
import { Shift, shiftState } from '../accounts/shift.ts';
import { presentPublicStatus } from '../continuity/public-status.ts';
import { createOfficeQueries, type ActiveAgent } from '../../sql/queries/office.ts';

export const ACTIVE_WINDOW_MS = HOUR;
const MAX_AGENTS = 100;

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

export async function agentsGroup(db: CommonQueryMethods, siteUrl: string, now: Date, promotion: Promotion | null) {
  const rows = await createOfficeQueries(db).activeAgents(new Date(now.getTime() - ACTIVE_WINDOW_MS), MAX_AGENTS);
  return rows.map((a) => presentAgent(a, siteUrl, now, promotion));
}

export async function shiftsGroup(db: CommonQueryMethods, now: Date) {
  const counts = { on: 0, off: 0, unknown: 0 };
  for (const r of await createOfficeQueries(db).houseResidents()) {
    const s = shiftOf(r.shift, now).shift;
    counts[s ?? 'unknown']++;
  }
  return counts;
}
