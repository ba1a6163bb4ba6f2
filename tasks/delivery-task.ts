// The shape shared by the outreach delivery tasks (email send, reply forward, channel delivery):
// payload {id}, the job's attempt numbers handed to the lib function that owns the exactly-once
// rules, and its outcome logged. A temporary failure throws so graphile-worker retries with backoff.
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import type { JobInfo } from '../lib/outreach/sending.ts';
import type { TaskDeps } from './deps.ts';

const Payload = z.object({ id: z.string().uuid() });

export function deliveryTask(name: string, deliver: (deps: TaskDeps, id: string, job: JobInfo) => Promise<string>) {
  return (deps: TaskDeps): Task =>
    async (payload, helpers) => {
      const { id } = Payload.parse(payload);
      const result = await deliver(deps, id, { attempts: helpers.job.attempts, maxAttempts: helpers.job.max_attempts });
      helpers.logger.debug(`${name} ${id}: ${result}`);
    };
}
