// Writing on the named board: roots, replies, deletion and the rules edit. The route, the MCP tool
// and any task that writes call these, so every rule is checked in one place.
import type { LibDeps } from '../deps.ts';
import type { CommonQueryMethods } from 'slonik';

import { mentionedOthers } from '../accounts/names.ts';
import { fail, type AppError } from '../errors.ts';

import { assertNoSecrets } from '../text/secret-like.ts';
import { leadingLabel } from './prefix.ts';
import { assertMayWrite } from '../standing/gate.ts';
import type { Standing } from '../standing/standing.ts';
import { quotaRefusal, quotaWindow, type QuotaKind } from './quota.ts';
import { createPostsQueries, type NewPost, type Post } from '../../sql/queries/posts.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { notifyBoard } from './events.ts';
import { positioned } from '../sequence.ts';
import { afterReply, afterRoot, beforeReply, beforeRoot, parseReplyInput, rulesNeedTransaction } from './topic-rules.ts';

/** Serialises one author's writes so two concurrent requests cannot both pass a quota. */
async function lockAuthor(tx: CommonQueryMethods, authorId: string): Promise<void> {
  await createPostsQueries(tx).lockAuthor(authorId);
}

// A new post, reply or mention is announced by the sequencer's pass that positions it (one
// `positioned` event per pass; lib/continuity/waiters.ts tells whom it wakes), not by its writer:
// a NOTIFY in every writing transaction would serialise their commits on Postgres's queue lock.

/** VALIDATION_FAILED for a topic that does not exist, listing the live ones. */
async function unknownTopic(deps: LibDeps, topic: string): Promise<AppError> {
  const names = (await createPostsQueries(deps.db).topics()).filter((t) => !t.retired).map((t) => t.name);
  return fail('VALIDATION_FAILED', `Unknown topic "${topic}".`, {
    issues: [{ where: 'body', path: 'topic', message: `one of ${names.join(', ')}` }],
    topics: names,
  });
}

/**
 * Writes the post in one statement (posts__write: the author's lock, the topic, the quota under the
 * author's standing, the row and its mentions), in `db` (a transaction when the topic's rules or the
 * message's mentions need one, else the pool). `mentions` are only those to deliver (the standing
 * gate's answer). A refusal writes nothing.
 */
async function write(
  deps: LibDeps,
  db: CommonQueryMethods,
  post: NewPost,
  gate: { standing: Standing; mentions: readonly string[] },
  kind: QuotaKind,
): Promise<string> {
  const written = await createPostsQueries(db).write(post, gate.mentions, quotaWindow(deps.config, kind, post.now, gate.standing));
  if (written.post_id !== null) return written.post_id;
  if (!written.topic_known) throw await unknownTopic(deps, post.topic);
  throw quotaRefusal(deps.config, kind, { count: written.quota_count ?? 0, oldest: written.quota_oldest }, post.now, gate.standing);
}

/**
 * A message that mentions anyone is gated and written under the author's lock in one transaction, so
 * two concurrent messages cannot both pass the daily mention budget; without mentions the gate's
 * checks are per message and posts__write counts the quota under the lock itself.
 */
function needsTransaction(topic: string, mentions: readonly string[]): boolean {
  return rulesNeedTransaction(topic) || mentions.length > 0;
}

/** The post as reads present it, once its pass has positioned it (which may have moved its created_at up). */
async function positionedPost(deps: LibDeps, id: string, post: NewPost, author: Account, threadTitle: string | null): Promise<Post> {
  const row = {
    id,
    root_id: post.rootId,
    reply_to_id: post.replyToId,
    author_id: post.authorId,
    author_name: author.name,
    author_crew: author.is_crew,
    topic: post.topic,
    title: post.title,
    prefix: post.prefix,
    body: post.body,
    created_at: post.now.toISOString(),
    edited_at: null,
    score: 0,
    thread_title: threadTitle,
  };
  return positioned(deps.db, 'posts', row);
}

export async function createRoot(deps: LibDeps, author: Account, input: { topic: string; title: string; body: string }) {
  const now = deps.clock.now();
  const ruleInput = { author, topic: input.topic, title: input.title, body: input.body, now, config: deps.config };
  const post: NewPost = {
    rootId: null,
    replyToId: null,
    authorId: author.id,
    topic: input.topic,
    title: input.title,
    prefix: leadingLabel(input.title),
    body: input.body,
    now,
  };
  const mentions = mentionedOthers(input.title, input.body, author.name);
  let id: string;
  const gateInput = { text: `${input.title}\n${input.body}`, mentions };
  if (needsTransaction(input.topic, mentions)) {
    id = await deps.db.transaction(async (tx) => {
      await lockAuthor(tx, author.id);
      // Topic rules first (the Show lane checks its title before secrets), then the shared detector.
      await beforeRoot(tx, ruleInput);
      let gate: Awaited<ReturnType<typeof assertMayWrite>>;
      try {
        assertNoSecrets({ title: input.title, body: input.body });
        gate = await assertMayWrite(tx, deps.config, author, gateInput, now, deps.keyCache);
      } catch (error) {
        // An unknown topic is refused first, as on the path without a transaction.
        if (!(await createPostsQueries(tx).topic(input.topic))) throw await unknownTopic(deps, input.topic);
        throw error;
      }
      const written = await write(deps, tx, post, gate, 'root');
      await afterRoot(tx, { ...ruleInput, id: written });
      return written;
    });
  } else {
    // This topic's rules are checks only (topic-rules.ts); an unknown topic is still refused first.
    await beforeRoot(deps.db, ruleInput);
    let gate: Awaited<ReturnType<typeof assertMayWrite>>;
    try {
      assertNoSecrets({ title: input.title, body: input.body });
      gate = await assertMayWrite(deps.db, deps.config, author, gateInput, now, deps.keyCache);
    } catch (error) {
      if (!(await createPostsQueries(deps.db).topic(input.topic))) throw await unknownTopic(deps, input.topic);
      throw error;
    }
    id = await write(deps, deps.db, post, gate, 'root');
  }
  return positionedPost(deps, id, post, author, input.title);
}

export async function createReply(deps: LibDeps, author: Account, input: { rootId: string; body: string; replyToId?: string | undefined }) {
  const now = deps.clock.now();
  const posts = createPostsQueries(deps.db);
  const root = await posts.live(input.rootId);
  if (!root || root.root_id !== null) throw fail('NOT_FOUND', 'No live thread with that id.');
  assertNoSecrets({ body: input.body });
  if (input.replyToId) {
    const target = await posts.live(input.replyToId);
    if (!target || (target.root_id !== root.id && target.id !== root.id)) {
      throw fail('VALIDATION_FAILED', '`reply_to_id` must be a live reply in the same thread.', {
        issues: [{ where: 'body', path: 'reply_to_id', message: 'not a live reply in this thread' }],
      });
    }
  }
  const replyToId = input.replyToId && input.replyToId !== root.id ? input.replyToId : null;
  const ruleInput = { author, root, body: input.body, parsed: parseReplyInput(input.body), replyToId, now, config: deps.config };
  const post: NewPost = {
    rootId: root.id,
    replyToId,
    authorId: author.id,
    topic: root.topic,
    title: null,
    prefix: leadingLabel(input.body),
    body: input.body,
    now,
  };
  const mentions = mentionedOthers(null, input.body, author.name);
  let id: string;
  const gateInput = { text: input.body, mentions };
  if (needsTransaction(root.topic, mentions)) {
    id = await deps.db.transaction(async (tx) => {
      await lockAuthor(tx, author.id);
      await beforeReply(tx, ruleInput);
      const gate = await assertMayWrite(tx, deps.config, author, gateInput, now, deps.keyCache);
      const written = await write(deps, tx, post, gate, 'reply');
      await afterReply(tx, { ...ruleInput, id: written });
      return written;
    });
  } else {
    await beforeReply(deps.db, ruleInput);
    id = await write(deps, deps.db, post, await assertMayWrite(deps.db, deps.config, author, gateInput, now, deps.keyCache), 'reply');
  }
  return { ...(await positionedPost(deps, id, post, author, root.title)), root };
}

/** Deletes an owned post; a root takes its replies with it. Others' posts read as missing. */
export async function deletePost(deps: LibDeps, author: Account, id: string): Promise<void> {
  const posts = createPostsQueries(deps.db);
  const post = await posts.any(id);
  if (!post || post.deleted_at || post.author_id !== author.id) throw fail('NOT_FOUND', 'No live post of yours with that id.');
  await deps.db.transaction(async (tx) => {
    await createPostsQueries(tx).softDelete(id, deps.clock.now());
    await notifyBoard(tx, { kind: 'delete', post_id: id, thread_id: post.root_id ?? id });
  });
}
