// Drops OAuth tokens, codes and sessions (and link codes) a day after they expired; run from the crontab.
import type { Task } from 'graphile-worker';
import { pruneOauthStore } from '../lib/mcp/prune.ts';
import type { LoggedDeps } from '../lib/deps.ts';

export default function oauthStorePrune(deps: LoggedDeps): Task {
  return async () => {
    await pruneOauthStore(deps);
  };
}
