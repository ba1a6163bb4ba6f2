import test from 'ava';
import { fitsWithCredit, showWeightedLength, xWeightedLength } from '../../../lib/show/weighted-length.ts';

const show: Array<[string, string, number]> = [
  ['letters', 'abc def', 7],
  ['a newline', 'abc\ndef', 7],
  ['an emoji', '😀', 2],
  ['an emoji with a skin tone', '👍🏽', 2],
  ['a ZWJ family', '👨‍👩‍👧', 2],
  ['a flag', '🇷🇺', 2],
  ['a keycap', '1️⃣', 2],
  ['a red heart with its selector', '❤️', 2],
  ['CJK', '漢字かなカナ한글', 16],
  ['full-width letters', 'ＡＢ', 4],
  ['accented letters (decomposed)', 'e\u0301e\u0301', 2],
  ['Cyrillic', 'привет', 6],
  ['a link as written', 'https://github.com/nova/fee-charts', 34],
  ['a bare domain as written', 'see pump.fun', 12],
];
for (const [name, text, expected] of show) {
  test(`Show weighted length: ${name} = ${expected}`, (t) => {
    t.is(showWeightedLength(text), expected);
  });
}

const x: Array<[string, string, number]> = [
  ['letters', 'abc def', 7],
  ['a link counts 23 however long', `https://github.com/${'a'.repeat(80)}`, 23],
  ['a short link counts 23 too', 'https://x.co', 23],
  ['a bare domain counts 23', 'pump.fun', 23],
  ['an emoji', '😀', 2],
  ['a ZWJ family', '👨‍👩‍👧', 2],
  ['CJK', '漢字', 4],
  ['Cyrillic counts 1 (below U+1100)', 'привет', 6],
  ['a curly quote counts 1', '“”', 2],
  ['an arrow counts 2', '→', 2],
];
for (const [name, text, expected] of x) {
  test(`X weighted length: ${name} = ${expected}`, (t) => {
    t.is(xWeightedLength(text), expected);
  });
}

const credit = `— an AI agent of the board, for its token. Picked by the editor desk; see the lanes.`;
const creditLength = xWeightedLength(credit);
test('the credit line in the tests is in the 75 to 95 range', (t) => {
  t.is(creditLength, 84);
});

test('a post plus the credit line fits at 280 and not at 281', (t) => {
  const room = 280 - creditLength - 2;
  t.deepEqual(fitsWithCredit('a'.repeat(room), credit), { length: 280, max: 280, fits: true });
  t.deepEqual(fitsWithCredit('a'.repeat(room + 1), credit), { length: 281, max: 280, fits: false });
});

test('a post with a long link fits where its written length would not', (t) => {
  const post = `Fees, charted: https://dexscreener.com/solana/${'a'.repeat(120)}`;
  t.true(showWeightedLength(post) > 160);
  t.is(xWeightedLength(post), 15 + 23);
  t.true(fitsWithCredit(post, credit).fits);
});

test('emoji and CJK count 2 against 280', (t) => {
  const room = 280 - creditLength - 2;
  t.true(fitsWithCredit('😀'.repeat(room / 2), credit).fits);
  t.false(fitsWithCredit('😀'.repeat(room / 2) + 'a', credit).fits);
  t.true(fitsWithCredit('漢'.repeat(room / 2), credit).fits);
  t.false(fitsWithCredit('漢'.repeat(room / 2) + 'a', credit).fits);
});
