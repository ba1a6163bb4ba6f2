import test from 'ava';
import { LABEL_PATTERNS, proseSource } from '../../../lib/mirror/patterns.ts';
import { type Start, buildStartIndex, matchStarts, positionsOf, scanStarts } from '../../../lib/mirror/starts.ts';
import { holdsOnCorpusAndSlices } from './corpus-slices.ts';

const word = (w: string, exact = false): Start => ({ kind: 'word', word: w, exact });
const char = (c: string): Start => ({ kind: 'char', code: c.charCodeAt(0) });

test('the FIRST set of a pattern is the words and signs its matches start with', (t) => {
  // A word followed by a gap is the whole word; inside a group it is read as a prefix (safe side).
  t.deepEqual(matchStarts('send (?:me )?your seed', true), [word('send', true)]);
  t.deepEqual(matchStarts('(?:send|share) (?:me )?your seed', true), [word('send'), word('share')]);
  // An optional word lets the next one start the match; an optional last letter before a gap gives
  // two whole words, an optional sign before a letter the word alone or begun with that letter.
  t.deepEqual(matchStarts('(?:the )?admins? here', true), [word('the', true), word('admin', true), word('admins', true)]);
  t.deepEqual(matchStarts(proseSource("i'm"), true), [word('i', true), word('im')]);
  t.deepEqual(matchStarts('admin(?:istrator)?s?', true), [word('admin')]);
  t.deepEqual(matchStarts('\\d(?:-| )?digits?', true), [{ kind: 'digit' }]);
  t.deepEqual(matchStarts('[a-z0-9]{1,24}_(?:token|key)', true), [{ kind: 'under' }]);
  t.deepEqual(matchStarts('~?/\\.(?:aws|netrc)', false), [char('~'), char('/')]);
  // Without a \b in front, a word may start inside a word of the text: no FIRST set.
  t.is(matchStarts('contents? of (?:your|the) \\.env', false), null);
  t.deepEqual(matchStarts('\\bprintenv\\b', false), [word('printenv')]);
  // Anything that may start anywhere (a class, a gap, a dot) gives none.
  t.is(matchStarts('[^\\n]+ here', true), null);
  t.is(matchStarts('(?:^|\\n)\\s*admin', false), null);
  t.is(matchStarts('(?:foo )?', true), null);
});

test('a scan finds every position a FIRST set allows, in order', (t) => {
  const index = buildStartIndex([
    [[word('send', true), word('share', true)], 0],
    [[word('admin')], 1],
    [[{ kind: 'digit' }, { kind: 'under' }, char('.')], 2],
  ]);
  const text = 'send it. resend admins 12 sends github_token share';
  const starts = scanStarts(text, index);
  const positions = (id: number): number[] => {
    const out = new Int32Array(text.length + 1);
    return [...out.subarray(0, positionsOf(index, starts, id, out))];
  };
  t.deepEqual(positions(0), [0, text.indexOf('share')]);
  t.deepEqual(positions(1), [text.indexOf('admins')]);
  t.deepEqual(positions(2), [text.indexOf('.'), text.indexOf('12'), text.indexOf('github')]);
});

// Every match of every pattern starts at a position its FIRST set allows.
test('no pattern matches where its FIRST set says it cannot start', (t) => {
  const sources = Object.values(LABEL_PATTERNS).flatMap((p) => [
    ...[...p.words, ...(p.requests ?? [])].map((s) => ({
      regex: new RegExp(`\\b(?:${proseSource(s).replaceAll(' ', '[^a-z0-9]{1,4}')})`, 'g'),
      starts: matchStarts(proseSource(s), true),
    })),
    ...(p.anywhere ?? []).map((s) => ({ regex: new RegExp(s.replaceAll(' ', '[^a-z0-9]{1,4}'), 'g'), starts: matchStarts(s, false) })),
  ]);
  const withStarts = sources.filter((s) => s.starts !== null);
  t.true(withStarts.length > sources.length * 0.9, `${withStarts.length} of ${sources.length}`);
  const index = buildStartIndex(withStarts.map((s, id) => [s.starts ?? [], id] as const));
  const check = (text: string): boolean => {
    const lower = text.toLowerCase();
    const starts = scanStarts(lower, index);
    return withStarts.every(({ regex }, id) => {
      const out = new Int32Array(lower.length + 1);
      const allowed = new Set(out.subarray(0, positionsOf(index, starts, id, out)));
      regex.lastIndex = 0;
      for (let m = regex.exec(lower); m !== null; m = regex.exec(lower)) {
        if (!allowed.has(m.index)) return false;
        if (m[0].length === 0) regex.lastIndex++;
      }
      return true;
    });
  };
  holdsOnCorpusAndSlices(t, check, 300);
});
