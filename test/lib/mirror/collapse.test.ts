import test from 'ava';
import fc from 'fast-check';
import { MAX_MARKS_PER_BASE, collapseRuns } from '../../../lib/mirror/collapse.ts';

// The three rules as plain regexes over the whole text, without collapseRuns' cheap looks in front.
const byRegexOnly = (text: string): string =>
  text
    .replace(new RegExp(`(\\p{M}{${MAX_MARKS_PER_BASE}})\\p{M}+`, 'gu'), '$1')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n[ \t]*(?:\n[ \t]*){2,}/g, '\n\n')
    .trim();

const PIECES = [
  'a',
  'é',
  ' ',
  '\t',
  '\n',
  '\r',
  '\u2028',
  '\u0301',
  '\u0302',
  '\u05bc',
  '\u093c',
  '\u20e3',
  '\ufe0f',
  '\u{1d165}',
  '\u{e0100}',
  '😀',
  '\ud83d',
  '\ude00',
  'ж',
  '中',
  '’',
];

test('the cheap looks in front of the regexes change nothing', (t) => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 80 }).map((parts) => parts.join('')),
        fc.string({ unit: 'binary', maxLength: 200 }),
      ),
      (text) => {
        t.is(collapseRuns(text), byRegexOnly(text));
      },
    ),
    { numRuns: 3000 },
  );
});

test('a base keeps three marks; a fourth, astral or not, goes', (t) => {
  t.is(collapseRuns('e\u0301\u0302\u0303'), 'e\u0301\u0302\u0303');
  t.is(collapseRuns('e\u0301\u0302\u0303\u0304'), 'e\u0301\u0302\u0303');
  t.is(collapseRuns('x\u{1d165}\u{1d166}\u{1d167}\u{1d168}y'), 'x\u{1d165}\u{1d166}\u{1d167}y');
  t.is(collapseRuns('a\n \n\t\n\nb'), 'a\n\nb');
});
