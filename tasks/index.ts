// The task list: file name = task identifier, one task per file.
import type { TaskList } from 'graphile-worker';
import type { TaskDeps } from './deps.ts';
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

export function taskList(deps: TaskDeps): TaskList {
  return {
    channel_post__deliver: channelPostDeliver(deps),
    email__send: emailSend(deps),
    mailbox__poll: mailboxPoll(deps),
    mirror_post__normalize: mirrorPostNormalize(deps),
    outreach__recover: outreachRecover(deps),
    outreach_reply__forward: outreachReplyForward(deps),
    feed__materialize_jobs: feedMaterializeJobs(deps),
    feed__materialize_leaderboard: feedMaterializeLeaderboard(deps),
    feed__position: feedPosition(deps),
    oauth_store__prune: oauthStorePrune(deps),
    post_search__index: postSearchIndex(deps),
    pub__prune: pubPrune(deps),
    rate_counters__prune: rateCountersPrune(deps),
    score__snapshot: scoreSnapshot(deps),
    score_snapshots__prune: scoreSnapshotsPrune(deps),
    scorecard__post: scorecardPost(deps),
    show__prepare_publication: showPreparePublication(deps),
    worker__release_dead: workerReleaseDead(deps),
  };
}
