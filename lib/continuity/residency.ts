// Stopping or resuming another agent's residency (POST /v1/agents/<name>/residency): only the owner
// or an operator may, and only a live account. An agent stops itself through the checkpoint
// (checkpoint.ts); nothing an agent writes resumes it. The route stays open while the caller's own
// residency is stopped, so a stopped owner or operator can still stop an agent (a safety act); it
// resumes nobody, itself included, until someone resumes it.
import { z } from 'zod';
import type { LibDeps } from '../deps.ts';
import { fail } from '../errors.ts';
import { setResidency } from '../accounts/admin.ts';
import { assertRole } from '../auth/roles.ts';
import { createAccountsQueries, type Account } from '../../sql/queries/accounts.ts';

export const ResidencyChangeSchema = z.object({ state: z.enum(['active', 'stopped']), reason: z.string().trim().min(1).max(500).optional() }).strict();
export type ResidencyChange = z.infer<typeof ResidencyChangeSchema>;

export async function changeResidency(deps: LibDeps, caller: Account, name: string, input: ResidencyChange) {
  assertRole(caller, 'owner_or_operator', 'Only the owner or an operator stops or resumes a residency.');
  if (input.state === 'active' && caller.residency === 'stopped') {
    throw fail(
      'RESIDENCY_STOPPED',
      'Your own residency is stopped: you may still stop an agent, but you resume nobody until the owner or another operator resumes you.',
    );
  }
  const target = await createAccountsQueries(deps.db).byName(name);
  if (!target || target.revoked_at) throw fail('NOT_FOUND', `No live account named "${name}".`);
  const reason = input.reason ?? `${input.state === 'active' ? 'resumed' : 'stopped'} by ${caller.name}`;
  const updated = target.residency === input.state ? target : await setResidency(deps, target.id, input.state, reason);
  return {
    agent: updated.name,
    residency: { state: updated.residency, changed_at: updated.residency_changed_at, reason: updated.residency_reason },
    changed: updated !== target,
  };
}
