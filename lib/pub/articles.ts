// Submitting, revising and withdrawing works. The route, the upload commit and the MCP tools call
// these, so admission, keys, quotas and states are decided here only.
import type { LibDeps } from '../deps.ts';
import { fail } from '../errors.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { createPubItemsQueries, type PubItem } from '../../sql/queries/pub-items.ts';
import { createPubRecordsQueries } from '../../sql/queries/pub-records.ts';
import { admitArticle } from './admission.ts';
import { operationKey, type ArticleEnvelopeInput } from './envelope.ts';
import { presentState } from './present.ts';
import { assertRolling, dayAgo, rollingState } from './quota.ts';
import { lockAccount, replayed, requestHash } from './requests.ts';
import { writeThenPosition } from '../sequence.ts';

export type SubmitOptions = { headerKey?: string | undefined };

/** The work's state after a write (a replay reads the same rows back). */
export async function workState(deps: LibDeps, itemId: string, revisionId: string, extra: { replayed: boolean }) {
  const q = createPubItemsQueries(deps.db);
  const [item, revision] = await Promise.all([q.item(itemId), q.revision(revisionId)]);
  if (!item || !revision) throw fail('NOT_FOUND', 'The work is no longer available.');
  return { ...presentState(deps.config, item, revision, deps.clock.now()), replayed: extra.replayed };
}

export async function submissionQuota(deps: LibDeps, authorId: string, now = deps.clock.now()) {
  return rollingState(deps.config.pub.submissionsPerDay, await createPubItemsQueries(deps.db).submissionsSince(authorId, dayAgo(now)));
}

/** POST /v1/pub/posts: a new work with its first candidate revision. */
export async function submitArticle(deps: LibDeps, author: Account, input: ArticleEnvelopeInput, options: SubmitOptions = {}) {
  const key = operationKey(input, options.headerKey);
  const admitted = admitArticle(input);
  const hash = requestHash('post', { content: admitted.contentHash });
  const now = deps.clock.now();
  const result = await writeThenPosition(deps.db, ['pub_events'], async (tx) => {
    await lockAccount(tx, author.id);
    const stored = await replayed(tx, author.id, key, 'post', hash);
    if (stored) return { itemId: stored.item_id, revisionId: stored.revision_id!, replayed: true };
    const items = createPubItemsQueries(tx);
    assertRolling(
      'PUB_SUBMISSION_QUOTA',
      'submission',
      rollingState(deps.config.pub.submissionsPerDay, await items.submissionsSince(author.id, dayAgo(now))),
      now,
    );
    const itemId = await items.insertItem(author.id, now);
    const revision = await items.insertRevision({
      itemId,
      authorId: author.id,
      number: 1,
      title: admitted.title,
      blocks: admitted.blocks,
      contentHash: admitted.contentHash,
      now,
    });
    await items.insertAssets(revision.id, admitted.assets);
    await items.makeCurrent(itemId, revision.id, false);
    const records = createPubRecordsQueries(tx);
    await records.insertRequest({ accountId: author.id, key, operation: 'post', requestHash: hash, itemId, revisionId: revision.id, commentId: null, now });
    await records.event({ kind: 'submitted', itemId, revisionId: revision.id, actorId: author.id, now });
    return { itemId, revisionId: revision.id, replayed: false };
  });
  return workState(deps, result.itemId, result.revisionId, result);
}

/** The work when the caller is its author: 404 when there is no such work, 403 when it is someone else's. */
export async function ownWork(deps: LibDeps, author: Account, itemId: string, item?: PubItem | null): Promise<PubItem> {
  const found = item === undefined ? await createPubItemsQueries(deps.db).item(itemId) : item;
  if (!found) throw fail('NOT_FOUND', 'No work with that id.');
  if (found.author_id !== author.id) throw fail('PUB_NOT_AUTHOR', 'Only the author of the work may do this.', { item_id: itemId });
  return found;
}

/** POST /v1/pub/posts/{id}/revisions: a new candidate; the published revision stays until it is approved. */
export async function reviseArticle(deps: LibDeps, author: Account, itemId: string, input: ArticleEnvelopeInput, options: SubmitOptions = {}) {
  const key = operationKey(input, options.headerKey);
  await ownWork(deps, author, itemId);
  const admitted = admitArticle(input);
  const resume = input.resume_publication === true;
  const hash = requestHash('revision', { item: itemId, content: admitted.contentHash, resume });
  const now = deps.clock.now();
  const result = await writeThenPosition(deps.db, ['pub_events'], async (tx) => {
    await lockAccount(tx, author.id);
    const stored = await replayed(tx, author.id, key, 'revision', hash);
    if (stored) return { itemId: stored.item_id, revisionId: stored.revision_id!, replayed: true };
    const items = createPubItemsQueries(tx);
    const item = await ownWork(deps, author, itemId, await items.item(itemId, true));
    if (item.withdrawn_at !== null && !resume) {
      throw fail('PUB_RESUME_REQUIRED', 'The work is withdrawn; send the revision again with `resume_publication: true` to start a new candidate.', {
        item_id: itemId,
        action: {
          method: 'POST',
          path: `/v1/pub/posts/${itemId}/revisions`,
          body: { resume_publication: true, idempotency_key: '<a fresh key>', '...': 'the article envelope' },
        },
      });
    }
    assertRolling(
      'PUB_SUBMISSION_QUOTA',
      'submission',
      rollingState(deps.config.pub.submissionsPerDay, await items.submissionsSince(author.id, dayAgo(now))),
      now,
    );
    const revision = await items.insertRevision({
      itemId,
      authorId: author.id,
      number: (await items.lastNumber(itemId)) + 1,
      title: admitted.title,
      blocks: admitted.blocks,
      contentHash: admitted.contentHash,
      now,
    });
    await items.insertAssets(revision.id, admitted.assets);
    await items.makeCurrent(itemId, revision.id, item.withdrawn_at !== null && resume);
    const records = createPubRecordsQueries(tx);
    await records.insertRequest({ accountId: author.id, key, operation: 'revision', requestHash: hash, itemId, revisionId: revision.id, commentId: null, now });
    await records.event({ kind: 'submitted', itemId, revisionId: revision.id, actorId: author.id, now });
    return { itemId, revisionId: revision.id, replayed: false };
  });
  return workState(deps, result.itemId, result.revisionId, result);
}

/** POST /v1/pub/posts/{id}/withdraw: the work and its comments leave public view; repeating it changes nothing. */
export async function withdrawWork(deps: LibDeps, author: Account, itemId: string) {
  await ownWork(deps, author, itemId);
  const now = deps.clock.now();
  const revisionId = await writeThenPosition(deps.db, ['pub_events'], async (tx) => {
    await lockAccount(tx, author.id);
    const items = createPubItemsQueries(tx);
    const item = await ownWork(deps, author, itemId, await items.item(itemId, true));
    if (item.withdrawn_at === null) {
      await items.withdraw(itemId, now);
      await createPubRecordsQueries(tx).event({ kind: 'withdrawn', itemId, actorId: author.id, now });
    }
    return item.current_revision_id!;
  });
  return workState(deps, itemId, revisionId, { replayed: false });
}
