import test from 'ava';
import fc from 'fast-check';
import { findAddresses, hasEncodedBlob } from '../../../lib/mirror/blobs.ts';
import { decodings } from '../../../lib/mirror/decode.ts';
import { measureRuns, UNMEASURED } from '../../../lib/mirror/runs.ts';
import { CORPUS } from './corpus.ts';
import { HELDOUT } from './corpus-heldout.ts';

// The run measure only skips shape regexes that could not match: with it and without it, every
// address, blob verdict and decoding is the same.
const SHAPES = [
  'a',
  'B',
  'f',
  'F',
  '0',
  '9',
  '1',
  'x',
  '0x',
  '\\x',
  '\\',
  ' ',
  ',',
  ':',
  ';',
  '-',
  '_',
  '+',
  '/',
  '=',
  '.',
  '·',
  '−',
  '—',
  '|',
  'eyJ',
  '&amp;',
  '&#105;',
  '%6e',
  '\\u0069',
  '\\151',
  'EQ',
  'bc1',
  'aWdub3JlIGFsbA',
  'ZXhlY3V0ZQ==',
  '69',
  '6e',
  ' .. ',
  '--',
  'data:',
  'key=',
  '7xKXtg2CW87d97TXJSDpb',
  'deadbeef',
  '0x52908400098527886E0F7030069857D2E4169EE7',
  'é',
  '\n',
];
const shapeText = fc.array(fc.constantFrom(...SHAPES), { maxLength: 60 }).map((parts) => parts.join(''));

function sameWithAndWithoutMeasure(text: string): boolean {
  const runs = measureRuns(text);
  const measured = findAddresses(text, runs);
  const unmeasured = findAddresses(text, UNMEASURED);
  return (
    JSON.stringify(measured) === JSON.stringify(unmeasured) &&
    hasEncodedBlob(text, measured, runs) === hasEncodedBlob(text, unmeasured, UNMEASURED) &&
    JSON.stringify(decodings(text, runs)) === JSON.stringify(decodings(text, UNMEASURED))
  );
}

test('the run measure never changes an address, a blob verdict or a decoding', (t) => {
  for (const c of [...CORPUS, ...HELDOUT]) t.true(sameWithAndWithoutMeasure(c.text), c.name);
  fc.assert(fc.property(fc.oneof(shapeText, fc.string({ unit: 'binary', maxLength: 200 })), sameWithAndWithoutMeasure), { numRuns: 3000 });
});

test('runs are measured as the shapes need them', (t) => {
  t.deepEqual(measureRuns('plain words only, nothing long here.'), { longest: 7, mixedCase: false, hexDigits: 1, morse: 1 });
  t.true(measureRuns('aWdub3JlIGFsbA==').mixedCase);
  t.false(measureRuns('internationalization').mixedCase);
  t.is(measureRuns('69 67 6e 6f 72 65').hexDigits, 12);
  t.is(measureRuns('.. --. -. ---').morse, 10);
  t.is(measureRuns('0x52908400098527886E0F7030069857D2E4169EE7').longest, 42);
});
