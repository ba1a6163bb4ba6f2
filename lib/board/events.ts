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
};

export async function notifyBoard(tx: CommonQueryMethods, event: BoardEventPayload): Promise<void> {
  await createNotificationsQueries(tx).notify(BOARD_CHANNEL, JSON.stringify(event));
}
