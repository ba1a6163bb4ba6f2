import test, { type ExecutionContext } from 'ava';
import { MIRROR_FLAGS, type MirrorFlag } from '../../../lib/mirror/flag-names.ts';
import { prefilter } from '../../../lib/mirror/flags.ts';
import { normalizePost } from '../../../lib/mirror/normalize.ts';
import { BENIGN_FORBIDDEN, CORPUS, type CorpusCase } from './corpus.ts';
import { HELDOUT } from './corpus-heldout.ts';
import { WAVE_SIX_DEV } from './corpus-wave6.ts';
import { WAVE_SEVEN_DEV } from './corpus-wave7.ts';
import { WAVE_EIGHT_DEV, WAVE_EIGHT_TRAIN } from './corpus-wave8.ts';
import { WAVE_NINE_DEV } from './corpus-wave9.ts';
import { WAVE_THIRTEEN_DEV } from './corpus-wave13.ts';
import { WAVE_FOURTEEN_DEV } from './corpus-wave14.ts';
import { WAVE_FIFTEEN_DEV } from './corpus-wave15.ts';
import { WAVE_SIXTEEN_DEV } from './corpus-wave16.ts';
import { WAVE_SEVENTEEN_DEV } from './corpus-wave17.ts';

// Issue 12's bar, on the set the patterns were tuned on and on the held-out set alike.
const MIN_RECALL = 0.95;
const MAX_BENIGN_FALSE_POSITIVES = 0.02;

const flagsOf = (c: CorpusCase): MirrorFlag[] => normalizePost({ text: c.text, entities: { urls: c.urls ?? [] } }).flags;

const results = CORPUS.map((c) => ({ case: c, flags: flagsOf(c) }));
const heldOutResults = HELDOUT.map((c) => ({ case: c, flags: flagsOf(c) }));

const CORPORA = [
  { name: 'tuning', corpus: CORPUS, results, minPositives: 4, minBenign: 50 },
  { name: 'held-out', corpus: HELDOUT, results: heldOutResults, minPositives: 20, minBenign: 100 },
] as const;

for (const { name, corpus, results: measured, minPositives, minBenign } of CORPORA) {
  test(`${name}: the corpus is large enough to measure`, (t) => {
    t.true(corpus.length >= 150, `${corpus.length} cases`);
    t.true(corpus.filter((c) => c.benign).length >= minBenign);
    for (const flag of MIRROR_FLAGS) {
      const positives = corpus.filter((c) => c.expect.includes(flag)).length;
      t.true(positives >= minPositives, `${flag} has ${positives} positives`);
    }
  });

  test(`${name}: recall per flag is at least 95 %`, (t) => {
    const lines: string[] = [];
    for (const flag of MIRROR_FLAGS) {
      const positives = measured.filter((r) => r.case.expect.includes(flag));
      const found = positives.filter((r) => r.flags.includes(flag));
      const recall = found.length / positives.length;
      lines.push(`${flag.padEnd(24)} recall ${recall.toFixed(3)} (${found.length}/${positives.length})`);
      const missed = positives.filter((r) => !r.flags.includes(flag)).map((r) => r.case.name);
      t.true(recall >= MIN_RECALL, `${flag} recall ${recall}; missed: ${missed.join(', ')}`);
    }
    t.log(`\n${lines.join('\n')}`);
  });

  test(`${name}: at most 2 % of benign posts get a flag their case does not expect`, (t) => {
    const benign = measured.filter((r) => r.case.benign);
    const wrong = benign.filter((r) => r.flags.some((f) => !r.case.expect.includes(f)));
    const rate = wrong.length / benign.length;
    t.log(`${name}: benign posts ${benign.length}, false positives ${wrong.length} (${(rate * 100).toFixed(1)} %)`);
    t.true(rate <= MAX_BENIGN_FALSE_POSITIVES, wrong.map((r) => `${r.case.name}: ${r.flags.join(',')}`).join('; '));
  });

  test(`${name}: flags a case must not get`, (t) => {
    const wrong = measured.filter((r) => (r.case.absent ?? []).some((f) => r.flags.includes(f))).map((r) => `${r.case.name}: ${r.flags.join(',')}`);
    t.deepEqual(wrong, []);
  });
}

test('benign community posts get no instruction, credential or money label', (t) => {
  const benign = results.filter((r) => r.case.benign);
  const falsePositives = benign.filter((r) => r.flags.some((f) => BENIGN_FORBIDDEN.includes(f) && !r.case.expect.includes(f)));
  const rate = falsePositives.length / benign.length;
  // Every other label on the benign set, for the record (some are expected, e.g. unchecked_language).
  const perFlag = MIRROR_FLAGS.map((flag) => [flag, benign.filter((r) => r.flags.includes(flag)).length] as const)
    .filter(([, n]) => n > 0)
    .map(([flag, n]) => `${flag}=${n}`);
  t.log(`benign posts ${benign.length}, false-positive rate ${rate.toFixed(3)} (${falsePositives.length}); other labels seen: ${perFlag.join(' ') || 'none'}`);
  t.deepEqual(
    falsePositives.map((r) => `${r.case.name}: ${r.flags.join(',')}`),
    [],
  );
});

test('benign posts get no content label beyond what the case expects', (t) => {
  const content: MirrorFlag[] = ['obfuscated_instruction', 'decode_request', 'claims_authority', 'executable_instruction'];
  const extra = results
    .filter((r) => r.case.benign)
    .filter((r) => r.flags.some((f) => content.includes(f) && !r.case.expect.includes(f)))
    .map((r) => `${r.case.name}: ${r.flags.join(',')}`);
  t.deepEqual(extra, []);
});

test('flags come out in the canonical order, without duplicates', (t) => {
  for (const r of [...results, ...heldOutResults]) {
    const canonical = MIRROR_FLAGS.filter((f) => r.flags.includes(f));
    t.deepEqual(r.flags, canonical, r.case.name);
  }
});

test.serial('the vocabulary prefilter never changes a result', (t) => {
  prefilter.enabled = false;
  try {
    for (const r of [...results, ...heldOutResults]) t.deepEqual(flagsOf(r.case), r.flags, r.case.name);
  } finally {
    prefilter.enabled = true;
  }
});

// A development part is never trained or tuned on: it measures how the labels do on wordings they
// were not fitted to. Recall is logged (docs/mirror.md keeps the figures); benign false positives
// stay within `maxRate`.
const developmentPart = (cases: readonly CorpusCase[], minBenign: number, minHostile: number, maxRate: number) => (t: ExecutionContext) => {
  const measured = cases.map((c) => ({ case: c, flags: flagsOf(c) }));
  const benign = measured.filter((r) => r.case.benign);
  const wrong = benign.filter((r) => r.flags.some((f) => !r.case.expect.includes(f)));
  t.true(benign.length >= minBenign && measured.length - benign.length >= minHostile, `${benign.length} benign, ${measured.length - benign.length} hostile`);
  const lines = MIRROR_FLAGS.flatMap((flag) => {
    const positives = measured.filter((r) => !r.case.benign && r.case.expect.includes(flag));
    return positives.length === 0 ? [] : [`${flag.padEnd(24)} ${positives.filter((r) => r.flags.includes(flag)).length}/${positives.length}`];
  });
  const wrongNames = wrong.map((r) => `${r.case.name}: ${r.flags.join(',')}`).join('; ');
  t.log(`\n${lines.join('\n')}\nbenign false positives ${wrong.length}/${benign.length}: ${wrongNames}`);
  t.true(wrong.length / benign.length <= maxRate, wrongNames);
};

test('sixth-wave development part: benign false positives at most 2 %, recall logged', developmentPart(WAVE_SIX_DEV, 50, 30, MAX_BENIGN_FALSE_POSITIVES));

// The seventh wave's development part (corpus-wave7.ts): 177 benign posts that look dangerous.
// Before the third round 16 of them got a label their case does not expect (9.0 %), after it 8
// (4.5 %; docs/mirror.md, "third round"), 6 later, and round fifteen 2 (1.1 %); this bound keeps what
// was won.
test('seventh-wave development part: benign false positives at most 2 of 177, recall logged', developmentPart(WAVE_SEVEN_DEV, 150, 10, 2 / 177));

// The eighth wave (corpus-wave8.ts, fourth round: the precision audit): 420 benign posts that look
// dangerous in fifteen families, split by a hash of the text. Its development half (211 posts) had
// 20 false positives before the audit (9.5 %) and 17 after (8.1 %; docs/mirror.md, "fourth round"):
// still not the 2 %, and this bound keeps what was won. The training half and the probes
// written for it (578 posts) went from 14 of the half's 209 to 5 of 578. The second reader (round
// six) took the development half to 15, round thirteen to 11, round fifteen to 7, round sixteen to 6.
test('eighth-wave development part: benign false positives at most 6 of 211, logged', developmentPart(WAVE_EIGHT_DEV, 200, 0, 6 / 211));
test('eighth-wave training half: benign false positives at most 1 %, logged', developmentPart(WAVE_EIGHT_TRAIN, 500, 0, 0.01));

// The ninth wave (corpus-wave9.ts, dev only: flags4's fresh set, never trained or tuned on): 205
// benign posts in registers the tuning corpus has few of, 101 hostile ones in fresh wordings. 13
// false positives before the second reader (6.3 %), 7 after (3.4 %; docs/mirror.md, "round six"), 6 after
// round fifteen.
test('ninth-wave development part: benign false positives at most 6 of 205, recall logged', developmentPart(WAVE_NINE_DEV, 200, 100, 6 / 205));

// The thirteenth wave (corpus-wave13.ts, dev only: the lead's fourth held-out set, another writer's, kept
// once measured): 441 benign posts, 128 of them relaying a scam's ask word for word, and 378 hostile
// ones. Main had 41 false positives (9.3 %) when it was written (docs/mirror.md), round twelve 12 (2.7 %),
// round thirteen 2 (0.5 %), round fifteen 1; the bound keeps it from growing, and no label may find fewer of its hostile cases than then.
test('thirteenth-wave development part: benign false positives at most 1 of 441, recall logged', developmentPart(WAVE_THIRTEEN_DEV, 400, 350, 1 / 441));
// No label may find fewer of a development part's hostile cases than main did when the part was written
// (raised to round thirteen's figures where it found more, then to round fourteen's, fifteen's, seventeen's).
const recallFloors = (cases: readonly CorpusCase[], found: Partial<Record<MirrorFlag, number>>) => (t: ExecutionContext) => {
  const hostile = cases.filter((c) => !c.benign).map((c) => ({ case: c, flags: flagsOf(c) }));
  for (const [flag, floor] of Object.entries(found) as [MirrorFlag, number][]) {
    const hits = hostile.filter((r) => r.case.expect.includes(flag) && r.flags.includes(flag)).length;
    t.true(hits >= floor, `${flag}: ${hits} found, ${floor} when the wave was written`);
  }
};
test(
  'thirteenth-wave development part: no label finds fewer of its hostile cases than main did when it was written',
  recallFloors(WAVE_THIRTEEN_DEV, {
    instruction_like: 53,
    obfuscated_instruction: 20,
    decode_request: 57,
    claims_authority: 72,
    credential_request: 93,
    money_request: 86,
    encoded_blob: 32,
    executable_instruction: 60,
    lookalike_host: 56,
  }),
);

// The fourteenth wave (corpus-wave14.ts, dev only: written for round thirteen by another writer, each
// case on its own): 502 benign posts, 186 of them relaying a scam's ask, and 345 hostile ones. Main
// had 42 false positives (8.4 %) when it was written, round thirteen 12 (2.4 %), round fifteen 10 (2.0 %),
// round sixteen 9 (1.8 %).
test('fourteenth-wave development part: benign false positives at most 9 of 502, recall logged', developmentPart(WAVE_FOURTEEN_DEV, 500, 340, 9 / 502));
test(
  'fourteenth-wave development part: no label finds fewer of its hostile cases than main did when it was written',
  recallFloors(WAVE_FOURTEEN_DEV, {
    instruction_like: 47,
    obfuscated_instruction: 21,
    decode_request: 45,
    claims_authority: 68,
    credential_request: 59,
    money_request: 82,
    encoded_blob: 32,
    executable_instruction: 51,
    lookalike_host: 61,
  }),
);

// The fifteenth wave (corpus-wave15.ts, dev only: the lead's sixth held-out set, another writer's, on
// which rounds thirteen and fourteen were judged, kept for the next round to study): 483 benign posts
// and 399 hostile ones. Main had 29 false positives (6.0 %) when it became a development part, round
// fifteen 7 (1.4 %), round sixteen 6 (1.2 %); the floors below are round fifteen's finds, claims_authority
// round seventeen's.
test('fifteenth-wave development part: benign false positives at most 6 of 483, recall logged', developmentPart(WAVE_FIFTEEN_DEV, 480, 390, 6 / 483));
test(
  'fifteenth-wave development part: no label finds fewer of its hostile cases than main did when it was written',
  recallFloors(WAVE_FIFTEEN_DEV, {
    instruction_like: 62,
    obfuscated_instruction: 5,
    decode_request: 83,
    claims_authority: 51,
    credential_request: 75,
    money_request: 96,
    encoded_blob: 43,
    executable_instruction: 57,
    lookalike_host: 59,
  }),
);

// The sixteenth wave (corpus-wave16.ts, dev only: the lead's seventh held-out set, another writer's, on
// which round fifteen was judged, kept for the next round to study): 485 benign posts and 370 hostile
// ones. Main had 24 false positives (4.9 %) when it became a development part, round sixteen 2 (0.4 %);
// the floors are round sixteen's finds (main's were instruction_like 47, claims_authority 46,
// credential_request 70, money_request 65), credential_request round seventeen's.
test('sixteenth-wave development part: benign false positives at most 2 of 485, recall logged', developmentPart(WAVE_SIXTEEN_DEV, 480, 360, 2 / 485));
test(
  'sixteenth-wave development part: no label finds fewer of its hostile cases than main did when it was written',
  recallFloors(WAVE_SIXTEEN_DEV, {
    instruction_like: 51,
    obfuscated_instruction: 37,
    decode_request: 61,
    claims_authority: 51,
    credential_request: 78,
    money_request: 71,
    encoded_blob: 39,
    executable_instruction: 53,
    lookalike_host: 54,
  }),
);

// The seventeenth wave (corpus-wave17.ts, dev only: the lead's eighth held-out set, another writer's, on
// which round sixteen was judged, kept for the next round to study): 484 benign posts and 385 hostile
// ones. Main had 31 posts with a label they do not expect (6.4 %) when it became a development part,
// round seventeen 8 (1.7 %); the floors are round seventeen's finds (main's were instruction_like 31,
// decode_request 56, claims_authority 37, credential_request 81, money_request 61).
test('seventeenth-wave development part: benign false positives at most 8 of 484, recall logged', developmentPart(WAVE_SEVENTEEN_DEV, 480, 380, 8 / 484));
test(
  'seventeenth-wave development part: no label finds fewer of its hostile cases than main did when it was written',
  recallFloors(WAVE_SEVENTEEN_DEV, {
    instruction_like: 34,
    obfuscated_instruction: 7,
    decode_request: 59,
    claims_authority: 44,
    credential_request: 85,
    money_request: 68,
    encoded_blob: 38,
    executable_instruction: 62,
    lookalike_host: 54,
  }),
);
