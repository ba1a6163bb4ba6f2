// outreach_reply__forward: payload {id}. See lib/outreach/forward.ts for the exactly-once rules; the job is
// idempotent (a row not in the state this task acts on is left alone), and a temporary failure
// throws so graphile-worker retries it with backoff.
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { forwardReply } from '../lib/outreach/forward.ts';
import type { TaskDeps } from './deps.ts';

const Payload = z.object({ id: z.string().uuid() });

export default function task(deps: TaskDeps): Task {
  return async (payload, helpers) => {
    const { id } = Payload.parse(payload);
    const result = await forwardReply(deps, id, { attempts: helpers.job.attempts, maxAttempts: helpers.job.max_attempts });
    helpers.logger.debug(`outreach_reply__forward ${id}: ${result}`);
  };
}
