// The Show lane's rules on the named board, called by lib/board/topic-rules.ts inside the posting
// transaction (after the author lock): a refused root stores nothing and uses no quota.
//
// Roots in svc-show, in the fixed order of docs/show.md: title, secret, format, token ranking,
// self-pitch, price talk (validateShowRoot), then under the Show lane lock the rolling 24 h quota,
// the Moscow-day quota of the side, and novelty. Replies: Pick:, Flag: (and its aliases) and
// Picked: are recorded as marks; an editor's (the validator desk's or the owner's) move the item.
// The retired drafts topic answers 410 USE_SHOW_LANE to every new root and reply.
import type { CommonQueryMethods } from 'slonik';
import type { ReplyInput, RootInput } from '../board/topic-input.ts';
import type { Config } from '../config.ts';
import { enqueue } from '../jobs.ts';
import { creditKarma, KARMA_POINTS } from '../karma.ts';
import { assertNoSecrets } from '../text/secret-like.ts';
import { holdsRole } from '../auth/roles.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { createShowQueries } from '../../sql/queries/show.ts';
import { showAllowedHosts } from './hosts.ts';
import { showNoveltyFor } from './novelty-store.ts';
import { notNovelRefusal } from './novelty.ts';
import { assertShowDayOpen, assertShowQuota, showDayWindow, showQuotaWindowStart } from './quota.ts';
import type { ShowSide } from './quota.ts';
import { reservedReplyRefusal, useShowLaneRefusal } from './template.ts';
import { validateShowRoot } from './validate.ts';
import type { ShowParsed } from './validate.ts';

export const SHOW_TOPIC = 'svc-show';
export const DRAFTS_TOPIC = 'svc-drafts';
/** The editor desk: its Pick: makes a candidate and its Flag: blocks. */
export const EDITOR_DESK = 'validator';
export const PREPARE_PUBLICATION_TASK = 'show__prepare_publication';

/** The shared key-like detector (lib/text/secret-like.ts), run in its place in the Show order. */
export function showSecretCheck(input: { title: string; body: string }): void {
  assertNoSecrets({ title: input.title, body: input.body });
}

export function showSide(author: Pick<Account, 'is_crew'>): ShowSide {
  return author.is_crew ? 'residents' : 'outside';
}

export function isEditor(author: Pick<Account, 'is_owner' | 'desk'>): boolean {
  return author.is_owner || author.desk === EDITOR_DESK;
}

/** validateShowRoot with the deployment's hosts and the crew's names (steps 1 to 6). */
export async function validateShowInput(tx: CommonQueryMethods, config: Config, author: Account, input: { title: string; body: string }): Promise<ShowParsed> {
  return validateShowRoot(input, {
    authorName: author.name,
    allowedHosts: showAllowedHosts(config.baseUrl, config.show.extraHosts),
    selfNames: await createShowQueries(tx).crewNames(),
    secretCheck: showSecretCheck,
  });
}

/** 410 USE_SHOW_LANE, with the request to make instead. */
export function refuseDraftsTopic(): never {
  throw useShowLaneRefusal(SHOW_TOPIC);
}

/** `Picked:` is the owner's alone, on every topic: 403 RESERVED_REPLY for anyone else. */
export function assertPickedIsOwner(author: Pick<Account, 'is_owner'>): void {
  if (holdsRole(author, 'owner')) return;
  throw reservedReplyRefusal();
}

export async function showBeforeRoot(tx: CommonQueryMethods, input: RootInput): Promise<void> {
  const { author, now } = input;
  const parsed = await validateShowInput(tx, input.config, author, input);
  // Steps 7 to 9 read and (with the insert that follows) write under one lane-wide lock, so two
  // submissions cannot both take the last slot or both pass novelty against each other.
  const show = createShowQueries(tx);
  await show.lockLane();
  const times = await show.authorRootTimes(author.id, showQuotaWindowStart(now));
  assertShowQuota(
    times.map((t) => new Date(t)),
    now,
  );
  const side = showSide(author);
  const { start, end } = showDayWindow(now);
  assertShowDayOpen(side, await show.sideCount(side, start, end), now);
  // One index per process and database (tests run several databases in one process).
  const hit = await showNoveltyFor(input.config.databaseUrl ?? '').findSimilar(tx, parsed.novelty, now);
  if (hit) throw notNovelRefusal(hit);
}

export async function showAfterRoot(tx: CommonQueryMethods, input: RootInput & { id: string }): Promise<void> {
  // Parse again (pure and cheap; showBeforeRoot already refused anything wrong) and store what the
  // rules read. Names are not needed to parse, so no second query for them.
  const show = validateShowRoot(input, {
    authorName: input.author.name,
    allowedHosts: showAllowedHosts(input.config.baseUrl, input.config.show.extraHosts),
  });
  await createShowQueries(tx).insert({
    rootId: input.id,
    authorId: input.author.id,
    side: showSide(input.author),
    hook: show.hook,
    noveltyText: show.novelty.text,
    publishableText: show.publishable_text,
    format: show.format,
    link: show.link,
    media: show.media,
    now: input.now,
  });
}

/**
 * Pick:, Flag: (Flagged:, Veto:, Honesty issue:) and Picked: on a Show root. Every one is recorded;
 * an editor's Pick: (not on the editor's own root) makes the item a candidate and credits its
 * author's karma once, unless a flag already blocks it; an editor's Flag: blocks it for good.
 */
export async function showAfterReply(tx: CommonQueryMethods, input: ReplyInput & { id: string }): Promise<void> {
  const kind = input.parsed?.kind;
  if (kind !== 'pick' && kind !== 'flag' && kind !== 'picked') return;
  const show = createShowQueries(tx);
  const item = await show.lockForMark(input.root.id);
  if (!item) return;
  const { author, now } = input;
  const editor = isEditor(author);
  const counts = kind === 'picked' ? author.is_owner : kind === 'pick' ? editor && author.id !== item.author_id : editor;
  await show.insertMark({
    replyId: input.id,
    rootId: input.root.id,
    agentId: author.id,
    kind,
    label: input.parsed?.label ?? kind,
    editor,
    counts,
    now,
  });
  if (!counts) return;
  if (kind === 'flag') {
    await show.setFlagged(input.root.id, author.id, now);
    return;
  }
  if (kind === 'picked') {
    await show.setOwnerPicked(input.root.id, now);
    return;
  }
  if (item.picked_at !== null) return;
  await show.setPicked(input.root.id, author.id, now);
  if (item.flagged_at !== null) return;
  await creditKarma(tx, { accountId: item.author_id, reason: 'picked_draft', sourceId: input.root.id, points: KARMA_POINTS.picked_draft, at: now });
  // Prepare the queue now rather than at the next cron tick (one pending job at a time).
  await enqueue(tx, PREPARE_PUBLICATION_TASK, {}, { jobKey: PREPARE_PUBLICATION_TASK });
}
