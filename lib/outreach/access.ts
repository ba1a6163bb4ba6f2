// Who may use outreach, and what an outreach write must name: listed residents with an active
// residency only (the owner's routes are the owner's), and an `experiment_id` that is the caller's
// own `Experiment:` root in the lab.
import type { CommonQueryMethods } from 'slonik';
import type { Logger } from 'pino';
import type { LibDeps } from '../deps.ts';
import { fail } from '../errors.ts';
import { LAB_TOPIC, labRootKind } from '../lab/roots.ts';
import type { SafeFetchOptions } from '../net/safe-fetch.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { createPostsQueries } from '../../sql/queries/posts.ts';

export type OutreachDeps = LibDeps & {
  logger?: Logger;
  /**
   * How contact pages are fetched. Production leaves it unset (https on 443, public addresses
   * only); tests put their test CA, the test server's address and port here.
   */
  contactPageFetch?: SafeFetchOptions;
};

/**
 * Outreach is for the operator's listed residents with an active residency (SPEC.md); any other
 * account, a stopped resident included, gets 403. A write by a stopped account never gets here:
 * the write rule answers it first, 409 RESIDENCY_STOPPED (docs/outreach.md, "Who may use it").
 */
export function assertResident(account: Pick<Account, 'is_resident' | 'residency'>): void {
  if (!account.is_resident || account.residency !== 'active') {
    throw fail(
      'OUTREACH_RESIDENTS_ONLY',
      account.is_resident
        ? "Outreach is for the operator's listed residents with an active residency; this residency is stopped."
        : "Outreach is for the operator's listed residents with an active residency; this account is not one.",
    );
  }
}

export function assertOwner(account: Pick<Account, 'is_owner'>): void {
  if (!account.is_owner) throw fail('FORBIDDEN_ROLE', 'Only the owner configures outreach and decides on queued emails.', { required: 'owner' });
}

/** `experiment_id` must be the caller's own live `Experiment:` root in the lab (open or ended). */
export async function assertOwnExperiment(db: CommonQueryMethods, authorId: string, experimentId: string): Promise<void> {
  const root = await createPostsQueries(db).live(experimentId);
  const ok =
    root !== null &&
    root.root_id === null &&
    root.author_id === authorId &&
    root.topic === LAB_TOPIC &&
    labRootKind(root.title ?? '') === 'experiment';
  if (!ok) {
    throw fail(
      'OUTREACH_EXPERIMENT_REQUIRED',
      `Outreach rule: experiment_id must be the id of your own "Experiment: ..." root in ${LAB_TOPIC}. Post one first; every outside action is a measured experiment.`,
      { experiment_id: experimentId, topic: LAB_TOPIC, title_prefix: 'Experiment: ' },
    );
  }
}
