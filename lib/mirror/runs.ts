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

const isBase64Char = (c: number): boolean =>
  (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2f || c === 0x5f || c === 0x2d;
const isHexDigit = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
const isHexSign = (c: number): boolean => c === 0x20 || c === 0x2c || c === 0x3a || c === 0x3b || c === 0x2d || c === 0x78 || c === 0x5c;
const isMorseSymbol = (c: number): boolean =>
  c === 0x2e || c === 0x2d || c === 0x5f || c === 0xb7 || c === 0x2022 || c === 0x2212 || c === 0x2013 || c === 0x2014;
const isMorseGap = (c: number): boolean => c === 0x20 || c === 0x2f || c === 0x7c;

export function measureRuns(text: string): Runs {
  const runs: Runs = { longest: 0, mixedCase: false, hexDigits: 0, morse: 0 };
  let run = 0;
  let lower = false;
  let upper = false;
  let hex = 0;
  let morse = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 0;
    if (isBase64Char(c)) {
      run++;
      lower ||= c >= 0x61 && c <= 0x7a;
      upper ||= c >= 0x41 && c <= 0x5a;
    } else {
      if (run > runs.longest) runs.longest = run;
      if (run >= 12 && lower && upper) runs.mixedCase = true;
      run = 0;
      lower = false;
      upper = false;
    }
    if (isHexDigit(c)) {
      if (++hex > runs.hexDigits) runs.hexDigits = hex;
    } else if (!isHexSign(c)) hex = 0;
    if (isMorseSymbol(c)) {
      if (++morse > runs.morse) runs.morse = morse;
    } else if (!isMorseGap(c)) morse = 0;
  }
  return runs;
}

/** Runs that rule nothing out: with these every shape regex runs (the measure must never change a result). */
export const UNMEASURED: Runs = { longest: Number.POSITIVE_INFINITY, mixedCase: true, hexDigits: Number.POSITIVE_INFINITY, morse: Number.POSITIVE_INFINITY };
