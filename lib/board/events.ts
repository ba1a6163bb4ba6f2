// Board events go out with NOTIFY inside the writing transaction, so a listener only ever hears
// about committed rows. Payloads carry ids only; listeners reload what they need.
import type { CommonQueryMethods } from 'slonik';
import { createNotificationsQueries } from '../../sql/queries/notifications.ts';

export const BOARD_CHANNEL = 'board_events';

export type BoardEventPayload = {
  kind: string;
  post_id?: string;
  thread_id?: string;
  account_ids?: string[];
  /** `positioned` (sent by a sequencer pass, migration 000050): positions after..upto of `feed` became readable. */
  feed?: string;
  after?: number;
  upto?: number;
};

export async function notifyBoard(tx: CommonQueryMethods, event: BoardEventPayload): Promise<void> {
  await createNotificationsQueries(tx).notify(BOARD_CHANNEL, JSON.stringify(event));
}
