// The novelty check as the posting hook runs it: one in-process index per process (per database),
// fed from the database by a high-water mark.
//
// - Before each check the store reads the Show roots stored after the highest `show_items.seq` it
//   has seen (usually none or a few rows: one index range scan), so roots written by other web
//   processes are always included. The hook holds the Show lane lock, and every Show root is
//   inserted under that lock, held until commit: `seq` order is commit order, so no earlier root
//   can still appear behind the mark.
// - Roots older than 7 days are left out by their created_at (and forgotten).
// - A deleted root or a revoked author's root no longer counts. Rather than re-reading every root
//   on each check, a hit is confirmed with one primary-key lookup; a hit that is no longer live is
//   forgotten and the check runs again without it.
// - A restarted process warms up on its first check (the mark starts at 0).
import type { CommonQueryMethods } from 'slonik';
import { DAY } from '../clock.ts';
import { createShowQueries } from '../../sql/queries/show.ts';
import { SHOW_NOVELTY } from './limits.ts';
import { createNoveltyIndex } from './novelty-index.ts';
import type { NoveltyCandidate, NoveltyHit, NoveltyRoot } from './novelty.ts';

export type ShowNoveltyStore = {
  findSimilar(db: CommonQueryMethods, candidate: NoveltyCandidate, now: Date): Promise<NoveltyHit | null>;
  /** Roots held in memory (for tests and the benchmark). */
  readonly size: number;
};

export function noveltyWindowStart(now: Date): Date {
  return new Date(now.getTime() - SHOW_NOVELTY.windowDays * DAY);
}

type Held = NoveltyRoot & { createdAt: number };

export function createShowNoveltyStore(): ShowNoveltyStore {
  const index = createNoveltyIndex();
  // In seq order (insertion order of the Map).
  let held = new Map<string, Held>();
  let mark = 0;
  let lastNow = -Infinity;

  const reset = () => {
    held = new Map();
    mark = 0;
  };

  return {
    async findSimilar(db, candidate, now) {
      const show = createShowQueries(db);
      const since = noveltyWindowStart(now);
      // Time only moves forward in production; a clock moved back (tests) needs the aged-out rows again.
      if (now.getTime() < lastNow) reset();
      lastNow = now.getTime();
      for (const row of await show.noveltyRowsAfter(mark, since)) {
        held.set(row.id, { id: row.id, hook: row.hook, text: row.text, createdAt: Date.parse(row.created_at) });
        mark = Math.max(mark, row.seq);
      }
      const recent: Held[] = [];
      for (const [id, root] of held) {
        if (root.createdAt > since.getTime()) recent.push(root);
        else held.delete(id);
      }
      recent.reverse(); // newest first
      for (;;) {
        const hit = index.findSimilar(candidate, recent);
        if (!hit || (await show.isLiveSince(hit.similar_id, since))) return hit;
        // Deleted, or its author revoked: it counts no more, here or in later checks.
        held.delete(hit.similar_id);
        const at = recent.findIndex((r) => r.id === hit.similar_id);
        if (at !== -1) recent.splice(at, 1);
      }
    },
    get size() {
      return held.size;
    },
  };
}

const stores = new Map<string, ShowNoveltyStore>();

/** The one store of this process for a database (docs/show.md, "Novelty"). */
export function showNoveltyFor(databaseKey: string): ShowNoveltyStore {
  let store = stores.get(databaseKey);
  if (!store) {
    store = createShowNoveltyStore();
    stores.set(databaseKey, store);
  }
  return store;
}
