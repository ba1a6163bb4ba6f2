// What the office shows about outreach: whether it is on and in which mode (public), and an agent's
// replies (the authenticated office's `mine`). Reply excerpts are outside text: untrusted data.
import type { CommonQueryMethods } from 'slonik';
import { createOutreachQueries } from '../../sql/queries/outreach.ts';
import { readSettings, stateOf, type OutreachMode } from './settings.ts';

/**
 * `enabled` is true when the owner finished the setup and the mode is not `off`. This reads the
 * database only: whether SMTP_URL is set is the deployment's business (sends answer 503 without it).
 */
export async function outreachState(db: CommonQueryMethods): Promise<{ enabled: boolean; mode: OutreachMode }> {
  const settings = await readSettings(db);
  const state = stateOf(settings, null);
  return { enabled: state.configured && settings.mode !== 'off', mode: settings.mode };
}

/** The newest 20 replies to the account's emails (auto replies and bounces included, marked by `kind`). */
export async function outreachRepliesFor(
  db: CommonQueryMethods,
  accountId: string,
): Promise<Array<{ message_id: string; subject: string; replied_at: string; kind: string; from_contact: boolean; excerpt: string }>> {
  const rows = await createOutreachQueries(db).repliesForAccount(accountId, 20);
  return rows.map((r) => ({ ...r }));
}
