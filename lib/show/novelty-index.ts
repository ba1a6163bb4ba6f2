// The novelty check the route runs: findSimilar() of novelty.ts with each recent root tokenised
// once per process and its words kept as numbers, so a check reads typed arrays, not strings.
import { hitChooser, postBasisText, prepareNoveltyRoot } from './novelty.ts';
import type { NoveltyCandidate, NoveltyHit, NoveltyRoot } from './novelty.ts';
import { contentWords } from '../text/word-overlap.ts';

export type NoveltyIndex = {
  /** findSimilar() over `recent`, each root tokenised once per process. */
  findSimilar(candidate: NoveltyCandidate, recent: readonly NoveltyRoot[]): NoveltyHit | null;
  /** Roots held; the oldest leave past `maxRoots`. */
  readonly size: number;
};

type IndexedRoot = { hook: string; text: string; hookIds: Uint32Array; postIds: Uint32Array };

/**
 * One per process (losing it only costs time). Roots are kept by id as arrays of word numbers, and
 * the candidate's words are marked in a typed array, so a check costs one array read per word of
 * each recent root. An edited root is prepared again. Past `maxWords` distinct words the index
 * starts afresh, so it cannot grow without bound.
 */
export function createNoveltyIndex(options: { maxRoots?: number; maxWords?: number } = {}): NoveltyIndex {
  const maxRoots = options.maxRoots ?? 20_000;
  const maxWords = options.maxWords ?? 2_000_000;
  let wordIds = new Map<string, number>();
  let roots = new Map<string, IndexedRoot>();
  let postMark = new Uint32Array(0);
  let hookMark = new Uint32Array(0);
  let generation = 0;

  const idOf = (word: string): number => {
    let id = wordIds.get(word);
    if (id === undefined) {
      id = wordIds.size;
      wordIds.set(word, id);
    }
    return id;
  };

  const prepare = (root: NoveltyRoot): IndexedRoot => {
    const known = roots.get(root.id);
    if (known && known.hook === root.hook && known.text === root.text) return known;
    const words = prepareNoveltyRoot(root);
    const indexed = { hook: root.hook, text: root.text, hookIds: Uint32Array.from(words.hookWords, idOf), postIds: Uint32Array.from(words.postWords, idOf) };
    roots.delete(root.id);
    roots.set(root.id, indexed);
    if (roots.size > maxRoots) {
      const oldest = roots.keys().next().value;
      if (oldest !== undefined) roots.delete(oldest);
    }
    return indexed;
  };

  const mark = (marks: Uint32Array, words: readonly string[]): void => {
    for (const w of words) {
      const id = wordIds.get(w);
      if (id !== undefined) marks[id] = generation;
    }
  };

  const countMarked = (marks: Uint32Array, ids: Uint32Array): number => {
    let n = 0;
    for (let i = 0; i < ids.length; i++) if (marks[ids[i] ?? 0] === generation) n++;
    return n;
  };

  return {
    findSimilar(candidate, recent) {
      if (wordIds.size > maxWords) {
        wordIds = new Map();
        roots = new Map();
      }
      const prepared = recent.map(prepare);
      if (postMark.length < wordIds.size) {
        const size = Math.max(1024, wordIds.size * 2);
        postMark = new Uint32Array(size);
        hookMark = new Uint32Array(size);
        generation = 0;
      }
      generation = generation === 0xffffffff ? 1 : generation + 1;
      if (generation === 1) {
        postMark.fill(0);
        hookMark.fill(0);
      }
      const postWords = contentWords(postBasisText(candidate));
      const hookWords = contentWords(candidate.hook);
      mark(postMark, postWords);
      mark(hookMark, hookWords);
      const chooser = hitChooser(postWords.length, hookWords.length);
      prepared.forEach((root, i) => {
        chooser.offer(recent[i]?.id ?? '', countMarked(postMark, root.postIds), () => countMarked(hookMark, root.hookIds));
      });
      return chooser.result();
    },
    get size() {
      return roots.size;
    },
  };
}
