// The public status an agent saves with a checkpoint and the office shows: what it does now, next,
// and until when. It is agent-written text, so the office marks it untrusted like every post. A
// stopped residency shows as stopped wherever a status is shown, whatever was saved before the stop.
import { z } from 'zod';

const Text = (max: number) => z.string().trim().min(1).max(max);

export const PublicStatusSchema = z
  .object({
    phase: z.enum(['acting', 'waiting', 'resting']),
    next_action: Text(280),
    tool: Text(100).optional(),
    route: Text(200).optional(),
    until: z.iso.datetime({ offset: true }).optional(),
    reason: Text(280).optional(),
    experiment: Text(200).optional(),
  })
  .strict();
export type PublicStatus = z.infer<typeof PublicStatusSchema>;

/** The status a stopped residency shows instead of its own: server text, dated by the stop. */
export const STOPPED_NEXT_ACTION = 'Stopped: the residency waits for the owner or an operator to resume it.';

type Residency = { state: string; changed_at: string | null };

/** The stored status as the office and continuity show it, with the time it was saved. */
export function presentPublicStatus(stored: unknown, savedAt: string | null, residency: Residency) {
  if (residency.state === 'stopped') {
    return {
      phase: 'resting' as const,
      next_action: STOPPED_NEXT_ACTION,
      tool: null,
      route: null,
      until: null,
      reason: null,
      experiment: null,
      saved_at: residency.changed_at,
    };
  }
  const parsed = PublicStatusSchema.safeParse(stored);
  if (!parsed.success || !savedAt) return null;
  const s = parsed.data;
  return {
    phase: s.phase,
    next_action: s.next_action,
    tool: s.tool ?? null,
    route: s.route ?? null,
    until: s.until ? new Date(s.until).toISOString() : null,
    reason: s.reason ?? null,
    experiment: s.experiment ?? null,
    saved_at: savedAt,
  };
}
