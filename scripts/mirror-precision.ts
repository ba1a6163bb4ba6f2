// The precision audit of the mirror's content labels (issue 25 item 9, fourth round): per pattern
// and per model label, how many hostile cases it labels (that expect the label) against how many
// benign cases it labels wrongly, over the training parts of every corpus, and what each buys
// alone (the cases no other source labels). Development parts are only summarised (--dev), never
// listed case by case, so nothing is tuned on them.
//   node scripts/mirror-precision.ts [--show <pattern id>] [--dev] [--json <file>] [--no-second]
// --show lists the benign and hostile texts a pattern labels on the training parts.
// --json writes the development parts' figures (benign false positives, recall per label) to a file.
// --no-second: without the second reader (round six), the figures before it.
import { writeFileSync } from 'node:fs';
import type { ContentLabel, MirrorFlag } from '../lib/mirror/flag-names.ts';
import { MIRROR_FLAGS } from '../lib/mirror/flag-names.ts';
import { flagTrace } from '../lib/mirror/flags.ts';
import { modelSwitch } from '../lib/mirror/model.ts';
import { normalizePost } from '../lib/mirror/normalize.ts';
import { CORPUS, type CorpusCase } from '../test/lib/mirror/corpus.ts';
import { HELDOUT } from '../test/lib/mirror/corpus-heldout.ts';
import { WAVE_SIX_DEV } from '../test/lib/mirror/corpus-wave6.ts';
import { WAVE_SEVEN_DEV } from '../test/lib/mirror/corpus-wave7.ts';
import { WAVE_EIGHT_DEV, WAVE_EIGHT_TRAIN } from '../test/lib/mirror/corpus-wave8.ts';
import { WAVE_NINE_DEV } from '../test/lib/mirror/corpus-wave9.ts';
import { WAVE_THIRTEEN_DEV } from '../test/lib/mirror/corpus-wave13.ts';
import { WAVE_FOURTEEN_DEV } from '../test/lib/mirror/corpus-wave14.ts';
import { WAVE_FIFTEEN_DEV } from '../test/lib/mirror/corpus-wave15.ts';
import { WAVE_SIXTEEN_DEV } from '../test/lib/mirror/corpus-wave16.ts';
import { WAVE_SEVENTEEN_DEV } from '../test/lib/mirror/corpus-wave17.ts';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};

if (args.includes('--no-second')) modelSwitch.second = false;

type Traced = { case: CorpusCase; flags: MirrorFlag[]; sources: Map<ContentLabel, string[]> };

function traced(c: CorpusCase): Traced {
  const sources = new Map<ContentLabel, string[]>();
  flagTrace.hit = (label, source) => sources.set(label, [...(sources.get(label) ?? []), source]);
  try {
    const flags = normalizePost({ text: c.text, entities: { urls: c.urls ?? [] } }).flags;
    return { case: c, flags, sources };
  } finally {
    flagTrace.hit = null;
  }
}

// CORPUS holds the eighth wave's training half once it is part of the tuning set.
const inCorpus = new Set(CORPUS.map((c) => c.name));
const TRAIN = [...CORPUS, ...HELDOUT, ...WAVE_EIGHT_TRAIN.filter((c) => !inCorpus.has(c.name))].map(traced);

type Row = { hostile: number; benign: number; soleHostile: number; soleBenign: number; other: number };
const rows = new Map<string, Row>();
const row = (id: string): Row => {
  let r = rows.get(id);
  if (r === undefined) rows.set(id, (r = { hostile: 0, benign: 0, soleHostile: 0, soleBenign: 0, other: 0 }));
  return r;
};
for (const t of TRAIN) {
  for (const [label, ids] of t.sources) {
    const unique = [...new Set(ids)];
    const expected = t.case.expect.includes(label);
    for (const id of unique) {
      const r = row(id);
      if (t.case.benign === true && !expected) {
        r.benign++;
        if (unique.length === 1) r.soleBenign++;
      } else if (t.case.benign !== true && expected) {
        r.hostile++;
        if (unique.length === 1) r.soleHostile++;
      } else r.other++;
    }
  }
}

const show = option('--show');
if (show !== undefined) {
  for (const t of TRAIN) {
    for (const [label, ids] of t.sources) {
      if (!ids.includes(show)) continue;
      const kind = t.case.benign === true && !t.case.expect.includes(label) ? 'BENIGN ' : t.case.expect.includes(label) ? 'hostile' : 'other  ';
      const others = [...new Set(ids)].filter((id) => id !== show);
      console.log(`${kind} ${t.case.name}: ${JSON.stringify(t.case.text.slice(0, 160))}${others.length > 0 ? `  [also ${others.join(' ')}]` : ''}`);
    }
  }
} else {
  const benignTotal = TRAIN.filter((t) => t.case.benign === true).length;
  console.log(`training parts: ${TRAIN.length} cases, ${benignTotal} benign`);
  console.log('source'.padEnd(34), 'hostile  benign  sole-hostile  sole-benign  other');
  const sorted = [...rows].sort(([, a], [, b]) => b.benign - a.benign || b.soleBenign - a.soleBenign);
  for (const [id, r] of sorted) {
    console.log(
      id.padEnd(34),
      String(r.hostile).padStart(7),
      String(r.benign).padStart(7),
      String(r.soleHostile).padStart(13),
      String(r.soleBenign).padStart(12),
      String(r.other).padStart(6),
    );
  }
  const wrong = TRAIN.filter((t) => t.case.benign === true && t.flags.some((f) => !t.case.expect.includes(f)));
  console.log(`\ntraining parts: benign false positives ${wrong.length}/${benignTotal}`);
  for (const t of wrong) {
    const extra = t.flags.filter((f) => !t.case.expect.includes(f));
    const why = extra.map((f) => `${f}<-${[...new Set(t.sources.get(f as ContentLabel) ?? [])].join('+') || 'shape'}`);
    console.log(`  ${t.case.name}: ${why.join(' ')}  ${JSON.stringify(t.case.text.slice(0, 120))}`);
  }
}

// Development parts: totals only.
type Figures = { benign: number; falsePositives: number; recall: Record<string, [number, number]> };
function figures(cases: readonly CorpusCase[]): Figures {
  const measured = cases.map((c) => ({ c, flags: normalizePost({ text: c.text, entities: { urls: c.urls ?? [] } }).flags }));
  const benign = measured.filter((m) => m.c.benign === true);
  const recall: Record<string, [number, number]> = {};
  for (const flag of MIRROR_FLAGS) {
    const positives = measured.filter((m) => m.c.benign !== true && m.c.expect.includes(flag));
    if (positives.length > 0) recall[flag] = [positives.filter((m) => m.flags.includes(flag)).length, positives.length];
  }
  return { benign: benign.length, falsePositives: benign.filter((m) => m.flags.some((f) => !m.c.expect.includes(f))).length, recall };
}
// Which sources give the development parts' benign posts a label they do not expect: counts per
// source only (a family to look for in the training parts), never the posts.
function devSources(cases: readonly CorpusCase[]): string {
  const counts = new Map<string, number>();
  for (const c of cases.filter((c) => c.benign === true)) {
    const t = traced(c);
    for (const flag of t.flags.filter((f) => !c.expect.includes(f))) {
      for (const id of new Set(t.sources.get(flag as ContentLabel) ?? ['shape'])) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
  }
  return [...counts]
    .sort(([, a], [, b]) => b - a)
    .map(([id, n]) => `${id} ${n}`)
    .join(', ');
}
if (args.includes('--dev') || option('--json') !== undefined) {
  const parts = {
    tuning: CORPUS,
    heldout: HELDOUT,
    'wave6-dev': WAVE_SIX_DEV,
    'wave7-dev': WAVE_SEVEN_DEV,
    'wave8-dev': WAVE_EIGHT_DEV,
    'wave9-dev': WAVE_NINE_DEV,
    'wave13-dev': WAVE_THIRTEEN_DEV,
    'wave14-dev': WAVE_FOURTEEN_DEV,
    'wave15-dev': WAVE_FIFTEEN_DEV,
    'wave16-dev': WAVE_SIXTEEN_DEV,
    'wave17-dev': WAVE_SEVENTEEN_DEV,
  };
  const all = Object.fromEntries(Object.entries(parts).map(([name, cases]) => [name, figures(cases)]));
  for (const [name, f] of Object.entries(all)) {
    const recall = Object.entries(f.recall)
      .map(([flag, [found, total]]) => `${flag} ${found}/${total}`)
      .join(', ');
    console.log(`${name}: benign false positives ${f.falsePositives}/${f.benign}; recall ${recall}`);
    if (f.falsePositives > 0) console.log(`  by source: ${devSources(parts[name as keyof typeof parts])}`);
  }
  const out = option('--json');
  if (out !== undefined) writeFileSync(out, `${JSON.stringify(all, null, 1)}\n`);
}
