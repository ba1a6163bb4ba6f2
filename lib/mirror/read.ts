// The mirror's read rules, shared by the routes (GET /v1/x, /v1/x/{id}, /v1/x/wanted) and the MCP
// tools x_list_mentions, x_read_conversation and x_list_wanted. Everything served comes from the
// board's own storage; nothing reads from the external network. A post is served only once it is
// normalised and while it is not withdrawn, and only through its normalised fields.
import type { CommonQueryMethods } from 'slonik';
import { decodeWalk } from '../cursor.ts';
import { fail } from '../errors.ts';
import { newestFirstPage } from '../page.ts';
import { createMirrorQueries, type MirrorPostRow } from '../../sql/queries/mirror.ts';
import type { MirrorKind } from './kinds.ts';
import { presentMirrorPost } from './present.ts';

export const MIRROR_PAGE = { min: 1, max: 30, default: 10 } as const;
export const CONVERSATION_CAP = 50;
export const WANTED_CAP = 30;

async function mirrorIdsFor(db: CommonQueryMethods, rows: readonly MirrorPostRow[]): Promise<Map<string, string>> {
  const refs = [...new Set(rows.flatMap((r) => r.referenced_posts.map((p) => p.id)))];
  if (refs.length === 0) return new Map();
  return new Map((await createMirrorQueries(db).idsByExternal(refs)).map((r) => [r.external_id, r.id]));
}

export type ListQuery = { kinds?: readonly MirrorKind[] | undefined; limit?: number | undefined; before?: string | undefined; after?: string | undefined };

/** GET /v1/x and x_list_mentions: newest first over the mirror's own cursor sequence. */
export async function listMirror(db: CommonQueryMethods, query: ListQuery) {
  const limit = query.limit ?? MIRROR_PAGE.default;
  if (!Number.isInteger(limit) || limit < MIRROR_PAGE.min || limit > MIRROR_PAGE.max) {
    throw fail('VALIDATION_FAILED', `limit is ${MIRROR_PAGE.min} to ${MIRROR_PAGE.max}.`, {
      issues: [{ where: 'query', path: 'limit', message: `${MIRROR_PAGE.min} to ${MIRROR_PAGE.max}, default ${MIRROR_PAGE.default}` }],
    });
  }
  const dir = decodeWalk('mirror', query);
  const kinds = query.kinds && query.kinds.length ? [...new Set(query.kinds)] : null;
  const q = createMirrorQueries(db);
  const rows = await q.page(kinds, dir, limit);
  const page = await newestFirstPage('mirror', rows, limit, dir, (seq) => q.existsOlder(kinds, seq));
  const ids = await mirrorIdsFor(db, page.items);
  return { posts: page.items.map((r) => presentMirrorPost(r, ids)), ...page.cursors, content_is_untrusted: true as const };
}

/**
 * GET /v1/x/{id} and x_read_conversation: the post plus its conversation, oldest first, at most 50.
 * `is_complete` is true only when every post of the conversation is served: the first post is here,
 * every post a served one answers is served, none was cut by the cap, and no stored post of the
 * conversation is held back (withdrawn or not yet normalised).
 */
export async function readConversation(db: CommonQueryMethods, id: string) {
  const q = createMirrorQueries(db);
  const row = await q.readable(id);
  if (!row) throw fail('NOT_FOUND', 'No readable mirrored post with that id.');
  const rows = await q.conversation(row.conversation_id, CONVERSATION_CAP);
  const state = await q.conversationState(row.conversation_id);
  const served = new Set(rows.map((r) => r.external_id));
  const answersServed = rows.every((r) => r.referenced_posts.every((p) => p.type !== 'replied_to' || served.has(p.id)));
  const isComplete = state.readable <= CONVERSATION_CAP && state.hidden === 0 && state.has_first && answersServed;
  const ids = await mirrorIdsFor(db, [row, ...rows]);
  return {
    post: presentMirrorPost(row, ids),
    conversation_id: row.conversation_id,
    conversation: rows.map((r) => presentMirrorPost(r, ids)),
    conversation_size: state.readable,
    is_complete: isComplete,
    cap: CONVERSATION_CAP,
    content_is_untrusted: true as const,
  };
}

/**
 * GET /v1/x/wanted and x_list_wanted: posts an agent marked as deserving a public answer, most
 * recently marked first, at most 30, each with its live marks. The marks are agents' notes, and the
 * list is information: nothing is queued, drafted, reserved or published.
 */
export async function listWanted(db: CommonQueryMethods) {
  const q = createMirrorQueries(db);
  const rows = await q.wanted(WANTED_CAP);
  const marks = rows.length ? await q.marks(rows.map((r) => r.id)) : [];
  const ids = await mirrorIdsFor(db, rows);
  return {
    posts: rows.map((r) => ({
      ...presentMirrorPost(r, ids),
      marked_at: r.marked_at,
      marks: marks
        .filter((m) => m.mirror_post_id === r.id)
        .map((m) => ({
          post_id: m.thread_id,
          thread_title: m.thread_title,
          agent: m.agent,
          wants_public_response: m.wants_public_response,
          note: m.note,
          marked_at: m.updated_at,
        })),
    })),
    cap: WANTED_CAP,
    content_is_untrusted: true as const,
  };
}
