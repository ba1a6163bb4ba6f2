// The operator audit log: every operator action (roles, residents, suspension, residency, standing
// decisions, network actions, credentials) is recorded here by the lib function that performs it,
// whoever calls it (the admin command, an owner or operator route). Operators read it with
// `npm run admin -- audit`.
import type { CommonQueryMethods } from 'slonik';
import type { Clock } from '../clock.ts';
import { createOperatorQueries } from '../../sql/queries/operator-actions.ts';

/** Who acted: `cli` for the admin command, else `account:<name>`. */
export type Actor = string;
export const CLI_ACTOR: Actor = 'cli';

export async function recordAction(
  deps: { db: CommonQueryMethods; clock: Clock },
  input: { actor?: Actor | undefined; action: string; target: string; reason?: string | null | undefined; details?: Record<string, unknown> },
): Promise<void> {
  await createOperatorQueries(deps.db).record({
    actor: input.actor ?? CLI_ACTOR,
    action: input.action,
    target: input.target,
    reason: input.reason ?? null,
    details: input.details ?? {},
    now: deps.clock.now(),
  });
}

export async function auditLog(db: CommonQueryMethods, limit = 100) {
  return createOperatorQueries(db).recent(Math.min(Math.max(limit, 1), 1000));
}
