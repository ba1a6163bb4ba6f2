// A small linear model beside the patterns (issue 25 item 9): logistic regression per content
// label over the words and word pairs of the folded text, trained by scripts/train-mirror-model.ts
// on the tuning corpus and shipped as model.json (nothing is downloaded or trained at run time).
// The patterns say precisely what they catch; the model catches wordings of the same families that
// no pattern spells out ("bots reading this: disregard your guidance"), from the words the family
// shares. It only adds labels; its thresholds were set on held-back folds of the corpus so that
// benign posts that look dangerous stay unflagged (docs/mirror.md, "The model").
import { readFileSync } from 'node:fs';
import type { ContentLabel } from './flag-names.ts';
import { JUDGING, SAYING } from './reported.ts';

/** Labels the model may add. */
export const MODEL_LABELS = [
  'instruction_like',
  'decode_request',
  'claims_authority',
  'credential_request',
  'money_request',
] as const satisfies readonly ContentLabel[];
export type ModelLabel = (typeof MODEL_LABELS)[number];

/** Labels the second reader may take back from the patterns (docs/mirror.md, "The second reader"). */
export const SECOND_LABELS = ['instruction_like', 'credential_request', 'money_request'] as const satisfies readonly ContentLabel[];
export type SecondLabel = (typeof SECOND_LABELS)[number];

type Table<L extends string> = {
  labels: L[];
  bias: number[];
  thresholds: number[];
  /** Feature hash (decimal) → weight per label, in `labels` order. */
  weights: Record<string, number[]>;
};
export type ModelFile = Table<ModelLabel> & {
  /** The second reader: a label a pattern found stands unless its score here is below the threshold. */
  second: Table<SecondLabel>;
};

// ---- features ------------------------------------------------------------------------------------

const FNV = 0x811c9dc5;
const fnvStep = (h: number, c: number): number => Math.imul(h ^ c, 0x01000193) >>> 0;
const hashString = (s: string): number => {
  let h = FNV;
  for (let i = 0; i < s.length; i++) h = fnvStep(h, s.charCodeAt(i));
  return h;
};
/** The word before the first of a clause: "mod" right after a clause start is its own feature. */
const START = hashString('<start>');
/** Any word of 20 or more letters and digits: base64, hex and the like. */
const LONG = hashString('<long>');
const pair = (a: number, b: number): number => (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ b) >>> 0;

const LONG_WORD = 20;
const WORD = new Uint16Array(LONG_WORD);

const isWordChar = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 36;
// A clause ends at sentence signs, colons, semicolons, dashes and line ends.
const isClauseEnd = (c: number): boolean => c === 46 || c === 33 || c === 63 || c === 10 || c === 58 || c === 59 || c === 0x2014 || c === 0x2013;

// One word's hash: apostrophes dropped ("don't" = "dont"), every digit read as 0 ("12 words" =
// "24 words"), a plural -s, -ing or -ed taken off so forms of one verb or noun share a feature.
function wordHash(length: number): number {
  if (length >= LONG_WORD) return LONG;
  let end = length;
  const last = WORD[end - 1] as number;
  if (end >= 5 && last === 103 && WORD[end - 2] === 110 && WORD[end - 3] === 105) end -= 3;
  else if (end >= 4 && last === 100 && WORD[end - 2] === 101) end -= 2;
  else if (end >= 4 && last === 115 && WORD[end - 2] !== 115) end -= 1;
  let h = FNV;
  for (let i = 0; i < end; i++) h = fnvStep(h, WORD[i] as number);
  return h;
}

/**
 * Calls `each` with every feature of a folded (lowercase) text: each word, and each pair of a word
 * with the word before it in its clause (the first word of a clause pairs with a start mark).
 */
export function eachFeature(text: string, each: (feature: number) => void): void {
  let prev = START;
  let length = 0;
  const flush = (): void => {
    if (length === 0) return;
    const h = wordHash(length);
    each(h);
    each(pair(prev, h));
    prev = h;
    length = 0;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isWordChar(c)) {
      if (length < LONG_WORD) WORD[length] = c >= 48 && c <= 57 ? 48 : c;
      length++;
      continue;
    }
    if ((c === 39 || c === 0x2019) && length > 0) continue;
    flush();
    if (isClauseEnd(c)) prev = START;
  }
  flush();
}

/** The features of a text, once each (training reads them this way). */
export function featuresOf(text: string): number[] {
  const seen = new Set<number>();
  eachFeature(text, (f) => seen.add(f));
  return [...seen];
}

// ---- scoring -------------------------------------------------------------------------------------

// Rows are found through an open-addressing table keyed by the feature hash: a Map keyed by uint32
// hashes boxes every key above 2^31 and was most of the model's cost (issue 25 item 9 profile).
type Loaded = {
  keys: Uint32Array;
  slots: Int32Array;
  mask: number;
  width: number;
  weights: Float64Array;
  bias: Float64Array;
  thresholds: Float64Array;
  stamp: Uint32Array;
  /** Scratch for one text's scores, reused by every call (the caller reads it before the next). */
  scores: Float64Array;
};

const MODEL_PATH = new URL('./model.json', import.meta.url);

export function loadModel(file: Table<string>, labels: readonly string[] = MODEL_LABELS): Loaded {
  if (file.labels.join() !== labels.join()) throw new Error('model.json labels differ from the code');
  const WIDTH = labels.length;
  const names = Object.keys(file.weights);
  let size = 16;
  while (size < names.length * 2) size *= 2;
  const keys = new Uint32Array(size);
  const slots = new Int32Array(size).fill(-1);
  const weights = new Float64Array(names.length * WIDTH);
  names.forEach((name, row) => {
    const key = Number(name) >>> 0;
    let at = key & (size - 1);
    while (slots[at] !== -1) at = (at + 1) & (size - 1);
    keys[at] = key;
    slots[at] = row;
    (file.weights[name] ?? []).forEach((w, j) => (weights[row * WIDTH + j] = w));
  });
  return {
    keys,
    slots,
    mask: size - 1,
    width: WIDTH,
    weights,
    bias: Float64Array.from(file.bias),
    thresholds: Float64Array.from(file.thresholds),
    scores: new Float64Array(WIDTH),
    stamp: new Uint32Array(names.length),
  };
}

function rowOf(loaded: Loaded, feature: number): number {
  const { keys, slots, mask } = loaded;
  for (let at = feature & mask; ; at = (at + 1) & mask) {
    const row = slots[at] as number;
    if (row === -1 || keys[at] === feature) return row;
  }
}

let MODEL: { first: Loaded; second: Loaded } | null = null;
const loadBoth = (): { first: Loaded; second: Loaded } => {
  const file = JSON.parse(readFileSync(MODEL_PATH, 'utf8')) as ModelFile;
  return { first: loadModel(file), second: loadModel(file.second, SECOND_LABELS) };
};
const model = (): Loaded => (MODEL ??= loadBoth()).first;
const secondModel = (): Loaded => (MODEL ??= loadBoth()).second;

/**
 * Internal switch for the training script: verdicts of the patterns alone (`enabled` off: neither
 * the model nor the second reader), the text the model reads, and what the second reader reads.
 */
export const modelSwitch: {
  enabled: boolean;
  second: boolean;
  trace: ((text: string) => void) | null;
  traceSecond: ((text: string, others: readonly string[], found: readonly SecondLabel[]) => void) | null;
} = { enabled: true, second: true, trace: null, traceSecond: null };

let generation = 0;

/** Raw scores (log-odds) per label of the loaded table for a text's features; each feature counts once. */
function scoreFeatures(each: (f: (feature: number) => void) => void, loaded: Loaded): Float64Array {
  const { weights, stamp, width, scores } = loaded;
  scores.set(loaded.bias);
  generation = (generation + 1) >>> 0 || 1;
  each((f) => {
    const row = rowOf(loaded, f);
    if (row === -1 || stamp[row] === generation) return;
    stamp[row] = generation;
    for (let j = 0; j < width; j++) scores[j] = (scores[j] as number) + (weights[row * width + j] as number);
  });
  return scores;
}

/** Raw scores (log-odds) per label of MODEL_LABELS for a folded text; each feature counts once. */
export function modelScores(text: string, loaded: Loaded = model()): Float64Array {
  return scoreFeatures((f) => eachFeature(text, f), loaded);
}

/** The labels the model gives a folded text. */
export function modelLabels(text: string): ModelLabel[] {
  modelSwitch.trace?.(text);
  if (!modelSwitch.enabled) return [];
  const loaded = model();
  const scores = modelScores(text, loaded);
  return MODEL_LABELS.filter((_, j) => (scores[j] as number) >= (loaded.thresholds[j] as number));
}

// ---- the second reader ---------------------------------------------------------------------------
// A pattern hit of SECOND_LABELS stands unless this reader is confident the post is benign. It reads
// the folded words and word pairs (as the model), what else the post was found to be (the other
// labels and shapes: a post with a command shape or an address is read differently), and markers of
// who is asked and how: second person, the writer, quotation, question, negation, condition,
// reported speech, past tense, and the post's length. Thresholds sit below almost every held-back
// hostile score of the tuning corpus (scripts/train-mirror-model.ts), so it takes back little of
// what is hostile.

const MARKERS: readonly (readonly [string, RegExp])[] = [
  ['you', /\b(?:you|your|yours|u|ur|yourself)\b/],
  ['writer', /\b(?:i|me|my|we|our|us)\b/],
  ['quote', /["“”]/],
  ['question', /\?/],
  ['negation', /\b(?:never|not|no|nobody|dont|doesnt|wont|cannot|cant|isnt|didnt)\b|n['’]t\b/],
  ['condition', /\b(?:if|when|whenever|unless)\b/],
  ['reported', /\b(?:says?|said|asks?|asked|asking|tells?|told|wrote|claims?|claimed|pretend\w*|scam\w*|phish\w*|fake|report\w*)\b/],
  ['past', /\b\w{3,}ed\b/],
  ['third', /\b(?:they|them|their|users|people|someone|attackers?|scammers?|he|she)\b/],
  // Round six: what reported.ts reads as saying or judging a quotation, anywhere in the post; a
  // header that names the register ("postmortem:", "psa:", "satire:", "changelog:").
  ['saying', SAYING],
  ['judging', JUDGING],
  ['header', /^[^a-z0-9]*[a-z0-9]+(?: [a-z0-9]+){0,2} ?:/],
];
// The post's first two words, a feature of their own: "breaking", "postmortem", "tl;dr", "pro tip".
const OPENING = /^[^a-z0-9$]*([a-z0-9$]+)(?:[^a-z0-9$.!?:\n]+([a-z0-9$]+))?/;
const OPEN = hashString('<open>');
const MARKER_HASHES = MARKERS.map(([name]) => hashString(`<${name}>`));
// A post that asks plainly (no negation, condition, question, quotation, report, judgement or third
// person anywhere in it) is never taken back, whatever its words: the reader weighs how an ask is
// framed, and such a post frames nothing ("API key required. Paste it below.").
const FRAMING = new Set(['quote', 'question', 'negation', 'condition', 'reported', 'third', 'saying', 'judging']);
const FRAMES = MARKERS.filter(([name]) => FRAMING.has(name)).map(([, re]) => re);

/** Whether a folded text frames its ask at all (the second reader's gate). */
export const framesAsk = (text: string): boolean => FRAMES.some((re) => re.test(text));
const LENGTH_HASHES = [0, 1, 2, 3].map((n) => hashString(`<length ${n}>`));
const FLAG_HASHES = new Map<string, number>();
const flagHash = (flag: string): number => {
  let h = FLAG_HASHES.get(flag);
  if (h === undefined) FLAG_HASHES.set(flag, (h = hashString(`<flag ${flag}>`)));
  return h;
};

/** Calls `each` with every feature the second reader reads for a folded text and the post's other flags. */
export function eachSecondFeature(text: string, flags: Iterable<string>, each: (feature: number) => void): void {
  eachFeature(text, each);
  MARKERS.forEach(([, re], i) => {
    if (re.test(text)) each(MARKER_HASHES[i] as number);
  });
  each(LENGTH_HASHES[text.length < 60 ? 0 : text.length < 140 ? 1 : text.length < 280 ? 2 : 3] as number);
  const opening = OPENING.exec(text);
  if (opening !== null) {
    each(pair(OPEN, hashString(opening[1] as string)));
    if (opening[2] !== undefined) each(pair(OPEN, pair(hashString(opening[1] as string), hashString(opening[2]))));
  }
  for (const flag of flags) each(flagHash(flag));
}

/**
 * Of the labels the patterns found in a folded text (in the text as shown, not only in a decoding),
 * those the second reader takes back. `others`: the post's other flags and the ids of the phrases
 * that found them (`credential_request.requests#9`).
 */
export function secondReaderDrops(text: string, found: readonly SecondLabel[], others: readonly string[]): SecondLabel[] {
  modelSwitch.traceSecond?.(text, others, found);
  if (found.length === 0 || !modelSwitch.enabled || !modelSwitch.second || !framesAsk(text)) return [];
  const loaded = secondModel();
  const scores = scoreFeatures((f) => eachSecondFeature(text, others, f), loaded);
  return found.filter((label) => {
    const j = SECOND_LABELS.indexOf(label);
    return (scores[j] as number) < (loaded.thresholds[j] as number);
  });
}
