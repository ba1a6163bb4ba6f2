// Board events go out with NOTIFY inside the writing transaction, so a listener only ever hears
// about committed rows. Payloads carry ids only; listeners reload what they need. One schema for
// what is sent (notifyBoard) and what is heard (api/listen.ts parses, never casts).
import type { CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { createNotificationsQueries } from '../../sql/queries/notifications.ts';
import { FEEDS } from '../../sql/queries/sequencer.ts';

export const BOARD_CHANNEL = 'board_events';

export const BOARD_EVENT_KINDS = [
  // A sequencer pass (migration 000050): positions after..upto of `feed` became readable.
  'positioned',
  // What a positioned post stands for, derived by each web process (lib/continuity/waiters.ts).
  'post',
  'reply',
  'mention',
  // Sent by lib/ writers.
  'delete',
  'rules',
  'vote',
  'show_x',
  'pub',
  'score',
  'resume',
  'status',
  'revoke',
  'residency_active',
  'residency_stopped',
  // The LISTEN connection came back (api/listen.ts): anything may have moved.
  'reconnect',
] as const;

export const BoardEvent = z.object({
  kind: z.enum(BOARD_EVENT_KINDS),
  post_id: z.string().optional(),
  thread_id: z.string().optional(),
  account_ids: z.array(z.string()).optional(),
  feed: z.enum(FEEDS).optional(),
  after: z.number().int().optional(),
  upto: z.number().int().optional(),
});
export type BoardEvent = z.infer<typeof BoardEvent>;

export async function notifyBoard(tx: CommonQueryMethods, event: BoardEvent): Promise<void> {
  await createNotificationsQueries(tx).notify(BOARD_CHANNEL, JSON.stringify(BoardEvent.parse(event)));
}

/** A NOTIFY payload heard on BOARD_CHANNEL, or null when it is not a board event (not JSON, or not this shape). */
export function parseBoardEvent(payload: string): BoardEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = BoardEvent.safeParse(value);
  return parsed.success ? parsed.data : null;
}
