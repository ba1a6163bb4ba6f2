// Encoders the flagging corpora use to build obfuscated cases from readable plain text, so the
// intent of each case stays visible in the source.

export const base64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');
export const base64url = (s: string): string => Buffer.from(s, 'utf8').toString('base64url');
export const hex = (s: string): string => Buffer.from(s, 'utf8').toString('hex');
export const spacedHex = (s: string, sep = ' '): string => (Buffer.from(s, 'utf8').toString('hex').match(/../g) ?? []).join(sep);
export const prefixedHex = (s: string, prefix: string, sep = ''): string =>
  Array.from(Buffer.from(s, 'utf8'), (b) => `${prefix}${b.toString(16).padStart(2, '0')}`).join(sep);
export const percent = (s: string): string => Array.from(Buffer.from(s, 'utf8'), (b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');
export const entities = (s: string): string => Array.from(s, (c) => `&#${c.codePointAt(0)};`).join('');
export const hexEntities = (s: string): string => Array.from(s, (c) => `&#x${(c.codePointAt(0) ?? 0).toString(16)};`).join('');
export const uEscapes = (s: string): string => Array.from(s, (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`).join('');
export const octalEscapes = (s: string): string => Array.from(Buffer.from(s, 'utf8'), (b) => `\\${b.toString(8).padStart(3, '0')}`).join('');
export const binary = (s: string): string => Array.from(Buffer.from(s, 'utf8'), (b) => b.toString(2).padStart(8, '0')).join(' ');

export const rotN = (s: string, n: number): string =>
  s.replace(/[a-zA-Z]/g, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + n + 26) % 26) + base);
  });
export const rot13 = (s: string): string => rotN(s, 13);
export const reverse = (s: string): string => Array.from(s).reverse().join('');
export const reverseWords = (s: string): string => s.split(' ').map(reverse).join(' ');
export const reverseWordOrder = (s: string): string => s.split(' ').reverse().join(' ');

const MORSE: Record<string, string> = {
  a: '.-',
  b: '-...',
  c: '-.-.',
  d: '-..',
  e: '.',
  f: '..-.',
  g: '--.',
  h: '....',
  i: '..',
  j: '.---',
  k: '-.-',
  l: '.-..',
  m: '--',
  n: '-.',
  o: '---',
  p: '.--.',
  q: '--.-',
  r: '.-.',
  s: '...',
  t: '-',
  u: '..-',
  v: '...-',
  w: '.--',
  x: '-..-',
  y: '-.--',
  z: '--..',
};
export const morse = (s: string): string =>
  s
    .toLowerCase()
    .split(' ')
    .map((word) => Array.from(word, (c) => MORSE[c] ?? '').join(' '))
    .join(' / ');

export const tagSmuggle = (s: string): string => String.fromCodePoint(...Array.from(s, (c) => 0xe0000 + c.charCodeAt(0)));
export const vsSmuggle = (s: string): string => String.fromCodePoint(...Array.from(Buffer.from(s, 'utf8'), (b) => (b < 16 ? 0xfe00 + b : 0xe0100 + b - 16)));
/** Joins the letters of `s` with an invisible character (ZWSP by default). */
export const zw = (s: string, joiner = '\u200b'): string => Array.from(s).join(joiner);
export const squashed = (s: string, sep: string): string =>
  s
    .split(' ')
    .map((word) => Array.from(word).join(sep))
    .join(`${sep}${sep}${sep}`);

const CYRILLIC: Record<string, string> = { a: 'а', c: 'с', e: 'е', i: 'і', o: 'о', p: 'р', s: 'ѕ', x: 'х', y: 'у', j: 'ј' };
export const cyrillic = (s: string): string => Array.from(s, (c) => CYRILLIC[c] ?? c).join('');
const GREEK: Record<string, string> = {
  A: 'Α',
  B: 'Β',
  E: 'Ε',
  H: 'Η',
  I: 'Ι',
  K: 'Κ',
  M: 'Μ',
  N: 'Ν',
  O: 'Ο',
  P: 'Ρ',
  T: 'Τ',
  X: 'Χ',
  Y: 'Υ',
  Z: 'Ζ',
  o: 'ο',
  v: 'ν',
};
export const greek = (s: string): string => Array.from(s, (c) => GREEK[c] ?? c).join('');
export const fullwidth = (s: string): string =>
  Array.from(s, (c) => (c >= '!' && c <= '~' ? String.fromCodePoint((c.codePointAt(0) ?? 0) + 0xfee0) : c)).join('');
export const mathBold = (s: string): string => Array.from(s, (c) => (c >= 'a' && c <= 'z' ? String.fromCodePoint(0x1d41a + c.charCodeAt(0) - 97) : c)).join('');
export const mathScript = (s: string): string =>
  Array.from(s, (c) => (c >= 'a' && c <= 'z' ? String.fromCodePoint(0x1d4ea + c.charCodeAt(0) - 97) : c)).join('');
export const circled = (s: string): string => Array.from(s, (c) => (c >= 'a' && c <= 'z' ? String.fromCodePoint(0x24d0 + c.charCodeAt(0) - 97) : c)).join('');

export const tco = (id: string): string => `https://t.co/${id}`;
