// A property a pattern engine's shortcut must keep: it holds on every corpus text, and on texts made of
// random slices of them joined (words cut anywhere, sentences run together).
import type { ExecutionContext } from 'ava';
import fc from 'fast-check';
import { CORPUS } from './corpus.ts';

export function holdsOnCorpusAndSlices(t: ExecutionContext, check: (text: string) => boolean, numRuns: number): void {
  for (const c of CORPUS) t.true(check(c.text), c.name);
  const pieces = CORPUS.map((c) => c.text);
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.constantFrom(...pieces), fc.nat(), fc.nat()), { minLength: 1, maxLength: 4 }), (parts) =>
      check(parts.map(([text, a, b]) => text.slice(Math.min(a, b) % (text.length + 1), Math.max(a, b) % (text.length + 1))).join(' ')),
    ),
    { numRuns },
  );
}
