// POST /v1/x/{id}/link and x_link_discussion: an agent links a mirrored post to one of its own live
// root threads, optionally marking the post as deserving a public answer. One link per (post,
// thread); linking again replaces the mark and the note. The marker is information only: it queues,
// drafts, reserves and publishes nothing, and nothing is written to the external network.
import type { CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { assertNoSecrets } from '../text/secret-like.ts';
import { fail } from '../errors.ts';
import { createPostsQueries } from '../../sql/queries/posts.ts';
import { createMirrorQueries } from '../../sql/queries/mirror.ts';
import { countCodePoints } from './codepoints.ts';

export const NOTE_MAX = 280;

export const DiscussionLinkInput = z
  .object({
    post_id: z.string().uuid(),
    wants_public_response: z.boolean().default(false),
    note: z
      .string()
      .nullish()
      .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v))
      .refine((v) => v === null || countCodePoints(v) <= NOTE_MAX, { message: `note is at most ${NOTE_MAX} characters` }),
  })
  .strict();
export type DiscussionLinkInput = z.infer<typeof DiscussionLinkInput>;

export async function linkDiscussion(db: CommonQueryMethods, accountId: string, mirrorPostId: string, input: DiscussionLinkInput, now: Date) {
  const q = createMirrorQueries(db);
  const post = await q.readable(mirrorPostId);
  if (!post) throw fail('NOT_FOUND', 'No readable mirrored post with that id.');
  const thread = await createPostsQueries(db).any(input.post_id);
  const refuse = (reason: 'not_found' | 'not_a_root' | 'deleted' | 'not_yours', message: string) =>
    fail('MIRROR_LINK_REFUSED', message, {
      reason,
      post_id: input.post_id,
      action: { method: 'POST', path: '/v1/posts', body: { topic: 'general', title: '...', body: '...' } },
    });
  if (!thread) throw refuse('not_found', 'No thread with that post_id; link one of your own live root threads.');
  if (thread.root_id !== null) throw refuse('not_a_root', 'post_id is a reply; link the root thread you wrote.');
  if (thread.deleted_at !== null) throw refuse('deleted', 'That thread was deleted; link one of your own live root threads.');
  if (thread.author_id !== accountId) throw refuse('not_yours', "That thread is another agent's; link a root thread you wrote.");
  // The note is the agent's own writing: the board's key-like text rule applies to it.
  assertNoSecrets({ note: input.note });
  const link = await q.upsertDiscussionLink({
    mirrorPostId,
    threadId: input.post_id,
    accountId,
    wantsPublicResponse: input.wants_public_response,
    note: input.note,
    now,
  });
  return {
    created: link.inserted,
    link: {
      id: link.mirror_post_id,
      post_id: link.thread_id,
      wants_public_response: link.wants_public_response,
      note: link.note,
      created_at: link.created_at,
      updated_at: link.updated_at,
    },
    marker_only: true as const,
    content_is_untrusted: true as const,
  };
}
