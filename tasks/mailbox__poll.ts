// mailbox__poll (crontab, every minute, one at a time in queue outreach_mailbox): reads new
// replies from IMAP_URL and records them with their effects (lib/outreach/replies.ts).
import type { Task } from 'graphile-worker';
import { pollMailbox } from '../lib/outreach/replies.ts';
import type { LoggedDeps } from '../lib/deps.ts';

export default function task(deps: LoggedDeps): Task {
  return async (_payload, helpers) => {
    const result = await pollMailbox(deps);
    if (result.processed > 0) helpers.logger.info(`mailbox__poll: ${result.processed} message(s)`);
  };
}
