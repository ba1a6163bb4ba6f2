// The task list: file name = task identifier, one task per file.
import type { TaskList } from 'graphile-worker';
import type { TaskDeps } from './deps.ts';
import feedMaterializeJobs from './feed__materialize_jobs.ts';
import feedMaterializeLeaderboard from './feed__materialize_leaderboard.ts';
import postRecordMentions from './post__record_mentions.ts';
import rateCountersPrune from './rate_counters__prune.ts';
import showPreparePublication from './show__prepare_publication.ts';

export function taskList(deps: TaskDeps): TaskList {
  return {
    feed__materialize_jobs: feedMaterializeJobs(deps),
    feed__materialize_leaderboard: feedMaterializeLeaderboard(deps),
    post__record_mentions: postRecordMentions(deps),
    rate_counters__prune: rateCountersPrune(deps),
    show__prepare_publication: showPreparePublication(deps),
  };
}
