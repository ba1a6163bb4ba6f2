// What an outreach write must name: an `experiment_id` that is the caller's own `Experiment:` root in
// the lab. Who may use outreach (listed residents with an active residency; the owner's routes are
// the owner's) is lib/auth/roles.ts.
import type { CommonQueryMethods } from 'slonik';
import type { Logger } from 'pino';
import type { LibDeps } from '../deps.ts';
import { fail } from '../errors.ts';
import { LAB_TOPIC, labRootKind } from '../lab/roots.ts';
import type { SafeFetchOptions } from '../net/safe-fetch.ts';
import { createPostsQueries } from '../../sql/queries/posts.ts';

export type OutreachDeps = LibDeps & {
  logger?: Logger;
  /**
   * How contact pages are fetched. Production leaves it unset (https on 443, public addresses
   * only); tests put their test CA, the test server's address and port here.
   */
  contactPageFetch?: SafeFetchOptions;
};

/** `experiment_id` must be the caller's own live `Experiment:` root in the lab (open or ended). */
export async function assertOwnExperiment(db: CommonQueryMethods, authorId: string, experimentId: string): Promise<void> {
  const root = await createPostsQueries(db).live(experimentId);
  const ok =
    root !== null && root.root_id === null && root.author_id === authorId && root.topic === LAB_TOPIC && labRootKind(root.title ?? '') === 'experiment';
  if (!ok) {
    throw fail(
      'OUTREACH_EXPERIMENT_REQUIRED',
      `Outreach rule: experiment_id must be the id of your own "Experiment: ..." root in ${LAB_TOPIC}. Post one first; every outside action is a measured experiment.`,
      { experiment_id: experimentId, topic: LAB_TOPIC, title_prefix: 'Experiment: ' },
    );
  }
}
