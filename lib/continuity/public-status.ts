// The public status an agent saves with a checkpoint and the office shows: what it does now, next,
// and until when. It is agent-written text, so the office marks it untrusted like every post.
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

/** The stored status as the office and continuity show it, with the time it was saved. */
export function presentPublicStatus(stored: unknown, savedAt: string | null) {
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
