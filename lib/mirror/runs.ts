// One pass over a post for what the shape regexes (addresses, encoded blobs, the base64/hex/Morse
// decoders) need at least. Each of those regexes tries every position of the text; a post of
// ordinary words holds no run long enough for any of them, and the measure says so at once.

export type Runs = {
  /** Longest run of base64 characters [A-Za-z0-9+/_-]; every address and base64 shape is one. */
  longest: number;
  /** Whether some run of 12+ base64 characters holds both cases (what a decodable base64 run needs). */
  mixedCase: boolean;
  /** Most hex digits in a stretch of hex digits, separators [ ,:;-] and 0x / \x prefixes. */
  hexDigits: number;
  /** Most Morse symbols (.-·•−–—_) in a stretch of symbols and gaps (space, / and |). */
  morse: number;
};

const BASE64 = 1;
const LOWER = 2;
const UPPER = 4;
const HEX_DIGIT = 8;
const HEX_SIGN = 16;
const MORSE_SYMBOL = 32;
const MORSE_GAP = 64;

// What each ASCII character is to the measure: one table read per character instead of a chain of
// range tests (this pass reads every character of every post).
const ASCII_CLASS = Uint8Array.from({ length: 128 }, (_, c) => {
  const lower = c >= 0x61 && c <= 0x7a;
  const upper = c >= 0x41 && c <= 0x5a;
  const digit = c >= 0x30 && c <= 0x39;
  return (
    (lower || upper || digit || c === 0x2b || c === 0x2f || c === 0x5f || c === 0x2d ? BASE64 : 0) |
    (lower ? LOWER : 0) |
    (upper ? UPPER : 0) |
    (digit || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46) ? HEX_DIGIT : 0) |
    (c === 0x20 || c === 0x2c || c === 0x3a || c === 0x3b || c === 0x2d || c === 0x78 || c === 0x5c ? HEX_SIGN : 0) |
    (c === 0x2e || c === 0x2d || c === 0x5f ? MORSE_SYMBOL : 0) |
    (c === 0x20 || c === 0x2f || c === 0x7c ? MORSE_GAP : 0)
  );
});
// Morse symbols outside ASCII: middle dot, bullet, minus sign, en and em dash.
const isWideMorseSymbol = (c: number): boolean => c === 0xb7 || c === 0x2022 || c === 0x2212 || c === 0x2013 || c === 0x2014;
const classOf = (c: number): number => (c < 0x80 ? (ASCII_CLASS[c] as number) : isWideMorseSymbol(c) ? MORSE_SYMBOL : 0);

export function measureRuns(text: string): Runs {
  const runs: Runs = { longest: 0, mixedCase: false, hexDigits: 0, morse: 0 };
  let run = 0;
  let cases = 0;
  let hex = 0;
  let morse = 0;
  for (let i = 0; i <= text.length; i++) {
    const kind = i < text.length ? classOf(text.charCodeAt(i)) : 0;
    if ((kind & BASE64) !== 0) {
      run++;
      cases |= kind;
    } else {
      if (run > runs.longest) runs.longest = run;
      if (run >= 12 && (cases & LOWER) !== 0 && (cases & UPPER) !== 0) runs.mixedCase = true;
      run = 0;
      cases = 0;
    }
    if ((kind & HEX_DIGIT) !== 0) {
      if (++hex > runs.hexDigits) runs.hexDigits = hex;
    } else if ((kind & HEX_SIGN) === 0) hex = 0;
    if ((kind & MORSE_SYMBOL) !== 0) {
      if (++morse > runs.morse) runs.morse = morse;
    } else if ((kind & MORSE_GAP) === 0) morse = 0;
  }
  return runs;
}

/** Runs that rule nothing out: with these every shape regex runs (the measure must never change a result). */
export const UNMEASURED: Runs = { longest: Number.POSITIVE_INFINITY, mixedCase: true, hexDigits: Number.POSITIVE_INFINITY, morse: Number.POSITIVE_INFINITY };
