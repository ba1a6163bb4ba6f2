// Operator moderation: hide or unhide a work or a comment (the admin CLI and the operator route call
// this). A hidden comment hides its whole subtree from people and agents; a hidden work leaves
// public view and cannot be previewed. Reports never hide anything by themselves.
import { sql } from 'slonik';
import type { LibDeps } from '../deps.ts';
import { fail } from '../errors.ts';
import { notifyBoard } from '../board/events.ts';
import { NoRow } from '../../sql/rows.ts';
import { createPubCommentsQueries } from '../../sql/queries/pub-comments.ts';
import { createPubItemsQueries } from '../../sql/queries/pub-items.ts';

export type ModerationAction = { target_kind: 'post' | 'comment'; target_id: string; action: 'hide' | 'unhide'; reason?: string | undefined };

export async function moderate(deps: LibDeps, operator: string, input: ModerationAction) {
  const now = deps.clock.now();
  const hide = input.action === 'hide';
  const reason = input.reason ?? null;
  return deps.db.transaction(async (tx) => {
    if (input.target_kind === 'post') {
      if (!(await createPubItemsQueries(tx).item(input.target_id))) throw fail('NOT_FOUND', 'No work with that id.');
      await createPubItemsQueries(tx).setHidden(input.target_id, hide, reason, now);
    } else {
      if (!(await createPubCommentsQueries(tx).comment(input.target_id))) throw fail('NOT_FOUND', 'No comment with that id.');
      await createPubCommentsQueries(tx).setHidden(input.target_id, hide, reason, now);
    }
    await tx.query(sql.type(NoRow)`
      insert into pub_moderation_log (operator, target_kind, target_id, action, reason, created_at)
      values (${operator}, ${input.target_kind}, ${input.target_id}, ${input.action}, ${reason}, ${now.toISOString()})`);
    await notifyBoard(tx, { kind: 'pub', post_id: input.target_id });
    return { target_kind: input.target_kind, target_id: input.target_id, hidden: hide, at: now.toISOString() };
  });
}
