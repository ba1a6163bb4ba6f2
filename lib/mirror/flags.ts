// Flagging: all 15 labels of SPEC.md. Labels only; nothing here hides, rewrites or acts on a post.
//
// Content labels are matched first on the text as a reader sees it, then on transformed copies
// (folded, squashed, un-leeted, one level of decoding, smuggled payloads). A label found only in a
// transformed copy is reported together with obfuscated_instruction.
import { findAddresses, hasEncodedBlob } from './blobs.ts';
import { decodeBinary, decodings, reversals, rot13 } from './decode.ts';
import { readsBetterUndone } from './english.ts';
import { ownWords, sentenceBounds } from './reported.ts';
import { CONTENT_LABELS, type ContentLabel, type MirrorFlag, sortFlags } from './flag-names.ts';
import { fold, squash, unleet } from './fold.ts';
import { isLookalikeHost } from './lookalike.ts';
import { SECOND_LABELS, type SecondLabel, modelLabels, modelSwitch, secondReaderDrops } from './model.ts';
import { type Runs, measureRuns } from './runs.ts';
import { type CompiledLabel, LABEL_PATTERNS, type LabelPatterns, type Mode, UNREAD_BY_SECOND, compileLabel, hasLiteralWord, proseSource } from './patterns.ts';
import { someMatch } from './regex.ts';
import { hasMixedScriptWord, isMostlyNonLatin } from './scripts.ts';
import { type LeadWords, leadMayHold, leadWords } from './lead-words.ts';
import { type SecondIndex, secondIndex, secondMayHold, secondStarts } from './second-words.ts';
import { type Start, Starts, buildStartIndex, matchStarts, positionsOf, scanStarts } from './starts.ts';
import { type Tail, tailOf } from './tails.ts';
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
  /** Other hosts the entity list names behind those links (unwound, displayed): lookalike_host only. */
  behind?: readonly string[];
};

// Each pattern is compiled on its own, with its own bits in the vocabulary, so a post runs only the
// patterns whose words it holds: one regex per label made every post pay for every pattern of the
// label as soon as one of its words appeared. A pattern has one bit per word set it needs (see
// anchorClauses) and runs only when all of them are set: "send" alone does not run the credential
// request pattern, "send" and "seed phrase" together do.
// A pattern whose matches can only start at certain words or signs (starts.ts) also has a sticky
// copy of its spaced regex, run at those positions instead of scanning the form.
type Pattern = {
  label: ContentLabel;
  /** `label.kind#n` (kind: words, requests, anywhere, gated; `shapes` for the word-less shapes), for flagTrace. */
  id: string;
  /** Counts only when the post carries something encoded (decode asks in everyday words). */
  gated: boolean;
  clauses: number[];
  compiled: Record<Mode, CompiledLabel>;
  /** Id in the start index, -1 when a match may start anywhere. */
  startId: number;
  sticky: RegExp | null;
  /** What the word after the first can begin with (second-words.ts); null when not known. */
  second: SecondIndex | null;
  /** The sticky pattern's leading lookbehind, tested on its own after the rest matched (see splitLead). */
  lead: RegExp | null;
  /** The words the lead's last word may be (lead-words.ts); null when not known. */
  leadWords: LeadWords | null;
  /** What every match still holds from some point on, tested on its own (tails.ts); null when not known. */
  tail: Tail | null;
  /** Id of the tail's FIRST set in the start index, -1 without a tail. */
  tailStartId: number;
  /** An instruction_like phrase: someone else asked to do it is a report (isReportedAsk); `plain`, global. */
  reportable: RegExp | null;
  /** A phrase the second reader was not trained with: its id is not among the reader's features. */
  unread: boolean;
};

// Index just past the group that opens at `from` ("(" … ")"), skipping escapes and classes.
function groupEnd(source: string, from: number): number {
  let depth = 0;
  for (let i = from; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '[') {
      for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

// Whether `part` has a `|` outside its groups and classes.
function hasTopLevelOr(part: string): boolean {
  let depth = 0;
  for (let i = 0; i < part.length; i++) {
    const c = part[i];
    if (c === '\\') i++;
    else if (c === '[') {
      for (i++; i < part.length && part[i] !== ']'; i++) if (part[i] === '\\') i++;
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return true;
  }
  return false;
}

// A lead in a lookbehind ("at a clause start, after 'please' or 'can you'", read backwards through
// a wide alternation) cost more than the rest of its pattern, which fails at most of the positions
// its first word occurs. `\b(?:(?<=LEAD)REST)TAIL` matches at a position exactly when
// `\b(?:REST)TAIL` does there and `(?<=LEAD)` holds there, so the two are tested apart, the
// lookbehind last (measured: faster for short leads too).
function splitLead(source: string): { lead: string; main: string } | null {
  const open = '\\b(?:(?<=';
  if (!source.startsWith(open)) return null;
  const leadEnd = groupEnd(source, 5);
  const outerEnd = groupEnd(source, 2);
  if (leadEnd === -1 || outerEnd === -1) return null;
  const rest = source.slice(leadEnd, outerEnd - 1);
  if (hasTopLevelOr(rest)) return null;
  return { lead: source.slice(5, leadEnd), main: `\\b(?:${rest})${source.slice(outerEnd)}` };
}

function onePerPattern(patterns: LabelPatterns): { patterns: LabelPatterns; gated: boolean; id: string }[] {
  const anywhere = patterns.anywhere ?? [];
  const numbered = (kind: string, list: readonly string[]) => list.map((source, i) => ({ source, id: `${kind}#${i}` }));
  const each: (LabelPatterns & { id: string })[] = [
    // Shapes without a literal word run on every post; they stay together.
    { id: 'shapes', words: [], anywhere: anywhere.filter((source) => !hasLiteralWord(source)) },
    ...numbered('words', patterns.words).map(({ source, id }) => ({ id, words: [source] })),
    ...numbered('requests', patterns.requests ?? []).map(({ source, id }) => ({ id, words: [], requests: [source] })),
    ...numbered('anywhere', anywhere)
      .filter(({ source }) => hasLiteralWord(source))
      .map(({ source, id }) => ({ id, words: [], anywhere: [source] })),
  ];
  return [
    ...each
      .filter((p) => p.words.length + (p.requests ?? []).length + (p.anywhere ?? []).length > 0)
      .map(({ id, ...p }) => ({ patterns: p, gated: false, id })),
    ...numbered('gated', patterns.gated ?? []).map(({ source, id }) => ({ patterns: { words: [source] }, gated: true, id })),
  ];
}

// A shape pattern (a role marker, a template tag, command syntax) by its id: what it finds stands
// whatever the words around it, so the second reader never weighs it.
const isShape = (id: string): boolean => id.endsWith('.shapes') || id.includes('.anywhere#');

// The FIRST set of a one-source pattern: words and requests are compiled behind \b as prose,
// anywhere shapes as written.
function startsOf(patterns: LabelPatterns): Start[] | null {
  const [word] = patterns.words;
  const [request] = patterns.requests ?? [];
  const [anywhere] = patterns.anywhere ?? [];
  const prose = word ?? request;
  if (prose !== undefined) return matchStarts(proseSource(prose), true);
  return anywhere === undefined ? null : matchStarts(anywhere, false);
}

// The compiled tables are built on the first flagging, not at import: a process that never flags
// (most test processes, a worker without mirror jobs) does not pay the ~1 s of CPU they cost.
function build() {
  const CLAUSES: (readonly [AnchorWord[], number])[] = [];
  const STARTS: (readonly [Start[], number])[] = [];
  const PATTERNS: Pattern[] = CONTENT_LABELS.flatMap((label) =>
    onePerPattern(LABEL_PATTERNS[label]).map(({ patterns, gated, id: kindId }) => {
      const id = `${label}.${kindId}`;
      const compiled = { spaced: compileLabel(patterns, 'spaced'), compact: compileLabel(patterns, 'compact') };
      const clauses = compiled.spaced.clauses.map((words) => {
        CLAUSES.push([words, CLAUSES.length]);
        return CLAUSES.length - 1;
      });
      const anchored = compiled.spaced.plain ?? compiled.spaced.requests;
      const starts = anchored === null || compiled.spaced.loose !== null ? null : startsOf(patterns);
      const reportable =
        label === 'instruction_like' && patterns.words.length > 0 && compiled.spaced.plain !== null ? new RegExp(compiled.spaced.plain.source, 'g') : null;
      const unread = [...patterns.words, ...(patterns.requests ?? []), ...(patterns.anywhere ?? [])].some((source) => UNREAD_BY_SECOND.has(source));
      const common = { label, id, gated, clauses, compiled, reportable, unread };
      if (starts === null || anchored === null)
        return { ...common, startId: -1, sticky: null, second: null, lead: null, leadWords: null, tail: null, tailStartId: -1 };
      const startId = STARTS.length;
      STARTS.push([starts, startId]);
      const split = splitLead(anchored.source);
      const sticky = new RegExp(split?.main ?? anchored.source, 'y');
      const seconds = secondStarts(sticky.source);
      const second = seconds === null ? null : secondIndex(seconds);
      const tail = tailOf(sticky.source);
      const tailStartId = tail === null ? -1 : STARTS.length;
      if (tail !== null) STARTS.push([tail.starts, tailStartId]);
      return {
        ...common,
        startId,
        sticky,
        second,
        lead: split === null ? null : new RegExp(split.lead, 'y'),
        leadWords: split?.lead.startsWith('(?<=') === true ? leadWords(split.lead.slice(4, -1)) : null,
        tail,
        tailStartId,
      };
    }),
  );
  const START_INDEX = buildStartIndex(STARTS);
  const PATTERNS_OF = new Map<ContentLabel, Pattern[]>(CONTENT_LABELS.map((label) => [label, PATTERNS.filter((p) => p.label === label && !p.gated)]));
  const GATED_OF = new Map<ContentLabel, Pattern[]>(CONTENT_LABELS.map((label) => [label, PATTERNS.filter((p) => p.label === label && p.gated)]));
  const ANCHORED = PATTERNS.filter((p) => p.clauses.length > 0);

  const VOCABULARY = buildVocabulary(CLAUSES);
  const ALL_PATTERNS = fullMask(VOCABULARY);
  const BY_FIRST_CLAUSE = new Map<number, Pattern[]>();
  for (const pattern of ANCHORED) {
    const first = pattern.clauses[0] as number;
    BY_FIRST_CLAUSE.set(first, [...(BY_FIRST_CLAUSE.get(first) ?? []), pattern]);
  }
  const CLAUSE_WORDS = new Map<string, number[]>();
  for (const [words, id] of CLAUSES) {
    for (const { word } of words) {
      const ids = CLAUSE_WORDS.get(word) ?? [];
      if (!ids.includes(id)) ids.push(id);
      CLAUSE_WORDS.set(word, ids);
    }
  }
  return { START_INDEX, PATTERNS_OF, GATED_OF, VOCABULARY, ALL_PATTERNS, BY_FIRST_CLAUSE, CLAUSE_WORDS };
}
let built: ReturnType<typeof build> | null = null;
const tables = (): ReturnType<typeof build> => (built ??= build());

// Whether a text with these word sets holds a word of each set the pattern needs.
function isOn(mask: Mask, pattern: Pattern): boolean {
  for (const id of pattern.clauses) if (!hasBit(mask, id)) return false;
  return true;
}

// Anchored patterns by their first word set: a pattern is on only when that set's bit is, so only
// the patterns under the mask's set bits are looked at (most readings' masks have few bits).

function anyOn(mask: Mask): boolean {
  for (let w = 0; w < mask.length; w++) {
    for (let bits = mask[w] ?? 0; bits !== 0; bits &= bits - 1) {
      const id = w * 32 + (31 - Math.clz32(bits & -bits));
      if (
        tables()
          .BY_FIRST_CLAUSE.get(id)
          ?.some((pattern) => isOn(mask, pattern)) === true
      )
        return true;
    }
  }
  return false;
}

// Every clause word with the clauses that hold it, for letter-by-letter runs ("ignoreallprevious"):
// there the words have no gaps around them, but each still occurs in a match as a substring.

// The word sets a spelled-out run holds as substrings. Runs are rare (a few posts in a hundred), and
// a compact regex over a long run of letters backtracks through every split of it into words.
function runMask(run: string): Mask {
  if (!prefilter.enabled) return tables().ALL_PATTERNS;
  const mask = new Array<number>(tables().ALL_PATTERNS.length).fill(0);
  for (const [word, ids] of tables().CLAUSE_WORDS) {
    if (!run.includes(word)) continue;
    for (const id of ids) mask[id >>> 5] = (mask[id >>> 5] ?? 0) | (1 << (id & 31));
  }
  return mask;
}

/**
 * Script-only (scripts/mirror-precision.ts): when set, told every source that gives a content label
 * on the post being flagged: each pattern that matches (by id, in any form, not only the first),
 * `money_request.address`, `decode_request.asks_about`, and `model.<label>` for each label the
 * model scores past its threshold. Null in production: one test per post, no other cost.
 */
export const flagTrace: { hit: ((label: ContentLabel, source: string) => void) | null } = { hit: null };

/** Internal switch for tests: the second-word, lead-word and tail checks (second-words.ts, lead-words.ts, tails.ts) must never change a result, only skip work. */
export const secondWords = { enabled: true };

/** Internal switch for tests: the prefilter must never change a result, only skip work. */
export const prefilter = { enabled: true };

// `readings`: also the rot13 and reversed readings' masks (only the folded form is read so).
function masksOf(text: string, readings: boolean): TokenMasks {
  if (!prefilter.enabled) return { text: tables().ALL_PATTERNS, rot13: tables().ALL_PATTERNS, reversed: tables().ALL_PATTERNS };
  return tokenMasks(text, tables().VOCABULARY, readings);
}

// A request is cancelled by a negation, reported speech or a how-to question just before it, within
// its own clause: "never share your seed phrase", "anyone asking you to connect your wallet is a
// scammer", "fake sites are asking holders to sync wallets", "how do I list environment variables".
// "n't" only as a contraction: "account", "want", "payment" end in "nt" and negate nothing.
// Someone else made to act is reported too ("tried to get me to read out my code", "lured holders
// into connecting", "a site that makes you sign an approval"). A question reported rather than
// asked ("if someone asks what your recovery words are") cancels too; bare "ask" stays an ask ("ask
// what your seed is"). A condition on an act sets no task ("if you must type your seed, do it on
// the device", "if I import my seed into a second app"); a condition on who the reader is does
// ("if you are a holder send your seed"), and the request after the condition's comma is read on
// its own ("if you want the airdrop, send your seed"). What is reported runs on to the clause's end
// ("asks you to connect your wallet to claim …"). Opening quotes and markdown right before the
// request do not hide what is before them: 'ask victims to "validate" their wallet'.
// Fourth round, the precision audit: someone else made, told or allowed to act ("get you to
// connect", "the email said to enter", "promised to double any ETH sent", "a bug let anyone claim
// rewards twice", "allows the spender to move your tokens"); a time clause like a condition ("when
// you sign a permit, …", "tfw you approve a tx"); a purpose at the clause's start ("to restore a
// wallet on a new phone, you type the words into the app"; "you need to restore" is still an ask);
// a subject right before the verb, a statement and not an imperative ("scammers ask for your seed",
// "then they send it to a drainer"; not "you": "you send me your seed and I fix it", and not after a
// modal: "can someone spot me 100 bucks"; "did anyone else claim the airdrop yet?" asks about others);
// a negation closed by markdown ("**Do not** send").
// Round fifteen: something that required or wanted the author or a third person to act, in the past
// ('the "airdrop" required me to send 0.1 ETH'); "you are required to send" still asks.
// Round thirteen: an obligation told in the past sets no task ("self-custody holders had to swap on
// the official app", "we needed to share the API key with the vendor").
const CLAUSE_BREAK = /[.!?;:,\n]|\b(?:but|however|instead|though|although|so|then|now)\b/giu;
const NEGATED =
  /(?:(?:\bnever|\bnot|n['’]t|\b(?:dont|cant|wont|isnt|arent|doesnt|didnt|shouldnt|wouldnt|couldnt|cannot|mustnt)|\bno one|\bnobody|\bnoone|\bno)(?:\s+\S+){0,3}[*_`~]*\s*|\b(?:asks?|asking|asked|tells?|telling|told|wants?|wanting|requests?|requesting|begs?|begging|pressures?|pressuring|urges?|urging|trick(?:s|ing|ed)?|get|gets|got|getting|says|said|promis(?:es|ed|ing)|(?:tried|tries|trying|try) to get|convinc(?:e|es|ed|ing)|persuad(?:e|es|ed|ing)|lur(?:e|es|ed|ing)|push(?:es|ed|ing)|manipulat(?:e|es|ed|ing))(?:\s+\S+){0,2}?\s+(?:to|for|into)\s+(?:\S+\s+){0,5}|\b(?:asks|asking|asked|wonders|wondering|wondered)(?:\s+(?:you|u|people|them|him|her|users|victims|holders))?\s+|\b(?:makes?|making|made)\s+(?:you|u|people|them|him|her|me|us|users|victims|holders)\s+|\b(?:required|demanded|wanted|needed|expected|forced)\s+(?:me|us|him|her|them|my\s+\S+)\s+to\s+(?:\S+\s+){0,5}|\b(?:had|needed|used)\s+to\s+|\bhow\s+(?:do|does|can|could|should|would|to)(?:\s+(?:i|we|you|u|one|people|they))?(?:\s+\S+){0,2}?\s*|\b(?:if|whenever|when|once|tfw|every time|each time)\s+(?:i|we|you|u|one|someone|anyone|people|they|users|holders|victims)(?:\s+(?!(?:are|is|am|was|were|be|re|get|got)\b)\S+){0,3}?\s+|^\s*(?:in order\s+|so as\s+)?to\s+|(?<!\b(?:can|could|will|would|may|might|should|must|shall|pls|please|can't|cannot|won't|wouldn't)\s+)\b(?:i|we|they|he|she|it|people|users|victims|scammers|attackers|hackers|drainers|phishers|holders|someone|somebody|anyone|everyone|nobody|who|which|that|this|it\s+just|they\s+just|then\s+they)(?:\s+else)?\s+|\b(?:lets?|letting|allow(?:s|ed|ing)?|enabl(?:e|es|ed|ing)|permit(?:s|ted|ting)?)\s+(?:anyone|anybody|everyone|someone|people|users|callers?|attackers?|hackers?|holders|them|him|her|me|you|u|any\s+\S+|the\s+(?:attacker|caller|hacker|spender|owner|admin|contract|bot|site))\s+(?:to\s+)?)["'“‘*_`]*$/iu;

// The words of the request's own clause before it (at most 60 characters back).
function clauseBefore(text: string, index: number): string {
  const window = text.slice(Math.max(0, index - 60), index);
  let cut = -1;
  someMatch(CLAUSE_BREAK, window, (m) => {
    cut = m.index + m[0].length;
    return false;
  });
  return cut >= 0 ? window.slice(cut) : window;
}

/**
 * Script-only (scripts/train-mirror-model.ts): read as if nothing were negated, reported, quoted or
 * typed into the service's own login, to find the benign posts that look like a label's requests
 * (the second reader's negatives that weigh more).
 */
export const lookalikeReading = { enabled: false };

const isNegated = (text: string, index: number): boolean => !lookalikeReading.enabled && NEGATED.test(clauseBefore(text, index));

// An instruction someone else is asked or made to follow is reported, not given: "the oldest trick is
// telling the bot to ignore previous instructions", "a classic injection asks the model to forget its
// rules", "every attempt to override the system prompt" (fourth round). Asked of "you" it stays an
// instruction ("I am asking you to ignore your rules"), and so does a bare imperative ("get your
// agent to ignore …"). What is reported runs on to the clause's end ("… to forget its rules and act as").
const REPORTED_ASK =
  /\b(?:asks|asking|asked|tells|telling|told|gets|got|getting|get|tricks|tricked|tricking|convinces|convinced|convincing|persuades|persuaded|makes|made|making|lures|lured|forces|forced|causes|caused|attempts?|attempted|tries|tried|trying|try|wants|wanted)(?:\s+(?!(?:you|u|ur|your|yall|y'all)\b)\S+){0,3}?\s+(?:to|into)\s+(?:\S+\s+){0,6}?["'“‘*_`]*$/i;

const isReportedAsk = (text: string, index: number): boolean => !lookalikeReading.enabled && REPORTED_ASK.test(clauseBefore(text, index));

// A password or code typed into the service's own login, sign-up or 2FA setup is how it is used,
// not a disclosure: "to log in, enter your email and password", "type your password twice when you
// create the account", "enter the code we emailed you to finish signing up" (fourth round). Not for
// a seed phrase or a key (no login takes one), and not when the sentence holds a link (a phishing
// page is a login too).
// ("2fa" is also read un-leeted, as "zfa" or "lfa".) Round thirteen: "the password you use to log in"
// names which password, it is no purpose.
const OWN_LOGIN =
  /\b(?:(?<!\b(?:use|used|using)\s+)(?:to|when (?:you|u)|before (?:you|u)|and|then)\s+(?:log ?in|sign ?in|sign up|finish signing up|create (?:the|an|your|a new) account|register)|(?:setting up|set up|to set up|enabling|to enable)\s+(?:[a-z0-9]fa|two-factor|mfa|the authenticator|your authenticator))\b/;
const SEED_OR_KEY = /seed|phrase|mnemonic|words|private|key|recovery|backup|keystore|\.env/;

function isOwnLogin(text: string, start: number, end: number): boolean {
  if (lookalikeReading.enabled || SEED_OR_KEY.test(text.slice(start, end))) return false;
  const sentence = text.slice(...sentenceBounds(text, start, end));
  return !sentence.includes('[link') && OWN_LOGIN.test(sentence);
}

// Whether some loose shape's signs all occur in the text (most posts hold no "$(" or "_(").
function mayMatchLoose(compiled: CompiledLabel, text: string): boolean {
  return compiled.looseSigns.some((signs) => signs.every((sign) => text.includes(sign)));
}

// Positions of one pattern in one form, reused from call to call (a form is at most a post long).
let POSITIONS = new Int32Array(1024);
let TAIL_POSITIONS = new Int32Array(1024);

// The same answer as `matches` for a pattern with a FIRST set, trying only the positions where a
// match can start. Requests replay a global scan: the leftmost match from where the last one ended,
// so the same matches get the same negation check.
function matchesAt(pattern: Pattern, sticky: RegExp, text: string, starts: Starts): boolean {
  if (POSITIONS.length < text.length + 1) {
    POSITIONS = new Int32Array(text.length * 2 + 1);
    TAIL_POSITIONS = new Int32Array(text.length * 2 + 1);
  }
  const positions = POSITIONS;
  const n = positionsOf(tables().START_INDEX, starts, pattern.startId, positions);
  const lead = pattern.lead;
  const second = secondWords.enabled ? pattern.second : null;
  const words = secondWords.enabled ? pattern.leadWords : null;
  const tail = secondWords.enabled ? pattern.tail : null;
  // The tail's positions (read on the first position that needs them), the next one to look at,
  // and where the tail last matched: positions up to there may start a match (see tails.ts).
  let tailCount = -1;
  let tailNext = 0;
  let tailAt = -1;
  const tailHolds = (at: number): boolean => {
    if (tail === null || at <= tailAt) return true;
    if (tailCount === -1) tailCount = positionsOf(tables().START_INDEX, starts, pattern.tailStartId, TAIL_POSITIONS);
    for (; tailNext < tailCount; tailNext++) {
      const p = TAIL_POSITIONS[tailNext] as number;
      if (p < at || (tail.second !== null && !secondMayHold(text, p, tail.second))) continue;
      tail.sticky.lastIndex = p;
      if (tail.sticky.test(text)) {
        tailAt = p;
        return true;
      }
    }
    return false;
  };
  if (pattern.compiled.spaced.requests === null) {
    for (let j = 0; j < n; j++) {
      const at = positions[j] as number;
      if (second !== null && !secondMayHold(text, at, second)) continue;
      if (words !== null && !leadMayHold(text, at, words)) continue;
      // No tail from here on: no match from here on.
      if (!tailHolds(at)) return false;
      sticky.lastIndex = at;
      if (!sticky.test(text)) continue;
      if (lead !== null) {
        lead.lastIndex = at;
        if (!lead.test(text)) continue;
      }
      if (pattern.reportable === null || !isReportedAsk(text, at)) return true;
    }
    return false;
  }
  let next = 0;
  for (let j = 0; j < n; j++) {
    const at = positions[j] as number;
    if (at < next) continue;
    // Skipped only where the regex would fail: `next` moves only on a match, so the scan's order stays.
    if (second !== null && !secondMayHold(text, at, second)) continue;
    if (words !== null && !leadMayHold(text, at, words)) continue;
    // No tail from here on: no match from here on (the scan would find none either).
    if (!tailHolds(at)) return false;
    sticky.lastIndex = at;
    // A sticky match starts at `at` and ends at lastIndex: test() allocates no match array.
    if (!sticky.test(text)) continue;
    if (lead !== null) {
      lead.lastIndex = at;
      if (!lead.test(text)) continue;
    }
    if (!isNegated(text, at) && !(pattern.label === 'credential_request' && isOwnLogin(text, at, sticky.lastIndex))) return true;
    next = at + Math.max(sticky.lastIndex - at, 1);
  }
  return false;
}

function matches(compiled: CompiledLabel, text: string, anchored: boolean, loose = true, label?: ContentLabel): boolean {
  if (loose && compiled.loose !== null && mayMatchLoose(compiled, text) && compiled.loose.test(text)) return true;
  if (!anchored) return false;
  if (compiled.plain !== null && compiled.plain.test(text)) return true;
  if (compiled.requests === null) return false;
  return someMatch(
    compiled.requests,
    text,
    (m) => !isNegated(text, m.index) && !(label === 'credential_request' && isOwnLogin(text, m.index, m.index + m[0].length)),
  );
}

// `reading`: a rot13 or reversed reading. It is built only when its words fit a pattern, and only
// patterns with words read it: a shape without words ("$(…)") found there is the reversal's accident
// ("($ref)" reversed holds "$(").
type Form = { text: string; labels: Mask; starts: Starts | null; reading?: boolean };

// Start lists of the forms of the post being flagged, reused from post to post (computeFlags runs
// to the end before it is called again).
const STARTS_POOL: Starts[] = [];
let startsUsed = 0;

function startsIn(form: Form): Starts {
  if (form.starts !== null) return form.starts;
  let starts = STARTS_POOL[startsUsed];
  if (starts === undefined) {
    starts = new Starts(tables().START_INDEX.slots);
    STARTS_POOL.push(starts);
  }
  startsUsed++;
  form.starts = scanStarts(form.text, tables().START_INDEX, starts);
  return form.starts;
}

// Whether the pattern matches a form read with the spaced patterns.
function matchesForm(pattern: Pattern, form: Form): boolean {
  const anchored = isOn(form.labels, pattern);
  if (anchored && pattern.sticky !== null && prefilter.enabled) {
    return matchesAt(pattern, pattern.sticky, form.text, startsIn(form));
  }
  if (anchored && pattern.reportable !== null) {
    return someMatch(pattern.reportable, form.text, (m) => !isReportedAsk(form.text, m.index));
  }
  return matches(pattern.compiled.spaced, form.text, anchored, form.reading !== true, pattern.label);
}

type Forms = {
  /** Transformed copies read with the spaced patterns, with the word sets they hold. */
  spaced: Form[];
  /** Letter-by-letter runs read with the compact patterns, with the word sets they hold. */
  compact: Form[];
  /** Whether some decoding of the post (base64, hex, percent, entities, escapes, Morse) found text. */
  decoded: boolean;
};

// The transformed copies, each differing from what was already checked.
function transformedForms(input: FlagInput, plain: string, plainMasks: TokenMasks, folded: string, whole: Whole, undone: () => boolean): Forms {
  const seen = new Set<string>([plain]);
  const spaced: Form[] = [];
  const add = (form: string | null, labels?: Mask, reading = false): void => {
    if (form === null || seen.has(form)) return;
    seen.add(form);
    spaced.push({ text: form, labels: labels ?? masksOf(form, false).text, starts: null, reading });
  };

  if (input.asSent !== null) add(input.shown.toLowerCase());
  const foldedText = folded === plain ? plainMasks.text : masksOf(folded, false).text;
  add(folded, foldedText);
  const squashed = squash(folded);
  add(squashed.text);
  for (const form of unleet(squashed.text ?? folded)) add(form);
  const compact = [...squashed.runs];
  for (const run of squashed.runs) compact.push(...unleet(run));
  const compactForms = compact.map((run) => ({ text: run, labels: runMask(run), starts: null }));

  // rot13 and reversal turn any text into gibberish; build them only when their words fit a pattern
  // and some shift or reversal turns three uncommon words of the post into common ones (each reading
  // of a long post costs a pass of every worded pattern; same flags on every corpus).
  if (undone()) {
    const readings = masksOf(folded, true);
    if (anyOn(readings.rot13)) add(rot13(folded), readings.rot13, true);
    if (anyOn(readings.reversed)) for (const form of reversals(folded)) add(form, readings.reversed, true);
  }
  const decoded = decodings(whole.shown, whole.runs);
  if (!DECODED_AS_DECEIT.test(folded)) for (const text of decoded) add(fold(text));
  for (const payload of input.smuggled) add(fold(payload));
  return { spaced, compact: compactForms, decoded: decoded.length > 0 };
}

// Round fifteen: an author who says the encoded run decodes to someone else's deceit ("this blob
// decodes to an injection attempt", "just decodes to another airdrop scam") reports its payload as a
// quotation: the decodings are not read for content labels (the run is still an encoded blob, and a
// decode ask beside it still counts).
const DECODED_AS_DECEIT =
  /\b(?:decodes?|decoded|translates?|unpacks?) (?:to|as|into) (?:[a-z'-]+ ){0,4}?(?:scam\w*|phish\w*|fake\w*|fraud\w*|spam\w*|injections?|injected|jailbreaks?|drainers?|malware|malicious)\b/;

// The whole post as shown, for what it carries encoded: a payload counts wherever it stands, in a
// reported quotation too ('what does "cGluIG15IHBvc3Q=" say?').
type Whole = { shown: string; runs: Runs; folded: () => string };

// Whether the post carries something encoded that a reader could be asked to read: a run that
// decodes to text, smuggled characters, binary bytes, or letters that read as English rotated or
// reversed. Only asked of posts where an everyday decode ask matched.
function carriesEncodedText(input: FlagInput, whole: Whole, undone: () => boolean, forms: Forms): boolean {
  return forms.decoded || input.smuggled.length > 0 || decodeBinary(whole.shown) !== null || undone();
}

// Asking what encoded text means, in any words (issue 25 item 9, second round): "any clue?", "need
// this in plain english", "^ explain pls", "can't make heads or tails of it". Beside something that
// decodes to text (carriesEncodedText), a question or a word of this class is a decode ask; the
// gated patterns spelled out single frames and missed most new wordings.
const ASKS_ABOUT =
  /\?|\b(?:pls|plz|please|help|explain|clue|idea|english|plain|normal words|meaning|means?|says?|saying|reads?|translate|convert|decode|decipher|figure|tell|thoughts|riddle|sense|understand|heads or tails|what)\b/;

// Round twelve: an author who tells what the encoded text says asks nobody to read it: "test
// vector: <run> should decode to the pangram", "the fixture <run> decodes to a config line", "(it
// just says hello)". Only the everyday-word ask above yields to it; the decode patterns and the
// model still read the post.
// "what it says?" and "it says what?" ask it.
// Round fifteen: naming what the run encodes tells it too ("the QR code holds base64 of the booking
// info", "it's hex of a timestamp"; "what is the base64 of …?" asks).
const TELLS_MEANING =
  /\b(?:(?<!\bwhat(?:'s| is| was| would be)? (?:the |this )?)(?:base ?64|hex|rot ?13|url ?encoding|morse|binary) (?:of|for) (?:a|an|the|my|his|her|their|our|some) |(?:should |will |would )?decodes? (?:to|as)|decoded (?:to|as)|translates? to|(?<!\bwhat )(?:it|this|that) (?:just |only |simply )?(?:says|reads|means|spells)\b(?!\s*(?:\?|what\b)))/;
const asksAbout = (folded: string): boolean => ASKS_ABOUT.test(folded) && !TELLS_MEANING.test(folded);
// Round fifteen: a question mark that ends a rotated or reversed sentence is the encoded text's own
// ("rot13 joke: Jul qvq gur puvpxra pebff gur ebnq?"), not the author asking; the rest of the post
// must still ask. Read only for posts that asked and carry something encoded.
// The question's last clause is what the mark closes: "<run> — thoughts on what it says?" asks.
const QUESTION = /[^.!?\n:;,—–(]*\?/g;
const asksOutsideEncoded = (folded: string): boolean => {
  if (!folded.includes('?')) return true;
  const rest = folded.replace(QUESTION, (question) => (readsBetterUndone(question) ? ' ' : question));
  return rest === folded || asksAbout(rest);
};

function linkOnly(shown: string, linkCount: number): boolean {
  if (linkCount === 0) return false;
  return shown.replace(/\[link\]|@[A-Za-z0-9_]{1,15}\b/g, '').trim().length === 0;
}

// The author's words only: a host inside `[link:host]` was written by whoever owns the domain.
const LINK_TOKEN = /\[link:[^\]]*\]/g;
const hideHosts = (text: string): string => text.replace(LINK_TOKEN, '[link]');

// The content labels of `labels`, read in `shown` (the author's own words) as a reader sees it and
// in its transformed forms, then the everyday decode ask and the model.
function readContent(
  input: FlagInput,
  shown: string,
  asSent: string | null,
  whole: Whole,
  labels: readonly ContentLabel[],
  unchecked: boolean,
  flags: Set<MirrorFlag>,
): void {
  const plain = (asSent ?? shown).toLowerCase();
  const folded = fold(shown);
  const plainMasks = masksOf(plain, false);
  let readsUndone: boolean | null = null;
  const undone = (): boolean => (readsUndone ??= readsBetterUndone(folded));
  const plainForm: Form = { text: plain, labels: plainMasks.text, starts: null };
  let forms: Forms | null = null;
  const formsOf = (): Forms => {
    forms ??= transformedForms({ ...input, shown, asSent }, plain, plainMasks, folded, whole, undone);
    return forms;
  };
  let encoded: boolean | null = null;
  const carriesEncoded = (): boolean => {
    encoded ??= carriesEncodedText(input, whole, whole.shown === shown ? undone : () => readsBetterUndone(whole.folded()), formsOf());
    return encoded;
  };
  const inTransformed = (p: Pattern): boolean => {
    const transformed = formsOf();
    return (
      transformed.spaced.some((form) => matchesForm(p, form)) ||
      transformed.compact.some((run) => matches(p.compiled.compact, run.text, isOn(run.labels, p), true, p.label))
    );
  };
  // Finds of SECOND_LABELS by phrases in the plain text, and the ids of the phrases (the second
  // reader's features): a label some shape (a role marker, a template tag, command syntax) or some
  // decoding finds stands whatever the words around it.
  const inPlain: SecondLabel[] = [];
  const phrases: string[] = [];
  for (const label of labels) {
    if (flags.has(label)) continue;
    const patterns = tables().PATTERNS_OF.get(label) ?? [];
    const gated = tables().GATED_OF.get(label) ?? [];
    const inPlainForm = (p: Pattern): boolean => matchesForm(p, plainForm);
    // A second label needs every phrase that found it (the reader's features); any other, the first.
    const hits = !unchecked && (SECOND_LABELS as readonly string[]).includes(label) ? patterns.filter(inPlainForm) : null;
    if (hits ? hits.length > 0 : patterns.some(inPlainForm)) {
      flags.add(label);
      if (hits && !hits.some((p) => isShape(p.id))) {
        inPlain.push(label as SecondLabel);
        phrases.push(...hits.filter((p) => !p.unread).map((p) => p.id));
      }
      continue;
    }
    if (gated.some((p) => matchesForm(p, plainForm)) && carriesEncoded()) {
      flags.add(label);
      continue;
    }
    if (patterns.some(inTransformed) || (gated.some(inTransformed) && carriesEncoded())) {
      flags.add(label);
      flags.add('obfuscated_instruction');
    }
  }
  if (flagTrace.hit !== null) {
    const hit = flagTrace.hit;
    for (const label of labels) {
      const byPattern = (p: Pattern): boolean => matchesForm(p, plainForm) || inTransformed(p);
      for (const p of tables().PATTERNS_OF.get(label) ?? []) if (byPattern(p)) hit(label, p.id);
      for (const p of tables().GATED_OF.get(label) ?? []) if (byPattern(p) && carriesEncoded()) hit(label, p.id);
    }
    if (!unchecked && asksAbout(folded) && carriesEncoded() && asksOutsideEncoded(folded)) hit('decode_request', 'decode_request.asks_about');
    if (!unchecked) for (const label of modelLabels(folded)) if (label !== 'decode_request' || carriesEncoded()) hit(label, `model.${label}`);
  }
  if (unchecked) return;
  // The second reader may take back what a phrase found in the plain text (never an address's
  // money_request, a shape's find or a find in a decoding: those are set beside or before this).
  if (inPlain.length > 0 || modelSwitch.traceSecond !== null) {
    const context: string[] = [...flags].filter((f) => !(SECOND_LABELS as readonly string[]).includes(f) || !inPlain.includes(f as SecondLabel));
    if (shown !== whole.shown) context.push('reported_left_out');
    for (const label of secondReaderDrops(folded, inPlain, [...context, ...phrases])) flags.delete(label);
  }
  if (!flags.has('decode_request') && asksAbout(folded) && carriesEncoded() && asksOutsideEncoded(folded)) flags.add('decode_request');
  // The model reads the folded text as shown: wordings of the families no pattern spells out. Its
  // decode asks, like the everyday-word patterns', count only beside something encoded ("explain
  // what this tx did? 0x9fc7…" asks about a hash).
  for (const label of modelLabels(folded)) if (label !== 'decode_request' || carriesEncoded()) flags.add(label);
}

export function computeFlags(input: FlagInput): MirrorFlag[] {
  startsUsed = 0;
  const flags = new Set<MirrorFlag>();
  const shown = hideHosts(input.shown);
  const asSent = input.asSent === null ? null : hideHosts(input.asSent);

  if (input.hidden) flags.add('hidden_characters');
  if (input.bidi) flags.add('bidi_controls');
  if (input.hosts.some(isLookalikeHost) || (input.behind ?? []).some(isLookalikeHost)) flags.add('lookalike_host');
  if (input.hosts.length > MAX_LINKS) flags.add('many_links');
  if (linkOnly(shown, input.hosts.length)) flags.add('link_only');
  if (hasMixedScriptWord(shown)) flags.add('mixed_scripts');

  const runs = measureRuns(shown);
  const addresses = findAddresses(shown, runs);
  if (addresses.length > 0) flags.add('money_request');
  if (addresses.length > 0) flagTrace.hit?.('money_request', 'money_request.address');
  if (hasEncodedBlob(shown, addresses, runs)) flags.add('encoded_blob');

  // English patterns only: on a mostly non-Latin post they would find nothing true, so they do not
  // run and the post says so. Command shapes are not English and are read on every post.
  const unchecked = isMostlyNonLatin(shown);
  if (unchecked) flags.add('unchecked_language');
  const labels = unchecked ? (['executable_instruction'] as const) : CONTENT_LABELS;

  // The content labels read the author's own words: quotations the post reports are left out
  // (reported.ts). Structural labels above read all of the text.
  const own = unchecked || lookalikeReading.enabled ? shown : ownWords(shown);
  let foldedWhole: string | null = null;
  const whole: Whole = { shown, runs, folded: () => (foldedWhole ??= fold(shown)) };
  readContent(input, own, own === shown || asSent === null ? asSent : ownWords(asSent), whole, labels, unchecked, flags);
  return sortFlags(flags);
}
