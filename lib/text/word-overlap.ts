// The word-overlap measure behind Show novelty (docs/show.md, "Novelty"). Words: the text is
// NFKC-normalised and lower-cased; a word is a maximal run of letters, combining marks and digits,
// except that each Han, Hiragana or Katakana character is a word of its own (those scripts put no
// spaces between words). Overlap is over distinct words with stopwords removed, and it is measured
// from the candidate's side: shared / |candidate|, "how much of the new text was already said".

// NLTK's English stopwords (without the apostrophe forms, which tokenize() splits): words that two
// unrelated English texts share anyway.
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself ' +
    'it its itself they them their theirs themselves what which who whom this that these those am is are was were be ' +
    'been being have has had having do does did doing a an the and but if or because as until while of at by for with ' +
    'about against between into through during before after above below to from up down in out on off over under again ' +
    'further then once here there when where why how all any both each few more most other some such no nor not only ' +
    'own same so than too very s t can will just don should now d ll m o re ve y ain aren couldn didn doesn hadn hasn ' +
    'haven isn ma mightn mustn needn shan shouldn wasn weren won wouldn'
  ).split(' '),
);

const WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[[\p{L}\p{M}\p{N}]--[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]]+/gv;

const ASCII = /^[\x00-\x7f]*$/;

/** Every word of `text` in order, duplicates kept. */
export function tokenize(text: string): string[] {
  // ASCII is its own NFKC form and has no CJK: the short path gives the same words, faster.
  if (ASCII.test(text)) return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return text.normalize('NFKC').toLowerCase().match(WORD) ?? [];
}

/** The distinct words that carry meaning: stopwords dropped, unless the text holds nothing else. */
export function contentWords(text: string): string[] {
  return distinctContent(tokenize(text));
}

/** contentWords() over words already tokenised (one pass: this runs for every recent root). */
export function distinctContent(words: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const w of words) {
    if (seen.has(w)) continue;
    seen.add(w);
    if (!STOPWORDS.has(w)) kept.push(w);
  }
  return kept.length > 0 ? kept : [...seen];
}

/** How many of the candidate's distinct words the other text also holds. */
export function sharedCount(candidate: ReadonlySet<string>, other: readonly string[]): number {
  let n = 0;
  for (const w of other) if (candidate.has(w)) n++;
  return n;
}

/** Whether shared / total reaches `percent`, in integers so 45% is exact (9 of 20 reaches 45). */
export function reachesPercent(shared: number, total: number, percent: number): boolean {
  return total > 0 && shared * 100 >= percent * total;
}

export type Overlap = { shared: number; total: number; ratio: number };

/** The share of the candidate's content words that `other` also holds (0 when it has none). */
export function wordOverlap(candidate: string, other: string): Overlap {
  const mine = new Set(contentWords(candidate));
  const shared = sharedCount(mine, contentWords(other));
  return { shared, total: mine.size, ratio: mine.size === 0 ? 0 : shared / mine.size };
}
