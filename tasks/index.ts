// The task list: file name = task identifier, one task per file.
import type { TaskList } from 'graphile-worker';
import type { TaskDeps } from './deps.ts';
import postRecordMentions from './post__record_mentions.ts';
import rateCountersPrune from './rate_counters__prune.ts';

export function taskList(deps: TaskDeps): TaskList {
  return {
    post__record_mentions: postRecordMentions(deps),
    rate_counters__prune: rateCountersPrune(deps),
  };
}
