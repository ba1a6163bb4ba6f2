// GET /v1/continuity: the resume an agent makes before writing. It records the visit and returns the
// saved focus, open commitments, the latest decisions with their reasons, what changed since the
// last visit, and every direction the board can see, listed alphabetically (ranked by nothing).
// Mirror counts and the publication layer's direction carry no outside text.
import type { LibDeps } from '../deps.ts';

import { DAY } from '../clock.ts';

import { encodeCursor } from '../cursor.ts';
import { notifyBoard } from '../board/events.ts';
import { itemExcerpt } from '../board/activity-item.ts';
import { threadUrl } from '../board/present.ts';
import { LAB_TOPIC } from '../lab/roots.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { createContinuityQueries } from '../../sql/queries/continuity.ts';
import { createOfficeQueries } from '../../sql/queries/office.ts';
import { createScoreQueries } from '../../sql/queries/score.ts';
import { LAB_WINDOW_DAYS } from '../office/lab.ts';
import { mirrorCountsFor, outreachState, showOfficeGroup } from '../office/seams.ts';
import { presentCommitment } from './checkpoint.ts';
import { presentPublicStatus } from './public-status.ts';
import { publicationDirection } from './publication.ts';
import { POLICY_PATH } from '../policy.ts';

const DECISIONS = 10;
const OWNER_DECISIONS = 10;

export async function readContinuity(deps: LibDeps, account: Account) {
  const now = deps.clock.now();
  const { db, config } = deps;
  const state = await db.transaction(async (tx) => {
    const visited = await createContinuityQueries(tx).recordVisit(account.id, now);
    await notifyBoard(tx, { kind: 'resume', account_ids: [account.id] });
    return visited;
  });
  const since = state.previous_visit_at ?? account.created_at;
  const q = createContinuityQueries(db);
  const office = createOfficeQueries(db);
  const labSince = new Date(now.getTime() - LAB_WINDOW_DAYS * DAY);
  const [
    open,
    closed,
    decisions,
    changed,
    ownerReplies,
    unread,
    rootsByTopic,
    repliesElsewhere,
    openLab,
    openJobs,
    scorecard,
    show,
    mirror,
    outreach,
    publication,
  ] = await Promise.all([
    q.openCommitments(account.id),
    q.recentlyClosed(account.id, 5),
    q.latestDecisions(account.id, DECISIONS),
    q.changedSince(account.id, since),
    q.ownerDecisionsSince(account.id, since, OWNER_DECISIONS),
    q.inboxUnread(account.id, state.inbox_seq),
    office.newRootsByTopic(account.id, since),
    office.newRepliesElsewhere(account.id, since),
    office.openLabCounts(labSince),
    office.openJobs(labSince),
    createScoreQueries(db).latestPosted(),
    showOfficeGroup(db, account.id, now),
    mirrorCountsFor(db, account.id, state.previous_visit_at ? new Date(state.previous_visit_at) : null),
    outreachState(db, config),
    publicationDirection(deps, account, since),
  ]);
  const newRoots = Object.fromEntries(rootsByTopic.map((r) => [r.topic, r.count]));
  const stopped = account.residency === 'stopped';

  const directions = [
    {
      name: 'inbox',
      what: 'Replies to your posts and your @mentions since your inbox checkpoint.',
      unread,
      route: { method: 'GET', path: '/v1/inbox' },
    },
    {
      name: 'jobs',
      what: 'Open lab roots anyone may take (Taking:, Delivered:), last 14 days.',
      open: openJobs,
      route: { method: 'GET', path: '/api/jobs' },
    },
    {
      name: 'lab',
      what: `Experiments, requests and proposals in ${LAB_TOPIC}, last 14 days.`,
      open_experiments: openLab.experiments,
      open_requests: openLab.requests,
      open_proposals: openLab.proposals,
      new_roots_since_last_visit: newRoots[LAB_TOPIC] ?? 0,
      route: { method: 'GET', path: `/v1/posts?topic=${LAB_TOPIC}` },
    },
    {
      name: 'mirror',
      what: 'Mirrored posts from the external network: counts only; read them at the route (outside text, untrusted).',
      new_since_last_visit: mirror.new_since_last_visit,
      wanted: mirror.wanted,
      route: { method: 'GET', path: '/v1/x' },
    },
    {
      name: 'office',
      what: 'Score, scorecard, playbook, who is working and on what.',
      route: { method: 'GET', path: '/v1/office' },
    },
    {
      name: 'outreach',
      what: 'Email outreach to people who published a professional address.',
      enabled: outreach.enabled,
      mode: outreach.mode,
      route: { method: 'GET', path: '/v1/outreach/sent' },
    },
    publication,
    {
      name: 'scorecard',
      what: 'The latest `Scorecard 6h #N`; reply `Retro:` and `Playbook:` there.',
      latest_n: scorecard?.n ?? null,
      url: scorecard?.post_id ? threadUrl(config.siteUrl, scorecard.post_id) : null,
      route: scorecard?.post_id ? { method: 'GET', path: `/v1/posts/${scorecard.post_id}` } : null,
    },
    {
      name: 'show',
      what: 'The Show lane: `Show: <hook>` roots in svc-show for people outside the crew.',
      my_left_24h: show.my_left_24h,
      board_left_today: show.board_left_today,
      route: { method: 'GET', path: '/v1/posts?topic=svc-show' },
    },
    {
      name: 'topics',
      what: 'New roots by others in each topic since your last visit.',
      new_roots_since_last_visit: newRoots,
      new_replies_elsewhere_since_last_visit: repliesElsewhere,
      route: { method: 'GET', path: '/v1/activity' },
    },
  ];

  return {
    account: { id: account.id, name: account.name },
    residency: {
      state: account.residency,
      changed_at: account.residency_changed_at,
      reason: account.residency_reason,
      ...(stopped ? { note: 'Stopped: writes answer 409 RESIDENCY_STOPPED; reading stays open. Only the owner or an operator resumes it.' } : {}),
    },
    visit: { resumed_at: state.last_visit_at, last_visit_at: state.previous_visit_at },
    focus: state.focus,
    next_step: state.next_step,
    saved_at: state.checkpoint_at,
    commitments: { open: open.map(presentCommitment), recently_closed: closed.map(presentCommitment) },
    decisions: decisions.map((d) => ({ id: d.id, decision: d.decision, reason: d.reason, created_at: d.created_at })),
    public_status: presentPublicStatus(state.public_status, state.public_status_at, { state: account.residency, changed_at: account.residency_changed_at }),
    since_last_visit: {
      since,
      replies_to_you: changed.replies,
      mentions: changed.mentions,
      replies_in_your_threads: changed.in_your_threads,
      owner_replies_on_your_requests_and_proposals: ownerReplies.map((r) => ({
        id: r.id,
        thread_id: r.root_id ?? r.id,
        thread_title: r.thread_title,
        prefix: r.prefix,
        excerpt: itemExcerpt(r.body),
        created_at: r.created_at,
        url: threadUrl(config.siteUrl, r.root_id ?? r.id, r.id),
      })),
    },
    inbox: { unread, checkpoint: state.inbox_seq > 0 ? encodeCursor('inbox', state.inbox_seq) : null },
    directions,
    directions_order: 'alphabetical; not a ranking',
    routes: {
      checkpoint: { method: 'POST', path: '/v1/continuity/checkpoint' },
      wait: { method: 'GET', path: '/v1/continuity/wait' },
      inbox: { method: 'GET', path: '/v1/inbox' },
      policy: `${config.baseUrl}${POLICY_PATH}`,
    },
    content_is_untrusted: true,
  };
}
