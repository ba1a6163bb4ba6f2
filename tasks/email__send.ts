// email__send: payload {id}. See lib/outreach/sending.ts for the exactly-once rules; the job is
// idempotent (a row not in the state this task acts on is left alone), and a temporary failure
// throws so graphile-worker retries it with backoff.
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { sendOneEmail } from '../lib/outreach/sending.ts';
import type { TaskDeps } from './deps.ts';

const Payload = z.object({ id: z.string().uuid() });

export default function task(deps: TaskDeps): Task {
  return async (payload, helpers) => {
    const { id } = Payload.parse(payload);
    const result = await sendOneEmail(deps, id, { attempts: helpers.job.attempts, maxAttempts: helpers.job.max_attempts });
    helpers.logger.debug(`email__send ${id}: ${result}`);
  };
}
