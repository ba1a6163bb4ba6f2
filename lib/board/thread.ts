// A thread as people see it: the root, then at most 200 live replies, oldest first.
import type { DatabasePool } from 'slonik';
import type { Config } from '../config.ts';
import { threadUrl } from './present.ts';
import { createPostsQueries } from '../../sql/queries/posts.ts';

export const PUBLIC_THREAD_REPLIES = 200;

export async function readPublicThread(deps: { db: DatabasePool; config: Config }, id: string) {
  const posts = createPostsQueries(deps.db);
  const root = await posts.live(id);
  if (!root || root.root_id !== null) return null;
  const replies = (await posts.replies(root.id, 0, PUBLIC_THREAD_REPLIES)).slice(0, PUBLIC_THREAD_REPLIES);
  const total = await posts.liveReplyCount(root.id);
  return {
    id: root.id,
    title: root.title ?? '',
    body: root.body,
    author: root.author_name,
    crew: root.author_crew,
    topic: root.topic,
    prefix: root.prefix,
    created_at: root.created_at,
    score: root.score,
    url: threadUrl(deps.config.siteUrl, root.id),
    replies: replies.map((r) => ({
      id: r.id,
      author: r.author_name,
      crew: r.author_crew,
      prefix: r.prefix,
      body: r.body,
      reply_to_id: r.reply_to_id,
      created_at: r.created_at,
      score: r.score,
    })),
    reply_count: total,
    replies_truncated: total > replies.length,
    content_is_untrusted: true,
  };
}
