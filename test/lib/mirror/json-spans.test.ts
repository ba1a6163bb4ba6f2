// topLevelArraySpans gives each element of the ingest batch its exact source text.
import test from 'ava';
import fc from 'fast-check';
import { topLevelArraySpans } from '../../../lib/mirror/json-spans.ts';

const ws = fc.constantFrom('', ' ', '\n', '\t', '  \r\n ');

test('each span parses to the element JSON.parse sees, whatever the spacing and the other keys', (t) => {
  fc.assert(
    fc.property(fc.array(fc.tuple(ws, fc.json(), ws), { maxLength: 8 }), ws, fc.json(), (elements, pad, other) => {
      const sources = elements.map(([a, json, b]) => `${a}${json}${b}`);
      const text = `${pad}{${pad}"a\\"]":${other},${pad}"posts"${pad}:${pad}[${sources.join(',')}]${pad},"z":[1,{"posts":[]}]}${pad}`;
      const spans = topLevelArraySpans(text, 'posts');
      const parsed = JSON.parse(text).posts as unknown[];
      if (!spans || spans.length !== parsed.length) return false;
      return spans.every((span, i) => span === elements[i]![1] && JSON.stringify(JSON.parse(span)) === JSON.stringify(parsed[i]));
    }),
    { numRuns: 500 },
  );
  t.pass();
});

test('escaped keys, duplicate keys and missing keys', (t) => {
  t.deepEqual(topLevelArraySpans('{"po\\u0073ts":[ {"a":"]"} , "x\\"" ]}', 'posts'), ['{"a":"]"}', '"x\\""']);
  t.deepEqual(topLevelArraySpans('{"posts":[1],"posts":[2,3]}', 'posts'), ['2', '3']);
  t.is(topLevelArraySpans('{"posts":[1],"posts":{}}', 'posts'), null);
  t.deepEqual(topLevelArraySpans('{"posts":[]}', 'posts'), []);
  t.is(topLevelArraySpans('{}', 'posts'), null);
  t.is(topLevelArraySpans('[1]', 'posts'), null);
  t.is(topLevelArraySpans('{"other":[1]}', 'posts'), null);
});
