// Long posts shaped to make a careless regex backtrack, at the network's longest size: the mirror
// test feeds them through normalizePost (each completes, whole), and bench/mirror-normalize.ts
// times each against a benign post of the same size.
export const PATHOLOGICAL_SIZE = 25_000;

const size = PATHOLOGICAL_SIZE;
export const PATHOLOGICAL_SHAPES: Record<string, string> = {
  letters: 'a'.repeat(size),
  'curl options without url': `curl ${'-a -b '.repeat(size / 6)}`,
  dots: '.'.repeat(size),
  'spaced dashes': '- '.repeat(size / 2),
  hex: 'ab'.repeat(size / 2),
  'base64 with padding': `${'aB3+'.repeat(size / 4)}====`,
  'domain labels': 'a.'.repeat(size / 2),
  'open backtick': `\`${'x '.repeat(size / 2)}`,
  'command substitution': '$('.repeat(size / 2),
  'spelled letters': 'a '.repeat(size / 2),
  'zero-width': 'a\u200b'.repeat(size / 2),
  'mark stack': `a${'\u0301'.repeat(size)}`,
  'request words': 'send me your the and of '.repeat(size / 24),
  'cyrillic lookalikes': 'аеорсух '.repeat(size / 8),
};
