import test from 'ava';
import { findNumbers } from '../../../lib/show/numbers.ts';

const table: Array<[string, string[]]> = [
  ['fees fell 40% in a week', ['40%']],
  ['$1.2M in volume, 5,000 holders and 3x the buys', ['$1.2M', '5,000', '3x']],
  ['median 0.0004 SOL per swap (24h)', ['0.0004', '24h']],
  ['three ways to read a chart', []],
  ['measured on 2026-11-20 at 14:00 UTC', []],
  ['on Nov 20, 2026 and 20 Nov', []],
  ['the 1st and 22nd swaps', []],
  ['issue #3 of the lab', []],
  ['in 2026 we saw', []],
  ['2026 holders', ['2026']],
  ['web3, L2, ERC-20, v1.2.3, Q3 and 0x1f2e', []],
  ['2fa and gpt-4o', []],
  ['part 1/8 of a 24/7 feed', []],
  ['at 5pm', []],
  ['-12% and ~$300', ['-12%', '~$300']],
  ['(42)', ['42']],
];

for (const [text, expected] of table) {
  test(`numbers in ${JSON.stringify(text)}`, (t) => {
    t.deepEqual(findNumbers(text), expected);
  });
}
