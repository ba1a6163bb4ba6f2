import test from 'ava';
import { createNoveltyIndex } from '../../../lib/show/novelty-index.ts';
import { findSimilar, notNovelRefusal, prepareNoveltyRoot } from '../../../lib/show/novelty.ts';
import type { NoveltyRoot } from '../../../lib/show/novelty.ts';
import { validateShowRoot } from '../../../lib/show/validate.ts';
import { showRoot } from './build-show.ts';

/** Distinct made-up words that are no stopwords (676 of them: qaa ... qzz). */
function word(i: number): string {
  if (i >= 676) throw new Error('word index out of range');
  const a = 'abcdefghijklmnopqrstuvwxyz';
  return `q${a[Math.floor(i / 26) % 26]}${a[i % 26]}`;
}
const words = (from: number, count: number) => Array.from({ length: count }, (_, i) => word(from + i)).join(' ');

// Post basis: a 4-word hook and 96 words of text (384 characters, inside the first 400) make 100
// content words; the earlier root shares `k` of the text words and none of the hook's.
const postCandidate = { hook: words(0, 4), text: words(4, 96) };
const postRoot = (k: number): NoveltyRoot => ({ id: `post-${k}`, hook: words(600, 4), text: `${words(4, k)} ${words(300, 40)}` });

for (const [k, refused] of [
  [44, false],
  [45, true],
] as const) {
  test(`post basis at ${k}%: ${refused ? 'NOT_NOVEL' : 'novel'}`, (t) => {
    const hit = findSimilar(postCandidate, [postRoot(k)]);
    t.deepEqual(hit, refused ? { similar_id: `post-${k}`, basis: 'post', overlap: k / 100 } : null);
  });
}

// Hook basis: a 100-word hook, 99 words of text; the earlier root's hook shares `k` of the hook's
// words, which is only k / 199 (< 45%) of the post basis.
const hookCandidate = { hook: words(0, 100), text: words(100, 99) };
const hookRoot = (k: number): NoveltyRoot => ({ id: `hook-${k}`, hook: `${words(0, k)} ${words(400, 20)}`, text: words(500, 60) });

for (const [k, refused] of [
  [59, false],
  [60, true],
] as const) {
  test(`hook basis at ${k}%: ${refused ? 'NOT_NOVEL' : 'novel'}`, (t) => {
    const hit = findSimilar(hookCandidate, [hookRoot(k)]);
    t.deepEqual(hit, refused ? { similar_id: `hook-${k}`, basis: 'hook', overlap: k / 100 } : null);
  });
}

test('only the first 400 characters after the hook count', (t) => {
  // 96 words fill 384 characters; shared words placed after 400 characters are not read.
  const candidate = { hook: words(0, 4), text: `${words(4, 96)} ${words(450, 60)}` };
  t.is(findSimilar(candidate, [{ id: 'late', hook: words(600, 4), text: words(450, 60) }]), null);
  t.is(
    findSimilar({ hook: words(0, 4), text: `${words(450, 60)} ${words(4, 96)}` }, [{ id: 'early', hook: words(600, 4), text: words(450, 60) }])?.basis,
    'post',
  );
});

test('a post-basis hit wins over a hook-basis one, and the closest root wins within a basis', (t) => {
  const hit = findSimilar(postCandidate, [{ id: 'hook-only', hook: words(0, 4), text: words(520, 30) }, postRoot(50), postRoot(70), postRoot(60)]);
  t.deepEqual(hit, { similar_id: 'post-70', basis: 'post', overlap: 0.7 });
  t.deepEqual(findSimilar(postCandidate, [{ id: 'hook-only', hook: words(0, 4), text: words(520, 30) }]), {
    similar_id: 'hook-only',
    basis: 'hook',
    overlap: 1,
  });
});

test('prepared and raw roots give the same answer', (t) => {
  const raw = [postRoot(30), postRoot(45)];
  t.deepEqual(findSimilar(postCandidate, raw.map(prepareNoveltyRoot)), findSimilar(postCandidate, raw));
});

test('the index gives the same answers as the reference at every threshold', (t) => {
  const index = createNoveltyIndex();
  const recent = [postRoot(44), hookRoot(59), { id: 'hook-only', hook: words(0, 4), text: words(520, 30) }];
  for (const candidate of [postCandidate, hookCandidate, { hook: words(640, 4), text: words(650, 10) }]) {
    t.deepEqual(index.findSimilar(candidate, recent), findSimilar(candidate, recent));
  }
  for (const root of [postRoot(45), postRoot(70), hookRoot(60)]) {
    t.deepEqual(index.findSimilar(postCandidate, [...recent, root]), findSimilar(postCandidate, [...recent, root]));
    t.deepEqual(index.findSimilar(hookCandidate, [...recent, root]), findSimilar(hookCandidate, [...recent, root]));
  }
});

test('the index re-prepares an edited root and drops the oldest past its size', (t) => {
  const index = createNoveltyIndex({ maxRoots: 2 });
  t.is(index.findSimilar(postCandidate, [postRoot(45)])?.similar_id, 'post-45');
  t.is(index.findSimilar(postCandidate, [{ ...postRoot(45), text: words(300, 40) }]), null);
  index.findSimilar(postCandidate, [postRoot(1), postRoot(2)]);
  t.is(index.size, 2);
});

test('the index starts afresh past its word limit and still answers right', (t) => {
  const index = createNoveltyIndex({ maxWords: 50 });
  t.is(index.findSimilar(postCandidate, [postRoot(45)])?.similar_id, 'post-45');
  t.is(index.findSimilar(postCandidate, [postRoot(44)]), null);
  t.is(index.findSimilar(postCandidate, [postRoot(60)])?.overlap, 0.6);
});

test('a realistic rewording is caught; a different post on the same topic is not', (t) => {
  const earlier = validateShowRoot(
    showRoot({
      hook: 'What a swap costs on Solana DEX pools',
      text: 'We charted fees paid per swap on the main DEX pools over a week: the median fell by half, and the busiest hours cost the most.',
    }),
    { authorName: 'nova' },
  );
  const reworded = validateShowRoot(
    showRoot({
      hook: 'What one swap costs on Solana DEX pools',
      text: 'Charted: fees paid per swap on the main DEX pools over the week. The median fell by half; the busiest hours cost most.',
    }),
    { authorName: 'orbit' },
  );
  const different = validateShowRoot(
    showRoot({
      hook: 'Where Solana DEX volume comes from',
      text: 'A map of which wallets send swaps to which pools, drawn from a day of public explorer data; bots and people apart.',
    }),
    { authorName: 'orbit' },
  );
  const recent = [{ id: 'earlier', ...earlier.novelty }];
  t.is(findSimilar(reworded.novelty, recent)?.similar_id, 'earlier');
  t.is(findSimilar(different.novelty, recent), null);
});

test('the NOT_NOVEL refusal carries similar_id and basis', (t) => {
  const r = notNovelRefusal({ similar_id: 'abc', basis: 'hook', overlap: 0.6 });
  t.is(r.status, 409);
  t.is(r.code, 'NOT_NOVEL');
  t.deepEqual(r.details, { similar_id: 'abc', basis: 'hook', overlap: 0.6 });
});
