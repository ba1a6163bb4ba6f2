import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { MODEL_LABELS, type ModelFile, featuresOf, modelSwitch } from '../../../lib/mirror/model.ts';
import { normalizePost } from '../../../lib/mirror/normalize.ts';
import { CORPUS } from './corpus.ts';
import { HELDOUT } from './corpus-heldout.ts';

const MODEL_FILE = new URL('../../../lib/mirror/model.json', import.meta.url);
const flagsOf = (text: string, urls: CorpusCase['urls'] = []): string[] => normalizePost({ text, entities: { urls: urls ?? [] } }).flags;
type CorpusCase = (typeof CORPUS)[number];

test('features: digits, apostrophes and plural/-ing/-ed endings are read alike', (t) => {
  t.deepEqual(featuresOf('send the 12 words').sort(), featuresOf('send the 24 words').sort());
  t.deepEqual(featuresOf("don't share").sort(), featuresOf('dont share').sort());
  t.deepEqual(featuresOf('bots reading').sort(), featuresOf('bot read').sort());
  // A clause start pairs with the first word: "mod here" at a start differs from "the mod here".
  t.notDeepEqual(featuresOf('mod here').sort(), featuresOf('the mod here').sort());
});

test('the shipped model file has the model labels and a threshold each', (t) => {
  const file = JSON.parse(readFileSync(MODEL_FILE, 'utf8')) as ModelFile;
  t.deepEqual(file.labels, [...MODEL_LABELS]);
  t.is(file.thresholds.length, MODEL_LABELS.length);
  t.is(file.bias.length, MODEL_LABELS.length);
  for (const threshold of file.thresholds) t.true(threshold > 0);
  t.true(Object.values(file.weights).every((w) => w.length === MODEL_LABELS.length));
});

// The model only adds labels of its own list, never removes one, and adds none to the held-out
// benign posts (its thresholds come from held-back folds of the tuning corpus only).
test('the model only adds its own labels, and none to held-out benign posts', (t) => {
  const added = new Map<string, number>();
  for (const c of [...CORPUS, ...HELDOUT]) {
    modelSwitch.enabled = false;
    const without = flagsOf(c.text, c.urls);
    modelSwitch.enabled = true;
    const withModel = flagsOf(c.text, c.urls);
    for (const flag of without) t.true(withModel.includes(flag), `${c.name}: ${flag} lost`);
    for (const flag of withModel.filter((f) => !without.includes(f))) {
      t.true((MODEL_LABELS as readonly string[]).includes(flag), `${c.name}: ${flag}`);
      added.set(flag, (added.get(flag) ?? 0) + 1);
    }
  }
  modelSwitch.enabled = true;
  const benignHits = HELDOUT.filter((c) => c.benign).filter((c) => {
    modelSwitch.enabled = false;
    const without = flagsOf(c.text, c.urls);
    modelSwitch.enabled = true;
    return flagsOf(c.text, c.urls).length > without.length;
  });
  t.deepEqual(
    benignHits.map((c) => c.name),
    [],
  );
  t.log(`labels the model adds over the patterns on the corpora: ${JSON.stringify(Object.fromEntries(added))}`);
});

test('the shipped model is the one the training script makes from the tuning corpus', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'mirror-model-'));
  try {
    const out = join(dir, 'model.json');
    execFileSync(process.execPath, ['scripts/train-mirror-model.ts', '--out', out], { stdio: 'pipe' });
    t.deepEqual(JSON.parse(readFileSync(out, 'utf8')), JSON.parse(readFileSync(MODEL_FILE, 'utf8')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
