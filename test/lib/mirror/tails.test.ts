import test from 'ava';
import { LABEL_PATTERNS, proseSource } from '../../../lib/mirror/patterns.ts';
import { buildStartIndex, positionsOf, scanStarts } from '../../../lib/mirror/starts.ts';
import { tailOf } from '../../../lib/mirror/tails.ts';
import { holdsOnCorpusAndSlices } from './corpus-slices.ts';

const compiled = (source: string): string => `\\b(?:${proseSource(source).replaceAll(' ', '[^a-z0-9]{1,4}')})(?![a-z0-9])`;
const words = (source: string): string[] | null =>
  tailOf(compiled(source))?.starts.map((s) => (s.kind === 'word' ? s.word : s.kind === 'char' ? String.fromCharCode(s.code) : s.kind)) ?? null;

test('a tail is cut past a group, where its start is known', (t) => {
  // Past a separator: the tail starts a word.
  t.deepEqual(words('(?:seed phrase|api key) (?:to|for) (?:me|us)'), ['to', 'for']);
  // Past a repeated group that ends with a separator, after a separator.
  t.deepEqual(words('(?:send|share) (?:[a-z]+ ){0,3}(?:your|the) (?:keys?|tokens?)'), ['your', 'the']);
  // Past an optional group that ends with a separator, after a separator.
  t.deepEqual(words('(?:seed|key) (?:to )?me'), ['me']);
  // At a literal sign.
  t.deepEqual(words('(?:bot|agent)\\s*,\\s*ignore'), [',']);
  // The tail's source is the rest of the pattern's, with what follows the group.
  t.is(tailOf(compiled('(?:seed phrase|api key) here'))?.sticky.source, 'here(?![a-z0-9])');
});

test('no tail where its start is not known or would be tried everywhere', (t) => {
  // A literal word alone before the cut: nothing to save.
  t.is(tailOf(compiled('send (?:me|us)')), null);
  // The tail may start inside a word ("band" holds "and"): it is cut further on, or not at all.
  t.deepEqual(words('(?:seed|key)[^.!?\\n]{0,60}?(?:and|then) send'), ['send']);
  t.is(tailOf(compiled('(?:seed|key)[^.!?\\n]{0,60}?(?:and|then)')), null);
  // The tail opens with a wide or optional part.
  t.is(tailOf(compiled('(?:seed|key) (?:a|b|c|d|e|f|g|h|i|j)x')), null);
  t.is(tailOf(compiled('(?:seed|key) [a-z]+')), null);
});

// Every match of every prose pattern with a tail has the tail matching at one of the tail's FIRST
// positions (by the same start scan the matcher uses) at or after the match's start: the check only
// skips positions where the regex would fail.
test('every match holds its tail at a start of the tail at or after it', (t) => {
  const patterns = Object.values(LABEL_PATTERNS)
    .flatMap((p) => [...p.words, ...(p.requests ?? [])])
    .flatMap((source) => {
      const tail = tailOf(compiled(source));
      return tail === null ? [] : [{ regex: new RegExp(compiled(source), 'g'), tail, index: buildStartIndex([[tail.starts, 0]]) }];
    });
  t.true(patterns.length > 100, `${patterns.length} patterns have a tail`);
  const check = (text: string): boolean => {
    const lower = text.toLowerCase();
    const out = new Int32Array(lower.length + 1);
    return patterns.every(({ regex, tail, index }) => {
      const n = positionsOf(index, scanStarts(lower, index), 0, out);
      regex.lastIndex = 0;
      for (let m = regex.exec(lower); m !== null; m = regex.exec(lower)) {
        const at = m.index;
        const held = Array.from(out.subarray(0, n)).some((p) => {
          tail.sticky.lastIndex = p;
          return p >= at && p <= at + m[0].length && tail.sticky.test(lower);
        });
        if (!held) return false;
        if (m[0].length === 0) regex.lastIndex++;
      }
      return true;
    });
  };
  holdsOnCorpusAndSlices(t, check, 100);
});
