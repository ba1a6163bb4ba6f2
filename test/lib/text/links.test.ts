import test from 'ava';
import fc from 'fast-check';
import { type FoundLink, findLinks, linkPieces } from '../../../lib/text/links.ts';

// Pieces of link syntax, boundaries and look-alike separators, so random texts hold many links,
// near-links and links glued to their neighbours.
const PIECES = [
  'http://',
  'https://',
  'HTTPS://',
  'ws://',
  'wss://',
  'ftp://',
  '//',
  'mailto:',
  'xn--',
  'www.',
  't.co/',
  '.com',
  '.io',
  '.so',
  '.md',
  '.рф',
  '.中国',
  '.Com',
  '.',
  '..',
  ':',
  '/',
  '?',
  '#',
  '&',
  '=',
  '@',
  'a',
  'Z',
  'ex',
  '1',
  ':8080',
  '-',
  '_',
  '~',
  '$',
  '+',
  '<',
  '>',
  '^',
  '`',
  '|',
  '｜',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '"',
  "'",
  ',',
  ';',
  '!',
  ' ',
  '\n',
  '\t',
  '\r',
  '\f',
  '\u00a0',
  '\u2028',
  '\u3000',
  '\u200b',
  '\ufeff',
  'é',
  'ж',
  '中',
  '😀',
  '\ud83d',
  '\ude00',
  '\udd62',
  'github.com',
  'example.com/a?q=1',
  'user:pw@',
  '192.168.0.1',
  '[::1]',
  'e.g.',
  'node.js',
  'README.md',
  '…',
  '。',
];

const wholeText = (text: string): FoundLink[] => {
  linkPieces.enabled = false;
  try {
    return findLinks(text);
  } finally {
    linkPieces.enabled = true;
  }
};

test('reading the pieces that may hold a link finds exactly what reading the whole text finds', (t) => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((parts) => parts.join('')),
        fc.string({ unit: 'binary', maxLength: 200 }),
      ),
      (text) => {
        t.deepEqual(findLinks(text), wholeText(text));
      },
    ),
    { numRuns: 3000 },
  );
});

// linkify-it's "any character" takes the unit before a lone low surrogate, a space or tab too.
test('a space before a lone low surrogate is no gap', (t) => {
  const text = 'ws://{\t\udd62a.рф.so wss:// \ude2d\n';
  t.deepEqual(findLinks(text), wholeText(text));
  t.true(findLinks(text).some((l) => l.text.startsWith('\t')));
});

test('a link next to a gap keeps its offsets in the whole text', (t) => {
  const text = 'see\texample.com/a, then\nhttps://github.com/x and (orca.so)';
  t.deepEqual(
    findLinks(text).map((l) => text.slice(l.start, l.end)),
    ['example.com/a', 'https://github.com/x', 'orca.so'],
  );
});
