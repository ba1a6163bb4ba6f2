import test from 'ava';
import fc from 'fast-check';
import { secondWords } from '../../../lib/mirror/flags.ts';
import { leadMayHold, leadWords } from '../../../lib/mirror/lead-words.ts';
import { normalizePost } from '../../../lib/mirror/normalize.ts';
import { LABEL_PATTERNS, proseSource } from '../../../lib/mirror/patterns.ts';
import { secondIndex, secondMayHold, secondStarts } from '../../../lib/mirror/second-words.ts';
import { CORPUS } from './corpus.ts';
import { holdsOnCorpusAndSlices } from './corpus-slices.ts';

const compiled = (source: string): string => `\\b(?:${proseSource(source).replaceAll(' ', '[^a-z0-9]{1,4}')})`;

test('the second word of a match: the starts after the first word and its separators', (t) => {
  const second = (source: string): string[] | null => secondStarts(compiled(source))?.map((s) => (s.kind === 'word' ? s.word : s.kind)) ?? null;
  t.deepEqual(second('(?:this|an?) (?:message|notice)'), ['message', 'notice', 'message', 'notice']);
  t.deepEqual(second('(?:the )?admins? here'), ['here', 'admin', 'admins']);
  t.deepEqual(second('github_(?:token|key)'), ['token', 'key']);
  // A first word that may be the whole match, or a word that may be anything, gives none.
  t.is(second('seed(?: phrase)?'), null);
  t.is(second('send [a-z]+ now'), null);
  t.is(second('(?:send )+now'), null);
});

test('the word before a lead that ends "word, gap"', (t) => {
  const words = leadWords('\\b(?:your|ur)[^a-z0-9]{1,4}');
  t.truthy(words);
  if (words === null) return;
  const text = 'type your email, the email, tour email';
  t.true(leadMayHold(text, text.indexOf('email'), words));
  t.false(leadMayHold(text, text.indexOf('email', 12), words));
  t.false(leadMayHold(text, text.lastIndexOf('email'), words));
  t.is(leadWords(',\\s{0,2}'), null);
  t.deepEqual(leadWords('please[^a-z0-9]{1,4}')?.ends, ['please']);
});

// Every match of every prose pattern starts where its second word allows (the check only skips
// positions where the regex would fail).
test('no pattern matches where its second word says it cannot', (t) => {
  const patterns = Object.values(LABEL_PATTERNS)
    .flatMap((p) => [...p.words, ...(p.requests ?? [])])
    .map((source) => ({ regex: new RegExp(compiled(source), 'g'), index: secondStarts(compiled(source)) }))
    .flatMap(({ regex, index }) => (index === null ? [] : [{ regex, index: secondIndex(index) }]));
  t.true(patterns.length > 50, `${patterns.length} patterns have a second word`);
  const check = (text: string): boolean => {
    const lower = text.toLowerCase();
    return patterns.every(({ regex, index }) => {
      regex.lastIndex = 0;
      for (let m = regex.exec(lower); m !== null; m = regex.exec(lower)) {
        if (!secondMayHold(lower, m.index, index)) return false;
        if (m[0].length === 0) regex.lastIndex++;
      }
      return true;
    });
  };
  holdsOnCorpusAndSlices(t, check, 200);
});

test('the second-word and lead-word checks change no result', (t) => {
  const both = (text: string): [string, string] => {
    secondWords.enabled = false;
    const off = JSON.stringify(normalizePost({ text }));
    secondWords.enabled = true;
    return [JSON.stringify(normalizePost({ text })), off];
  };
  for (const c of CORPUS) {
    const [on, off] = both(c.text);
    t.is(on, off, c.name);
  }
  const pieces = CORPUS.map((c) => c.text);
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.constantFrom(...pieces), fc.boolean()), { minLength: 1, maxLength: 4 }), (parts) => {
      const [on, off] = both(parts.map(([text, upper]) => (upper ? text.toUpperCase() : text)).join('\n'));
      return on === off;
    }),
    { numRuns: 300 },
  );
});
