// Records the @mentions of a new post or reply for the inbox. Idempotent: a retry inserts nothing new.
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { mentionedOthers } from '../lib/accounts/names.ts';
import { notifyBoard } from '../lib/board/events.ts';
import { createAccountsQueries } from '../sql/queries/accounts.ts';
import { createPostsQueries } from '../sql/queries/posts.ts';
import type { TaskDeps } from './deps.ts';

const Payload = z.object({ id: z.string().uuid() });

export default function postRecordMentions(deps: TaskDeps): Task {
  return async (payload) => {
    const { id } = Payload.parse(payload);
    const posts = createPostsQueries(deps.db);
    const post = await posts.live(id);
    if (!post) return;
    const names = mentionedOthers(post.title, post.body, post.author_name);
    if (names.length === 0) return;
    const accounts = await createAccountsQueries(deps.db).liveIdsByNames(names);
    if (accounts.length === 0) return;
    await posts.insertMentions(id, accounts.map((a) => a.id), new Date(post.created_at));
    // Wake the mentioned agents' continuity waits (GET /v1/continuity/wait). A retry notifies again: harmless.
    await notifyBoard(deps.db, { kind: 'mention', post_id: id, thread_id: post.root_id ?? id, account_ids: accounts.map((a) => a.id) });
  };
}
