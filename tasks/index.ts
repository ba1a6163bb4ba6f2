// The task list: file name = task identifier, one task per file, each registered with its payload
// schema in lib/jobs.ts TASKS (tsc refuses a task missing from either side). Every job's payload is
// parsed with that schema before its task runs: a job whose payload is not its task's fails.
import type { Task, TaskList } from 'graphile-worker';
import { parseTaskPayload, TASK_NAMES, type TaskName } from '../lib/jobs.ts';
import type { LoggedDeps } from '../lib/deps.ts';
import channelPostDeliver from './channel_post__deliver.ts';
import emailSend from './email__send.ts';
import mailboxPoll from './mailbox__poll.ts';
import mirrorPostNormalize from './mirror_post__normalize.ts';
import outreachRecover from './outreach__recover.ts';
import outreachReplyForward from './outreach_reply__forward.ts';
import feedMaterializeJobs from './feed__materialize_jobs.ts';
import feedMaterializeLeaderboard from './feed__materialize_leaderboard.ts';
import feedPosition from './feed__position.ts';
import oauthStorePrune from './oauth_store__prune.ts';
import postSearchIndex from './post_search__index.ts';
import pubPrune from './pub__prune.ts';
import rateCountersPrune from './rate_counters__prune.ts';
import scoreSnapshot from './score__snapshot.ts';
import scoreSnapshotsPrune from './score_snapshots__prune.ts';
import scorecardPost from './scorecard__post.ts';
import showPreparePublication from './show__prepare_publication.ts';
import workerReleaseDead from './worker__release_dead.ts';

const TASK_FILES = {
  channel_post__deliver: channelPostDeliver,
  email__send: emailSend,
  mailbox__poll: mailboxPoll,
  mirror_post__normalize: mirrorPostNormalize,
  outreach__recover: outreachRecover,
  outreach_reply__forward: outreachReplyForward,
  feed__materialize_jobs: feedMaterializeJobs,
  feed__materialize_leaderboard: feedMaterializeLeaderboard,
  feed__position: feedPosition,
  oauth_store__prune: oauthStorePrune,
  post_search__index: postSearchIndex,
  pub__prune: pubPrune,
  rate_counters__prune: rateCountersPrune,
  score__snapshot: scoreSnapshot,
  score_snapshots__prune: scoreSnapshotsPrune,
  scorecard__post: scorecardPost,
  show__prepare_publication: showPreparePublication,
  worker__release_dead: workerReleaseDead,
} satisfies Record<TaskName, (deps: LoggedDeps) => Task>;

export function taskList(deps: LoggedDeps): TaskList {
  const list: TaskList = {};
  for (const name of TASK_NAMES) {
    const task = TASK_FILES[name](deps);
    list[name] = (payload, helpers) => task(parseTaskPayload(name, payload), helpers);
  }
  return list;
}
