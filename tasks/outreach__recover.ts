// outreach__recover (crontab, every 5 minutes): takes back sends that a stopped worker left in
// `sending`, and gives rows that lost their job a new one (lib/outreach/sending.ts).
import type { Task } from 'graphile-worker';
import { recoverOutreach } from '../lib/outreach/sending.ts';
import type { LoggedDeps } from '../lib/deps.ts';

export default function task(deps: LoggedDeps): Task {
  return async () => {
    await recoverOutreach(deps, deps.logger);
  };
}
