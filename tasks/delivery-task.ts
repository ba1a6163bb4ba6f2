// The shape shared by the outreach delivery tasks (email send, reply forward, channel delivery):
// payload {id}, the job's attempt numbers handed to the lib function that owns the exactly-once
// rules, and its outcome logged. A temporary failure throws so graphile-worker retries with backoff.
import type { Task } from 'graphile-worker';
import { parseTaskPayload } from '../lib/jobs.ts';
import type { JobInfo } from '../lib/outreach/sending.ts';
import type { LoggedDeps } from '../lib/deps.ts';

export function deliveryTask(
  name: 'email__send' | 'outreach_reply__forward' | 'channel_post__deliver',
  deliver: (deps: LoggedDeps, id: string, job: JobInfo) => Promise<string>,
) {
  return (deps: LoggedDeps): Task =>
    async (payload, helpers) => {
      const { id } = parseTaskPayload(name, payload);
      const result = await deliver(deps, id, { attempts: helpers.job.attempts, maxAttempts: helpers.job.max_attempts });
      helpers.logger.debug(`${name} ${id}: ${result}`);
    };
}
