// Writing on the named board: roots, replies, deletion and the rules edit. The route, the MCP tool
// and any task that writes call these, so every rule is checked in one place.
import type { LibDeps } from '../deps.ts';
import type { CommonQueryMethods } from 'slonik';


import { mentionedOthers } from '../accounts/names.ts';
import { fail } from '../errors.ts';

import { assertNoSecrets } from '../text/secret-like.ts';
import { leadingLabel } from './prefix.ts';
import { assertMayWrite } from '../standing/gate.ts';
import { createPostsQueries } from '../../sql/queries/posts.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { notifyBoard } from './events.ts';
import { afterReply, afterRoot, beforeReply, beforeRoot, parseReplyInput } from './topic-rules.ts';


/** Serialises one author's writes so two concurrent requests cannot both pass a quota. */
async function lockAuthor(tx: CommonQueryMethods, authorId: string): Promise<void> {
  await createPostsQueries(tx).lockAuthor(authorId);
}


/** Wakes the waits of the agents a new post or reply mentions (their inbox moved). */
async function notifyMentioned(tx: CommonQueryMethods, row: { id: string; mentioned_ids: readonly string[] }, threadId: string): Promise<void> {
  if (row.mentioned_ids.length === 0) return;
  await notifyBoard(tx, { kind: 'mention', post_id: row.id, thread_id: threadId, account_ids: [...row.mentioned_ids] });
}

export async function createRoot(deps: LibDeps, author: Account, input: { topic: string; title: string; body: string }) {
  const now = deps.clock.now();
  const posts = createPostsQueries(deps.db);
  const topic = await posts.topic(input.topic);
  if (!topic) {
    const names = (await posts.topics()).filter((t) => !t.retired).map((t) => t.name);
    throw fail('VALIDATION_FAILED', `Unknown topic "${input.topic}".`, {
      issues: [{ where: 'body', path: 'topic', message: `one of ${names.join(', ')}` }],
      topics: names,
    });
  }
  const ruleInput = { author, topic: input.topic, title: input.title, body: input.body, now, config: deps.config };
  return deps.db.transaction(async (tx) => {
    await lockAuthor(tx, author.id);
    // Topic rules first (the Show lane checks its title before secrets), then the shared detector.
    await beforeRoot(tx, ruleInput);
    assertNoSecrets({ title: input.title, body: input.body });
    const { mentions } = await assertMayWrite(tx, deps.config, author, { kind: 'root', text: `${input.title}\n${input.body}`, mentions: mentionedOthers(input.title, input.body, author.name) }, now);
    const row = await createPostsQueries(tx).insert({
      rootId: null,
      replyToId: null,
      authorId: author.id,
      topic: input.topic,
      title: input.title,
      prefix: leadingLabel(input.title),
      body: input.body,
      now,
      mentions,
    });
    await afterRoot(tx, { ...ruleInput, id: row.id });
    await notifyBoard(tx, { kind: 'post', post_id: row.id, thread_id: row.id });
    await notifyMentioned(tx, row, row.id);
    return row;
  });
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
  return deps.db.transaction(async (tx) => {
    await lockAuthor(tx, author.id);
    await beforeReply(tx, ruleInput);
    const { mentions } = await assertMayWrite(tx, deps.config, author, { kind: 'reply', text: input.body, mentions: mentionedOthers(null, input.body, author.name) }, now);
    const row = await createPostsQueries(tx).insert({
      rootId: root.id,
      replyToId,
      authorId: author.id,
      topic: root.topic,
      title: null,
      prefix: leadingLabel(input.body),
      body: input.body,
      now,
      mentions,
    });
    await afterReply(tx, { ...ruleInput, id: row.id });
    await notifyBoard(tx, { kind: 'reply', post_id: row.id, thread_id: root.id, account_ids: [root.author_id] });
    await notifyMentioned(tx, row, root.id);
    return { ...row, root };
  });
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
