// What "a number" is in a Show post: a whitespace-separated token holding a digit, once the links
// are removed and edge punctuation stripped, unless it is one of these non-claims:
//   a date (2026-11-20, 20.11.2026, 2026/11/20, the day in "Nov 20" or "20 Nov"), a time (14:00, 5pm),
//   an ordinal (1st, 22nd), a label (#3), a year after a cue word or a date ("in 2026", "Nov 2026",
//   "Nov 20, 2026"),
//   a thread-part marker (1/8) or "24/7", an identifier whose letters come before its digits
//   (web3, L2, ERC-20, v1.2, Q3) or hex (0x1f), and digits followed by letters that are no unit
//   (2fa, 4o). Digits with a unit (24h, 5k, 10x, 3 SOL as "3"), a currency sign ($5) or a percent
//   are numbers. Counts written in words ("three ways") are not numbers.

const EDGE = /^[("'“‘«[{<]+|[)"'”’»\]}>.,;:!?…]+$/gu;

const MONTHS = new Set([
  'jan',
  'january',
  'feb',
  'february',
  'mar',
  'march',
  'apr',
  'april',
  'may',
  'jun',
  'june',
  'jul',
  'july',
  'aug',
  'august',
  'sep',
  'sept',
  'september',
  'oct',
  'october',
  'nov',
  'november',
  'dec',
  'december',
]);
const YEAR_CUES = new Set([
  ...MONTHS,
  'in',
  'since',
  'until',
  'till',
  'by',
  'of',
  'from',
  'during',
  'before',
  'after',
  'early',
  'late',
  'mid',
  'spring',
  'summer',
  'autumn',
  'fall',
  'winter',
  'year',
  'circa',
]);
const UNITS = new Set([
  'k',
  'm',
  'mm',
  'b',
  'bn',
  't',
  'x',
  'h',
  'hr',
  'hrs',
  'd',
  'day',
  'days',
  'w',
  'wk',
  'wks',
  'mo',
  'y',
  'yr',
  'yrs',
  's',
  'sec',
  'secs',
  'ms',
  'min',
  'mins',
  'usd',
  'usdc',
  'usdt',
  'sol',
  'eth',
  'btc',
  'bps',
  'kb',
  'mb',
  'gb',
  'tb',
]);

const DATE = [/^\d{4}-\d{1,2}-\d{1,2}(?:t\d{1,2}:\d{2}(?::\d{2})?(?:z|utc)?)?$/iu, /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/u, /^\d{4}\/\d{1,2}\/\d{1,2}$/u];
const TIME = /^\d{1,2}(?::\d{2}(?::\d{2})?)?(?:am|pm)$|^\d{1,2}:\d{2}(?::\d{2})?(?:z|utc|msk)?$/iu;
const ORDINAL = /^\d+(?:st|nd|rd|th)$/iu;
const LABEL = /^#\d+$/u;
const PART_MARKER = /^[1-8]\/[1-8]$|^24\/7$/u;
const LETTERS_FIRST = /^[^\d]*\p{L}[^\d]*\d/u;
const HEX = /^0x[0-9a-f]+$/iu;
const NUMERIC = /^[^\d\p{L}]*\d[\d.,:/\-–]*(\p{L}+)?/u;
const YEAR = /^(?:19|20)\d{2}$/u;
const DAY_OF_MONTH = /^(?:[1-9]|[12]\d|3[01])$/u;

function strip(token: string): string {
  return token.replace(EDGE, '');
}

function isNumberToken(token: string, prev2: string, prev: string, next: string): boolean {
  if (!/\d/u.test(token)) return false;
  if (DATE.some((d) => d.test(token)) || TIME.test(token) || ORDINAL.test(token) || LABEL.test(token)) return false;
  if (PART_MARKER.test(token) || LETTERS_FIRST.test(token) || HEX.test(token)) return false;
  if (YEAR.test(token) && (YEAR_CUES.has(prev) || (DAY_OF_MONTH.test(prev) && MONTHS.has(prev2)))) return false;
  if (DAY_OF_MONTH.test(token) && (MONTHS.has(prev) || MONTHS.has(next))) return false;
  const unit = NUMERIC.exec(token)?.[1];
  return unit === undefined || UNITS.has(unit.toLowerCase());
}

/** Every number in `text` (which must already be free of links), as written. */
export function findNumbers(text: string): string[] {
  const tokens = text
    .split(/\s+/u)
    .map(strip)
    .filter((t) => t !== '');
  const found: string[] = [];
  tokens.forEach((token, i) => {
    const prev2 = (tokens[i - 2] ?? '').toLowerCase();
    const prev = (tokens[i - 1] ?? '').toLowerCase();
    const next = (tokens[i + 1] ?? '').toLowerCase();
    if (isNumberToken(token, prev2, prev, next)) found.push(token);
  });
  return found;
}
