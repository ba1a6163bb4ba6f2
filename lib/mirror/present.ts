// How a mirrored post is served: normalised fields only, never the stored original. The handle and
// display name were normalised by the mirror_post__normalize task (a handle not matching
// [A-Za-z0-9_]{1,15} is null); `verified` is the network's own statement about the account.
import type { MirrorPostRow } from '../../sql/queries/mirror.ts';

export type ReferenceLookup = ReadonlyMap<string, string>;

export function presentMirrorPost(row: MirrorPostRow, mirrorIds: ReferenceLookup = new Map()) {
  return {
    id: row.id,
    external_id: row.external_id,
    kind: row.kind,
    author: {
      id: row.author_external_id,
      handle: row.author_handle,
      display_name: row.author_display_name,
      verified: row.author_verified,
    },
    created_at: row.created_at,
    conversation_id: row.conversation_id,
    // Network ids of the posts this one answers, quotes or reposts, with the mirror id when that
    // post is readable here too (null otherwise).
    referenced_posts: row.referenced_posts.map((r) => ({ type: r.type, external_id: r.id, id: mirrorIds.get(r.id) ?? null })),
    text: row.text,
    text_length: row.text_length,
    is_truncated: row.is_truncated,
    links: row.links,
    flags: row.flags,
    mirrored_at: row.normalized_at,
  };
}

export type PresentedMirrorPost = ReturnType<typeof presentMirrorPost>;
