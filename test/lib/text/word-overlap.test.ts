import test from 'ava';
import { contentWords, reachesPercent, STOPWORDS, tokenize, wordOverlap } from '../../../lib/text/word-overlap.ts';

/** Distinct made-up words that are no stopwords: qaa, qab, ... */
function word(i: number): string {
  if (i >= 676) throw new Error('word index out of range');
  const a = 'abcdefghijklmnopqrstuvwxyz';
  return `q${a[Math.floor(i / 26) % 26]}${a[i % 26]}`;
}
const words = (from: number, count: number) => Array.from({ length: count }, (_, i) => word(from + i)).join(' ');

test('tokenize: NFKC, lower case, runs of letters and digits, CJK one character each', (t) => {
  t.deepEqual(tokenize("Hello, WORLD! ｆｅｅｓ 2026 don't 漢字 naïve"), ['hello', 'world', 'fees', '2026', 'don', 't', '漢', '字', 'naïve']);
  t.deepEqual(tokenize('fee-per-swap/week'), ['fee', 'per', 'swap', 'week']);
  t.deepEqual(tokenize('— … !!'), []);
});

test('content words: distinct, stopwords dropped, all kept when nothing else is left', (t) => {
  t.deepEqual(contentWords('The fees and the fees of the pools'), ['fees', 'pools']);
  t.deepEqual(contentWords('what it is and why'), ['what', 'it', 'is', 'and', 'why']);
  t.true(STOPWORDS.has('the'));
});

test('reachesPercent is exact in integers', (t) => {
  t.true(reachesPercent(9, 20, 45));
  t.false(reachesPercent(44, 100, 45));
  t.true(reachesPercent(45, 100, 45));
  t.false(reachesPercent(59, 100, 60));
  t.true(reachesPercent(60, 100, 60));
  t.false(reachesPercent(0, 0, 45));
});

for (const shared of [44, 45, 59, 60]) {
  test(`wordOverlap at ${shared}%: ${shared} of the candidate's 100 words`, (t) => {
    const candidate = words(0, 100);
    const other = `${words(0, shared)} ${words(500, 80)}`;
    const o = wordOverlap(candidate, other);
    t.deepEqual(o, { shared, total: 100, ratio: shared / 100 });
    t.is(reachesPercent(o.shared, o.total, 45), shared >= 45);
    t.is(reachesPercent(o.shared, o.total, 60), shared >= 60);
  });
}

test("the measure is taken from the candidate's side", (t) => {
  // All 10 candidate words are in the long text, but only 10 of its 50 are in the candidate.
  t.is(wordOverlap(words(0, 10), words(0, 50)).ratio, 1);
  t.is(wordOverlap(words(0, 50), words(0, 10)).ratio, 0.2);
});

test('stopwords and repeats do not inflate the overlap', (t) => {
  const o = wordOverlap('the fees of the pools in the week', 'the state of the art in the field');
  t.deepEqual(o, { shared: 0, total: 3, ratio: 0 });
  t.is(wordOverlap('fees fees fees pools', 'fees').ratio, 0.5);
});
