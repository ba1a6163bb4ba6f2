// Flagging: all 15 labels of SPEC.md. Labels only; nothing here hides, rewrites or acts on a post.
//
// Content labels are matched first on the text as a reader sees it, then on transformed copies
// (folded, squashed, un-leeted, one level of decoding, smuggled payloads). A label found only in a
// transformed copy is reported together with obfuscated_instruction.
import { findAddresses, hasEncodedBlob } from './blobs.ts';
import { decodings, reversals, rot13 } from './decode.ts';
import { CONTENT_LABELS, type ContentLabel, type MirrorFlag, sortFlags } from './flag-names.ts';
import { fold, squash, unleet } from './fold.ts';
import { isLookalikeHost } from './lookalike.ts';
import { type CompiledLabel, LABEL_PATTERNS, type LabelPatterns, type Mode, compileLabel, hasLiteralWord } from './patterns.ts';
import { someMatch } from './regex.ts';
import { hasMixedScriptWord, isMostlyNonLatin } from './scripts.ts';
import { type AnchorWord, type Mask, type TokenMasks, buildVocabulary, fullMask, hasBit, tokenMasks } from './vocabulary.ts';

export const MAX_LINKS = 8;

export type FlagInput = {
  /** Text after steps 1 to 4 (links replaced), before the cut: a payload past 600 code points still counts. */
  shown: string;
  /** `shown` with word-splitting invisibles marked (see cleanInvisibles); null when there were none. */
  asSent: string | null;
  /** Payloads decoded from tag characters and variation-selector runs. */
  smuggled: readonly string[];
  hidden: boolean;
  bidi: boolean;
  /** Hosts of every link found, the surplus past MAX_LINKS included. */
  hosts: readonly string[];
};

// Each pattern is compiled on its own, with its own bits in the vocabulary, so a post runs only the
// patterns whose words it holds: one regex per label made every post pay for every pattern of the
// label as soon as one of its words appeared. A pattern has one bit per word set it needs (see
// anchorClauses) and runs only when all of them are set: "send" alone does not run the credential
// request pattern, "send" and "seed phrase" together do.
type Pattern = { label: ContentLabel; clauses: number[]; compiled: Record<Mode, CompiledLabel> };

function onePerPattern(patterns: LabelPatterns): LabelPatterns[] {
  const anywhere = patterns.anywhere ?? [];
  const each: LabelPatterns[] = [
    // Shapes without a literal word run on every post; they stay together.
    { words: [], anywhere: anywhere.filter((source) => !hasLiteralWord(source)) },
    ...patterns.words.map((source) => ({ words: [source] })),
    ...(patterns.requests ?? []).map((source) => ({ words: [], requests: [source] })),
    ...anywhere.filter(hasLiteralWord).map((source) => ({ words: [], anywhere: [source] })),
  ];
  return each.filter((p) => p.words.length + (p.requests ?? []).length + (p.anywhere ?? []).length > 0);
}

const CLAUSES: (readonly [AnchorWord[], number])[] = [];
const PATTERNS: Pattern[] = CONTENT_LABELS.flatMap((label) =>
  onePerPattern(LABEL_PATTERNS[label]).map((patterns) => {
    const compiled = { spaced: compileLabel(patterns, 'spaced'), compact: compileLabel(patterns, 'compact') };
    const clauses = compiled.spaced.clauses.map((words) => {
      CLAUSES.push([words, CLAUSES.length]);
      return CLAUSES.length - 1;
    });
    return { label, clauses, compiled };
  }),
);
const PATTERNS_OF = new Map<ContentLabel, Pattern[]>(CONTENT_LABELS.map((label) => [label, PATTERNS.filter((p) => p.label === label)]));
const ANCHORED = PATTERNS.filter((p) => p.clauses.length > 0);

const VOCABULARY = buildVocabulary(CLAUSES);
const ALL_PATTERNS = fullMask(VOCABULARY);

// Whether a text with these word sets holds a word of each set the pattern needs.
function isOn(mask: Mask, pattern: Pattern): boolean {
  for (const id of pattern.clauses) if (!hasBit(mask, id)) return false;
  return true;
}

const anyOn = (mask: Mask): boolean => ANCHORED.some((pattern) => isOn(mask, pattern));

/** Internal switch for tests: the prefilter must never change a result, only skip work. */
export const prefilter = { enabled: true };

function masksOf(text: string): TokenMasks {
  if (!prefilter.enabled) return { text: ALL_PATTERNS, rot13: ALL_PATTERNS, reversed: ALL_PATTERNS };
  return tokenMasks(text, VOCABULARY);
}

// A request is cancelled by a negation or reported speech just before it, within its own clause:
// "never share your seed phrase", "anyone asking you to connect your wallet is a scammer".
const CLAUSE_BREAK = /[.!?;:,\n]|\b(?:but|however|instead|though|although|so|then|now)\b/giu;
const NEGATED =
  /(?:\bnever|\bnot|n['’]?t|\bno one|\bnobody|\bnoone|\bno)(?:\s+\S+){0,3}\s*$|\b(?:asks?|asking|asked|tells?|telling|told|wants?|wanting|requests?|requesting|begs?|begging|pressures?|pressuring)(?:\s+you)?\s+(?:to|for)\s+(?:\S+\s+){0,2}$/iu;

function isNegated(text: string, index: number): boolean {
  let window = text.slice(Math.max(0, index - 60), index);
  let cut = -1;
  someMatch(CLAUSE_BREAK, window, (m) => {
    cut = m.index + m[0].length;
    return false;
  });
  if (cut >= 0) window = window.slice(cut);
  return NEGATED.test(window);
}

// Whether some loose shape's signs all occur in the text (most posts hold no "$(" or "_(").
function mayMatchLoose(compiled: CompiledLabel, text: string): boolean {
  return compiled.looseSigns.some((signs) => signs.every((sign) => text.includes(sign)));
}

function matches(compiled: CompiledLabel, text: string, anchored: boolean): boolean {
  if (compiled.loose !== null && mayMatchLoose(compiled, text) && compiled.loose.test(text)) return true;
  if (!anchored) return false;
  if (compiled.plain !== null && compiled.plain.test(text)) return true;
  if (compiled.requests === null) return false;
  return someMatch(compiled.requests, text, (m) => !isNegated(text, m.index));
}

type Form = { text: string; labels: Mask };

type Forms = {
  /** Transformed copies read with the spaced patterns, with the word sets they hold. */
  spaced: Form[];
  /** Letter-by-letter runs read with the compact patterns. */
  compact: string[];
};

// The transformed copies, each differing from what was already checked.
function transformedForms(input: FlagInput, plain: string, plainMasks: TokenMasks): Forms {
  const seen = new Set<string>([plain]);
  const spaced: Form[] = [];
  const add = (form: string | null, labels?: Mask): void => {
    if (form === null || seen.has(form)) return;
    seen.add(form);
    spaced.push({ text: form, labels: labels ?? masksOf(form).text });
  };

  if (input.asSent !== null) add(input.shown.toLowerCase());
  const folded = fold(input.shown);
  const foldedMasks = folded === plain ? plainMasks : masksOf(folded);
  add(folded, foldedMasks.text);
  const squashed = squash(folded);
  add(squashed.text);
  for (const form of unleet(squashed.text ?? folded)) add(form);
  const compact = [...squashed.runs];
  for (const run of squashed.runs) compact.push(...unleet(run));

  // rot13 and reversal turn any text into gibberish; build them only when their words fit a pattern.
  if (anyOn(foldedMasks.rot13)) add(rot13(folded), foldedMasks.rot13);
  if (anyOn(foldedMasks.reversed)) for (const form of reversals(folded)) add(form, foldedMasks.reversed);
  for (const decoded of decodings(input.shown)) add(fold(decoded));
  for (const payload of input.smuggled) add(fold(payload));
  return { spaced, compact };
}

function linkOnly(shown: string, linkCount: number): boolean {
  if (linkCount === 0) return false;
  return shown.replace(/\[link\]|@[A-Za-z0-9_]{1,15}\b/g, '').trim().length === 0;
}

// The author's words only: a host inside `[link:host]` was written by whoever owns the domain.
const LINK_TOKEN = /\[link:[^\]]*\]/g;
const hideHosts = (text: string): string => text.replace(LINK_TOKEN, '[link]');

export function computeFlags(input: FlagInput): MirrorFlag[] {
  const flags = new Set<MirrorFlag>();
  const shown = hideHosts(input.shown);
  const asSent = input.asSent === null ? null : hideHosts(input.asSent);

  if (input.hidden) flags.add('hidden_characters');
  if (input.bidi) flags.add('bidi_controls');
  if (input.hosts.some(isLookalikeHost)) flags.add('lookalike_host');
  if (input.hosts.length > MAX_LINKS) flags.add('many_links');
  if (linkOnly(shown, input.hosts.length)) flags.add('link_only');
  if (hasMixedScriptWord(shown)) flags.add('mixed_scripts');

  const addresses = findAddresses(shown);
  if (addresses.length > 0) flags.add('money_request');
  if (hasEncodedBlob(shown, addresses)) flags.add('encoded_blob');

  // English patterns only: on a mostly non-Latin post they would find nothing true, so they do not
  // run and the post says so. Command shapes are not English and are read on every post.
  const unchecked = isMostlyNonLatin(shown);
  if (unchecked) flags.add('unchecked_language');
  const labels = unchecked ? (['executable_instruction'] as const) : CONTENT_LABELS;

  const plain = (asSent ?? shown).toLowerCase();
  const plainMasks = masksOf(plain);
  const plainLabels = plainMasks.text;
  let forms: Forms | null = null;
  for (const label of labels) {
    if (flags.has(label)) continue;
    const patterns = PATTERNS_OF.get(label) ?? [];
    if (patterns.some((p) => matches(p.compiled.spaced, plain, isOn(plainLabels, p)))) {
      flags.add(label);
      continue;
    }
    forms ??= transformedForms({ ...input, shown, asSent }, plain, plainMasks);
    const transformed = forms;
    const foundTransformed = patterns.some(
      (p) =>
        transformed.spaced.some((form) => matches(p.compiled.spaced, form.text, isOn(form.labels, p))) ||
        transformed.compact.some((run) => matches(p.compiled.compact, run, true)),
    );
    if (foundTransformed) {
      flags.add(label);
      flags.add('obfuscated_instruction');
    }
  }
  return sortFlags(flags);
}
