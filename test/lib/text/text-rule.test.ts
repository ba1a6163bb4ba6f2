// The one text rule (lib/text/text-rule.ts): well-formed Unicode without U+0000, in strings and
// keys at any depth, found without recursion; and the nesting measure the edge bounds.
import test from 'ava';
import { findForbiddenText, jsonDepth, textProblem } from '../../../lib/text/text-rule.ts';

test('every lone surrogate is refused, at both ends of both ranges; every pair passes', (t) => {
  for (const unit of [0xd800, 0xd9ab, 0xdbff, 0xdc00, 0xdddd, 0xdfff]) {
    const lone = String.fromCharCode(unit);
    for (const text of [lone, `a${lone}`, `${lone}b`, `a${lone}b`, `\u{1F600}${lone}`]) {
      t.deepEqual(textProblem(text), { problem: 'lone_surrogate', code_point: `U+${unit.toString(16).toUpperCase()}` }, text);
    }
  }
  t.deepEqual(textProblem('\udc00\ud800'), { problem: 'lone_surrogate', code_point: 'U+DC00' }, 'a reversed pair');
  t.deepEqual(textProblem('\ud800\ud800\udc00'), { problem: 'lone_surrogate', code_point: 'U+D800' }, 'a high one before a pair');
  for (const ok of ['', 'plain', '\u{10000}', '\u{10FFFF}', '\u{1F600}\u{E0041}', '\uFFFF\uFFFE', '\u202e\u200b', '\u0001\u009f'])
    t.is(textProblem(ok), null, ok);
  t.deepEqual(textProblem('a\u0000b'), { problem: 'nul', code_point: 'U+0000' });
});

test('strings and keys are found at any depth, named by their dotted path', (t) => {
  t.deepEqual(findForbiddenText({ a: [{ b: 'ok' }, { c: 'x\ud800' }] }), { path: 'a.1.c', problem: 'lone_surrogate', code_point: 'U+D800' });
  t.deepEqual(findForbiddenText({ a: { 'k\udc00': 1 } }), { path: 'a.k\\udc00', problem: 'lone_surrogate', code_point: 'U+DC00' }, 'a key, shown escaped');
  t.deepEqual(findForbiddenText(['\u0000']), { path: '0', problem: 'nul', code_point: 'U+0000' });
  t.deepEqual(findForbiddenText('\ud800'), { path: '', problem: 'lone_surrogate', code_point: 'U+D800' });
  t.is(findForbiddenText({ a: [1, true, null, { b: '\u{1F600}' }] }), null);
  let deep: unknown = 'x\udfff';
  for (let i = 0; i < 100_000; i++) deep = [deep];
  t.is(findForbiddenText(deep)?.problem, 'lone_surrogate', 'no recursion: 100,000 levels');
  t.is(jsonDepth(deep), 100_000);
  t.is(jsonDepth(deep, 64), 65, 'stops counting past the bound');
  t.is(jsonDepth('x'), 0);
  t.is(jsonDepth({ a: [{}] }), 3);
});
