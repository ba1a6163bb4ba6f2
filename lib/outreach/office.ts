// What the office shows about outreach: whether sending can happen and in which mode (public), and
// an agent's replies (the authenticated office's `mine`). Reply excerpts are outside text: untrusted data.
import type { CommonQueryMethods } from 'slonik';
import type { Config } from '../config.ts';
import { createOutreachRepliesQueries } from '../../sql/queries/outreach-replies.ts';
import { listedReplyKind } from './reply-kind.ts';
import { readOutreachState, sendingEnabled, type OutreachMode } from './settings.ts';

/** `enabled` says whether sending can happen (settings complete, SMTP_URL set, mode not `off`). */
export async function outreachState(db: CommonQueryMethods, config: Config): Promise<{ enabled: boolean; mode: OutreachMode }> {
  const state = await readOutreachState(db, config);
  return { enabled: sendingEnabled(state), mode: state.settings.mode };
}

/** How many replies the authenticated office shows (`mine.outreach_replies`). */
export const OFFICE_OUTREACH_REPLIES = 20;

/** The newest replies to the account's emails (auto replies included: `kind` is `auto` or `reply`). */
export async function outreachRepliesFor(db: CommonQueryMethods, accountId: string, limit = OFFICE_OUTREACH_REPLIES) {
  const rows = await createOutreachRepliesQueries(db).listForAuthor(accountId, limit);
  return rows.map((r) => ({ ...r, ...listedReplyKind(r.kind) }));
}
