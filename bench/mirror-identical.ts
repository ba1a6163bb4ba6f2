// Whether this checkout's normalizePost returns exactly what another checkout's does (the whole
// returned object, JSON.stringify), over every case of every corpus file in test/lib/mirror/, the
// pathological shapes, the 3,000 posts of bench/mirror-normalize.ts and random mixes (slices of
// corpus texts joined, random casing, invisibles, leet, reversals). A speed change of the matcher
// must change nothing it finds: this prints the count of differences, and exits 1 on any.
// Run: node bench/mirror-identical.ts <other checkout> [mixes=200000] [seed=1]
// (make a checkout: git -C /work/main archive main lib test | tar -x -C /tmp/x, then link node_modules)
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { normalizePost, type RawPost } from '../lib/mirror/normalize.ts';
import type { CorpusCase } from '../test/lib/mirror/corpus.ts';
import { PATHOLOGICAL_SHAPES } from '../test/lib/mirror/pathological.ts';

const [otherAt, mixArg, seedArg] = process.argv.slice(2);
if (otherAt === undefined) throw new Error('usage: node bench/mirror-identical.ts <other checkout> [mixes] [seed]');
const MIXES = Number(mixArg ?? 200_000);
const other = ((await import(resolve(otherAt, 'lib/mirror/normalize.ts'))) as { normalizePost: (post: RawPost) => unknown }).normalizePost;

// Every exported array of cases of every corpus file (corpus*.ts), deduplicated by text and links.
const dir = new URL('../test/lib/mirror/', import.meta.url);
const cases = new Map<string, CorpusCase>();
for (const file of readdirSync(dir).filter((f) => /^corpus.*\.ts$/.test(f))) {
  const module = (await import(new URL(file, dir).href)) as Record<string, unknown>;
  for (const value of Object.values(module)) {
    if (!Array.isArray(value)) continue;
    for (const c of value as unknown[]) {
      if (typeof c === 'object' && c !== null && typeof (c as CorpusCase).text === 'string') {
        const k = c as CorpusCase;
        cases.set(JSON.stringify([k.text, k.urls ?? []]), k);
      }
    }
  }
}
const corpus = [...cases.values()];
const texts = corpus.map((c) => c.text);

let differences = 0;
let compared = 0;
function compare(what: string, post: RawPost): void {
  compared++;
  const ours = JSON.stringify(normalizePost(post));
  const theirs = JSON.stringify(other(post));
  if (ours === theirs) return;
  differences++;
  if (differences <= 10)
    console.log(`DIFFERENT (${what}): ${JSON.stringify(post.text.slice(0, 300))}\n  ours:   ${ours.slice(0, 400)}\n  theirs: ${theirs.slice(0, 400)}`);
}

// 1. Every corpus case, with its links.
for (const c of corpus) compare(`corpus ${c.name}`, { text: c.text, entities: { urls: c.urls ?? [] } });
const corpusCount = compared;
// 2. The pathological shapes.
for (const [name, text] of Object.entries(PATHOLOGICAL_SHAPES)) compare(`pathological ${name}`, { text });
// 3. The benchmark's posts (built as bench/mirror-normalize.ts builds them, from CORPUS).
const { CORPUS } = await import('../test/lib/mirror/corpus.ts');
const filler = CORPUS.filter((c) => c.benign && (c.urls ?? []).length === 0).map((c) => c.text);
for (let i = 0; i < 3000; i++) {
  const c = CORPUS[i % CORPUS.length] as CorpusCase;
  const parts = [c.text];
  for (let j = i; Array.from(parts.join('\n')).length < 600; j++) parts.push(filler[j % filler.length] ?? '');
  compare(`bench ${i}`, { text: Array.from(parts.join('\n')).slice(0, 600).join(''), entities: { urls: c.urls ?? [] } });
}
const benchCount = compared - corpusCount - Object.keys(PATHOLOGICAL_SHAPES).length;

// 4. Random mixes. A 32-bit xorshift (an LCG in floats repeated itself after ~10,000 draws once).
let state = Number(seedArg ?? 1) >>> 0 || 1;
const next = (): number => {
  state ^= state << 13;
  state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5;
  state >>>= 0;
  return state / 4294967296;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
const INVISIBLES = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u202e', '\u{e0041}', '\ufe0f'];
const LEET: Record<string, string> = { a: '4', e: '3', i: '1', o: '0', s: '5', t: '7', l: '1', g: '9', b: '8' };
const SEPARATORS = [' ', '\n', '. ', ', ', ' - ', '\n\n', ': ', '! ', '? ', '"', "'", '`'];

function slice(text: string): string {
  const points = Array.from(text);
  const from = Math.floor(next() * points.length);
  const length = 1 + Math.floor(next() * Math.min(160, points.length));
  return points.slice(from, from + length).join('');
}

function mutate(text: string): string {
  const r = next();
  if (r < 0.12) return text.toUpperCase();
  if (r < 0.22) return Array.from(text, (c) => (next() < 0.5 ? c.toUpperCase() : c)).join('');
  if (r < 0.32) return Array.from(text, (c) => (next() < 0.35 ? (LEET[c.toLowerCase()] ?? c) : c)).join('');
  if (r < 0.4) return Array.from(text, (c) => (next() < 0.15 ? c + pick(INVISIBLES) : c)).join('');
  if (r < 0.46) return Array.from(text).reverse().join('');
  if (r < 0.5) return text.split(' ').reverse().join(' ');
  if (r < 0.54) return text.replace(/[a-z]/gi, (c) => String.fromCharCode(((c.toLowerCase().charCodeAt(0) - 97 + 13) % 26) + 97));
  if (r < 0.58) return Array.from(text).join(' ');
  if (r < 0.61) return text.replace(/\s+/g, '');
  return text;
}

for (let m = 0; m < MIXES; m++) {
  const pieces = 1 + Math.floor(next() * 5);
  let text = '';
  for (let p = 0; p < pieces; p++) text += (p === 0 ? '' : pick(SEPARATORS)) + mutate(next() < 0.5 ? pick(texts) : slice(pick(texts)));
  if (next() < 0.3) text = mutate(text);
  const urls = next() < 0.1 ? (pick(corpus).urls ?? []) : [];
  compare(`mix ${m}`, { text, entities: { urls } });
}

console.log(
  `corpus cases ${corpusCount}, pathological ${Object.keys(PATHOLOGICAL_SHAPES).length}, benchmark posts ${benchCount}, random mixes ${MIXES}: ` +
    `${compared} compared, ${differences} different`,
);
if (differences > 0) process.exit(1);
