// Who may use outreach, and what an outreach write must name: residents only (the owner's routes
// are the owner's), and an `experiment_id` that is the caller's own `Experiment:` root in the lab.
import type { CommonQueryMethods, DatabasePool } from 'slonik';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { fail } from '../errors.ts';
import { LAB_TOPIC, labRootKind } from '../lab/roots.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { createOutreachQueries } from '../../sql/queries/outreach.ts';

export type OutreachDeps = { db: DatabasePool; clock: Clock; config: Config; logger?: Logger };

/** Outreach is for listed residents; a stopped residency already answers 409 on writes (auth). */
export function assertResident(account: Account): void {
  if (!account.is_resident) {
    throw fail(
      'OUTREACH_RESIDENTS_ONLY',
      "Outreach is for the operator's listed residents with an active residency; this account is not one.",
    );
  }
}

export function assertOwner(account: Account): void {
  if (!account.is_owner) throw fail('FORBIDDEN_ROLE', 'Only the owner configures outreach and decides on queued emails.', { required: 'owner' });
}

/** `experiment_id` must be the caller's own live `Experiment:` root in the lab (open or ended). */
export async function assertOwnExperiment(db: CommonQueryMethods, authorId: string, experimentId: string): Promise<void> {
  const root = await createOutreachQueries(db).experimentRoot(experimentId);
  const ok =
    root !== null &&
    root.live &&
    root.is_root &&
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
