// Normalising stored posts (the mirror_post__normalize task): read each original exactly as
// received, run SPEC.md's processing and flagging once (normalize.ts), and store the normalised
// fields; then the mirror's sequencer pass gives the posts their mirror numbers (migration 000050),
// and only then are they read. A batch is read in one statement and written in one.
// Idempotent: a post already normalised is left alone; a missing one is skipped.
import type { CommonQueryMethods } from 'slonik';
import { createMirrorQueries } from '../../sql/queries/mirror.ts';
import { createSequencerQueries } from '../../sql/queries/sequencer.ts';
import { normalizeDisplayName, normalizeHandle, normalizePost } from './normalize.ts';
import { rawPostOf } from './payload.ts';

export type NormalizeOutcome = 'normalized' | 'already' | 'missing';

function normalizedFields(id: string, stored: string) {
  let original: unknown = null;
  try {
    original = JSON.parse(stored);
  } catch {
    // Stored originals passed JSON.parse on intake; an unreadable one normalises as an empty post.
  }
  const raw = rawPostOf(original);
  const post = normalizePost(raw.post);
  return {
    id,
    text: post.text,
    textLength: post.text_length,
    isTruncated: post.is_truncated,
    links: post.links,
    flags: post.flags,
    handle: normalizeHandle(raw.username),
    displayName: normalizeDisplayName(raw.name),
  };
}

/**
 * Normalises the posts with these ids and numbers them; the outcome of each, in the same order. `db`
 * is the pool: the pass runs after the normalised fields committed, outside any transaction.
 */
export async function normalizeStoredPosts(db: CommonQueryMethods, ids: readonly string[], now: Date): Promise<NormalizeOutcome[]> {
  const q = createMirrorQueries(db);
  const stored = new Map((await q.originalsOf(ids)).map((r) => [r.id, r]));
  const pending = [...new Set(ids)].filter((id) => stored.get(id)?.normalized === false);
  const saved = new Set(
    pending.length
      ? (
          await q.saveNormalized(
            pending.map((id) => normalizedFields(id, stored.get(id)!.original)),
            now,
          )
        ).map((r) => r.id)
      : [],
  );
  // Also after a retry that found everything normalised: the pass of a crashed run may not have run.
  if (stored.size > 0) await createSequencerQueries(db).pass('mirror');
  const first = new Set<string>();
  return ids.map((id) => {
    if (!stored.has(id)) return 'missing';
    if (saved.has(id) && !first.has(id)) {
      first.add(id);
      return 'normalized';
    }
    return 'already';
  });
}

export async function normalizeStoredPost(db: CommonQueryMethods, id: string, now: Date): Promise<NormalizeOutcome> {
  return (await normalizeStoredPosts(db, [id], now))[0]!;
}
