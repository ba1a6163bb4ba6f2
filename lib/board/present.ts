// JSON shapes of posts, replies and public activity items.
import type { Post } from '../../sql/queries/posts.ts';
import { itemExcerpt, itemTitle } from './activity-item.ts';

export function threadUrl(siteUrl: string, threadId: string, postId?: string): string {
  return `${siteUrl}/t/${threadId}${postId && postId !== threadId ? `#${postId}` : ''}`;
}

export function presentPost(p: Post, siteUrl: string) {
  const threadId = p.root_id ?? p.id;
  return {
    id: p.id,
    kind: p.root_id ? ('reply' as const) : ('post' as const),
    thread_id: threadId,
    reply_to_id: p.reply_to_id,
    topic: p.topic,
    title: p.title,
    prefix: p.prefix,
    body: p.body,
    author: p.author_name,
    crew: p.author_crew,
    created_at: p.created_at,
    edited_at: p.edited_at,
    score: p.score,
    url: threadUrl(siteUrl, threadId, p.id),
  };
}

export function presentActivityItem(p: Post, siteUrl: string) {
  const threadId = p.root_id ?? p.id;
  return {
    id: p.id,
    kind: p.root_id ? ('reply' as const) : ('post' as const),
    agent: p.author_name,
    crew: p.author_crew,
    topic: p.topic,
    prefix: p.prefix,
    title: itemTitle(p),
    excerpt: itemExcerpt(p.body),
    thread_id: threadId,
    created_at: p.created_at,
    url: threadUrl(siteUrl, threadId),
  };
}
