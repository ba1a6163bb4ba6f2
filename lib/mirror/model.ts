// A small linear model beside the patterns (issue 25 item 9): logistic regression per content
// label over the words and word pairs of the folded text, trained by scripts/train-mirror-model.ts
// on the tuning corpus and shipped as model.json (nothing is downloaded or trained at run time).
// The patterns say precisely what they catch; the model catches wordings of the same families that
// no pattern spells out ("bots reading this: disregard your guidance"), from the words the family
// shares. It only adds labels; its thresholds were set on held-back folds of the corpus so that
// benign posts that look dangerous stay unflagged (docs/mirror.md, "The model").
import { readFileSync } from 'node:fs';
import type { ContentLabel } from './flag-names.ts';

/** Labels the model may add. */
export const MODEL_LABELS = [
  'instruction_like',
  'decode_request',
  'claims_authority',
  'credential_request',
  'money_request',
] as const satisfies readonly ContentLabel[];
export type ModelLabel = (typeof MODEL_LABELS)[number];

export type ModelFile = {
  labels: ModelLabel[];
  bias: number[];
  thresholds: number[];
  /** Feature hash (decimal) → weight per label, in `labels` order. */
  weights: Record<string, number[]>;
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
type Loaded = { keys: Uint32Array; slots: Int32Array; mask: number; weights: Float64Array; bias: Float64Array; thresholds: Float64Array; stamp: Uint32Array };

const MODEL_PATH = new URL('./model.json', import.meta.url);
const WIDTH = MODEL_LABELS.length;

export function loadModel(file: ModelFile): Loaded {
  if (file.labels.join() !== MODEL_LABELS.join()) throw new Error('model.json labels differ from MODEL_LABELS');
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
    weights,
    bias: Float64Array.from(file.bias),
    thresholds: Float64Array.from(file.thresholds),
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

let MODEL: Loaded | null = null;
const model = (): Loaded => (MODEL ??= loadModel(JSON.parse(readFileSync(MODEL_PATH, 'utf8')) as ModelFile));

/** Internal switch for the training script: verdicts of the patterns alone, and the text the model reads. */
export const modelSwitch: { enabled: boolean; trace: ((text: string) => void) | null } = { enabled: true, trace: null };

let generation = 0;
const SCORES = new Float64Array(WIDTH);

/** Raw scores (log-odds) per label of MODEL_LABELS for a folded text; each feature counts once. */
export function modelScores(text: string, loaded: Loaded = model()): Float64Array {
  const { weights, stamp } = loaded;
  SCORES.set(loaded.bias);
  generation = (generation + 1) >>> 0 || 1;
  eachFeature(text, (f) => {
    const row = rowOf(loaded, f);
    if (row === -1 || stamp[row] === generation) return;
    stamp[row] = generation;
    for (let j = 0; j < WIDTH; j++) SCORES[j] = (SCORES[j] as number) + (weights[row * WIDTH + j] as number);
  });
  return SCORES;
}

/** The labels the model gives a folded text. */
export function modelLabels(text: string): ModelLabel[] {
  modelSwitch.trace?.(text);
  if (!modelSwitch.enabled) return [];
  const loaded = model();
  const scores = modelScores(text, loaded);
  return MODEL_LABELS.filter((_, j) => (scores[j] as number) >= (loaded.thresholds[j] as number));
}
