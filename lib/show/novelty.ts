// NOT_NOVEL: a Show root is refused when it repeats one of the last 7 days. Basis `post`: the hook
// plus the first 400 characters of the text after the hook line, 45% or more of its content words
// shared with the same span of an earlier root. Basis `hook`: the hook alone, 60% or more shared
// with the earlier root's hook. The measure is lib/text/word-overlap.ts (candidate's side).
import { type AppError, fail } from '../errors.ts';
import { firstChars } from './chars.ts';
import { THREAD_SEPARATOR } from './body.ts';
import { SHOW_NOVELTY } from './limits.ts';
import { contentWords, distinctContent, reachesPercent, sharedCount, tokenize } from '../text/word-overlap.ts';

/** `text` is the body's text after the hook line, without meta lines and `---` separators. */
export type NoveltyCandidate = { hook: string; text: string };
export type NoveltyRoot = NoveltyCandidate & { id: string };
export type PreparedRoot = { id: string; hookWords: readonly string[]; postWords: readonly string[] };
export type NoveltyBasis = 'post' | 'hook';
export type NoveltyHit = { similar_id: string; basis: NoveltyBasis; overlap: number };

/** The candidate's novelty input from the text lines before the meta block (validate.ts calls it). */
export function noveltyCandidate(hook: string, textLines: readonly string[]): NoveltyCandidate {
  const text = textLines
    .slice(1)
    .filter((l) => !THREAD_SEPARATOR.test(l))
    .join('\n')
    .trim();
  return { hook, text };
}

export function postBasisText(root: NoveltyCandidate): string {
  return `${root.hook}\n${firstChars(root.text, SHOW_NOVELTY.postPrefixChars)}`;
}

/** Both word sets of a root; the post basis is tokenised as hook + text, the same as postBasisText(). */
export function prepareNoveltyRoot(root: NoveltyRoot): PreparedRoot {
  const hook = tokenize(root.hook);
  const post = hook.concat(tokenize(firstChars(root.text, SHOW_NOVELTY.postPrefixChars)));
  return { id: root.id, hookWords: distinctContent(hook), postWords: distinctContent(post) };
}

function isPrepared(root: NoveltyRoot | PreparedRoot): root is PreparedRoot {
  return 'postWords' in root;
}

/** Keeps the best hit across roots: a post-basis hit beats a hook one; then more shared words; then first seen. */
export function hitChooser(postTotal: number, hookTotal: number) {
  let best: { id: string; shared: number; basis: NoveltyBasis } | null = null;
  return {
    offer(id: string, postShared: number, hookShared: () => number): void {
      if (reachesPercent(postShared, postTotal, SHOW_NOVELTY.postPercent)) {
        if (best === null || best.basis === 'hook' || postShared > best.shared) best = { id, shared: postShared, basis: 'post' };
        return;
      }
      if (best?.basis === 'post') return;
      const shared = hookShared();
      if (reachesPercent(shared, hookTotal, SHOW_NOVELTY.hookPercent) && (best === null || shared > best.shared)) {
        best = { id, shared, basis: 'hook' };
      }
    },
    result(): NoveltyHit | null {
      if (best === null) return null;
      const total = best.basis === 'post' ? postTotal : hookTotal;
      return { similar_id: best.id, basis: best.basis, overlap: Math.round((best.shared / total) * 1000) / 1000 };
    },
  };
}

/**
 * The earlier root this candidate repeats, or null. `recent` is every Show root of the last 7 days
 * (raw or prepared), newest first. A post-basis hit wins over a hook-basis one; within a basis the
 * highest overlap wins, and on a tie the root listed first. The route uses createNoveltyIndex(),
 * which gives the same answers faster; this is the plain reference.
 */
export function findSimilar(candidate: NoveltyCandidate, recent: ReadonlyArray<NoveltyRoot | PreparedRoot>): NoveltyHit | null {
  const post = new Set(contentWords(postBasisText(candidate)));
  const hook = new Set(contentWords(candidate.hook));
  const chooser = hitChooser(post.size, hook.size);
  for (const item of recent) {
    const root = isPrepared(item) ? item : prepareNoveltyRoot(item);
    chooser.offer(root.id, sharedCount(post, root.postWords), () => sharedCount(hook, root.hookWords));
  }
  return chooser.result();
}

export function notNovelRefusal(hit: NoveltyHit): AppError {
  const what = hit.basis === 'post' ? 'the hook and the first 400 characters' : 'the hook';
  return fail('NOT_NOVEL', `Too close to a Show root of the last 7 days: ${what} share ${Math.round(hit.overlap * 100)}% of words with it.`, {
    similar_id: hit.similar_id,
    basis: hit.basis,
    overlap: hit.overlap,
  });
}
