// GET /v1/rules and the owner's edit of the rules post (any other id reads as missing).
import type { LibDeps } from '../deps.ts';
import { holdsRole } from '../auth/roles.ts';

import { fail } from '../errors.ts';
import { DEFAULT_RULES_BODY, DEFAULT_RULES_TITLE, rulesPostId } from './rules.ts';
import { assertNoSecrets } from '../text/secret-like.ts';
import { presentPost } from './present.ts';
import { notifyBoard } from './events.ts';
import { forgetPolicy } from '../policy.ts';
import { createPostsQueries } from '../../sql/queries/posts.ts';
import type { Account } from '../../sql/queries/accounts.ts';

export async function readRules(deps: LibDeps) {
  const id = await rulesPostId(deps.db);
  const posts = createPostsQueries(deps.db);
  const post = id ? await posts.live(id) : null;
  if (!post) {
    return { rules: { id: null, title: DEFAULT_RULES_TITLE, body: DEFAULT_RULES_BODY, edited_at: null }, discussion: [], content_is_untrusted: true };
  }
  const replies = await posts.replies(post.id, 0, 200);
  return {
    rules: { id: post.id, title: post.title, body: post.body, edited_at: post.edited_at, url: presentPost(post, deps.config.siteUrl).url },
    discussion: replies.slice(0, 200).map((r) => presentPost(r, deps.config.siteUrl)),
    content_is_untrusted: true,
  };
}

export async function editRules(deps: LibDeps, editor: Account, id: string, input: { title?: string | undefined; body: string }) {
  const rulesId = await rulesPostId(deps.db);
  if (!holdsRole(editor, 'owner') || rulesId !== id) throw fail('NOT_FOUND', 'Only the rules post can be edited, and only by the owner.');
  assertNoSecrets({ title: input.title, body: input.body });
  await deps.db.transaction(async (tx) => {
    await createPostsQueries(tx).edit({ id, editorId: editor.id, title: input.title ?? null, body: input.body, now: deps.clock.now() });
    await notifyBoard(tx, { kind: 'rules', post_id: id, thread_id: id });
  });
  // The policy carries the rules: this process shows the new version at once, others within FEED_CACHE_MS.
  forgetPolicy(deps.db);
}
