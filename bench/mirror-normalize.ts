// Mirror normalisation and flagging throughput on one core (posts per CPU-second), beside a baseline in the same run:
// the baseline is what any ingest would do at minimum (NFC, then escape & < >) over the same posts.
// With `--against <checkout>` the normalizePost of another checkout (e.g. `git archive <rev> lib test`
// unpacked with node_modules linked) runs over the same posts in alternating rounds, and the ratio
// of the two is printed: the change's cost or gain, whatever the machine's load.
// Run: npx node bench/mirror-normalize.ts [posts] [rounds] [--against <checkout>]
import { resolve } from 'node:path';
import { escapeText, normalizePost, type RawPost } from '../lib/mirror/normalize.ts';
import { CORPUS } from '../test/lib/mirror/corpus.ts';
import { PATHOLOGICAL_SHAPES, PATHOLOGICAL_SIZE } from '../test/lib/mirror/pathological.ts';

const args = process.argv.slice(2);
const againstAt = args.indexOf('--against');
const against = againstAt === -1 ? undefined : args.splice(againstAt, 2)[1];
const POSTS = Number(args[0] ?? 3000);
const ROUNDS = Number(args[1] ?? 7);
const other: ((post: RawPost) => unknown) | undefined =
  against === undefined
    ? undefined
    : ((await import(resolve(against, 'lib/mirror/normalize.ts'))) as { normalizePost: (post: RawPost) => unknown }).normalizePost;
const POST_CODE_POINTS = 600;
const TARGET_POSTS_PER_SECOND = 5000;

// 600-code-point posts built from the flagging corpus: post i carries corpus case i (hostile or
// benign, in the corpus' own proportions, about two hostile to one benign) and is filled up to
// 600 code points with benign community text, as a long post would be.
const BENIGN_FILLER = CORPUS.filter((c) => c.benign && (c.urls ?? []).length === 0).map((c) => c.text);

type BenchPost = { post: RawPost; hostile: boolean };

function buildPosts(count: number): BenchPost[] {
  const posts: BenchPost[] = [];
  for (let i = 0; i < count; i++) {
    const c = CORPUS[i % CORPUS.length];
    if (c === undefined) throw new Error('empty corpus');
    const parts = [c.text];
    for (let j = i; Array.from(parts.join('\n')).length < POST_CODE_POINTS; j++) {
      parts.push(BENIGN_FILLER[j % BENIGN_FILLER.length] ?? '');
    }
    const text = Array.from(parts.join('\n')).slice(0, POST_CODE_POINTS).join('');
    posts.push({ post: { text, entities: { urls: c.urls ?? [] } }, hostile: c.benign !== true });
  }
  return posts;
}

function baseline(post: RawPost): string {
  return `<x_post>${escapeText(post.text.normalize('NFC'))}</x_post>`;
}

// Posts per CPU-second of this process (user + system), not per wall-clock second: on a machine
// shared with other work the wall clock counts the time other processes held the core.
function postsPerSecond(posts: RawPost[], work: (post: RawPost) => unknown): number {
  let sink = 0;
  const start = process.cpuUsage();
  for (const post of posts) if (work(post) !== undefined) sink++;
  const used = process.cpuUsage(start);
  const seconds = (used.user + used.system) / 1e6;
  if (sink !== posts.length) throw new Error('work returned nothing');
  return posts.length / seconds;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const bench = buildPosts(POSTS);
const posts = bench.map((b) => b.post);
const hostile = bench.filter((b) => b.hostile).map((b) => b.post);
const benign = bench.filter((b) => !b.hostile).map((b) => b.post);
const flagged = posts.map((post) => normalizePost(post)).filter((p) => p.flags.length > 0).length;

// Warm both paths (JIT, regex compilation, fold caches) before measuring.
postsPerSecond(posts, normalizePost);
postsPerSecond(posts, baseline);
if (other !== undefined) postsPerSecond(posts, other);

const ours: number[] = [];
const base: number[] = [];
const oursHostile: number[] = [];
const oursBenign: number[] = [];
const theirs: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  // Alternate so a noisy neighbour on the machine hurts both sides alike.
  ours.push(postsPerSecond(posts, normalizePost));
  base.push(postsPerSecond(posts, baseline));
  if (other !== undefined) theirs.push(postsPerSecond(posts, other));
  oursHostile.push(postsPerSecond(hostile, normalizePost));
  oursBenign.push(postsPerSecond(benign, normalizePost));
}

const oursMedian = median(ours);
const baseMedian = median(base);
console.log(`mirror normalise+flag: ${POSTS} posts of ${POST_CODE_POINTS} code points, ${ROUNDS} rounds, one core`);
console.log(`  posts: ${hostile.length} carrying a hostile case, ${benign.length} benign; ${flagged} got at least one flag`);
console.log(`  normalizePost (all steps + 15 flags): median ${oursMedian.toFixed(0)} posts/s (best ${Math.max(...ours).toFixed(0)})`);
console.log(`    of which hostile posts only:         median ${median(oursHostile).toFixed(0)} posts/s`);
console.log(`    of which benign posts only:          median ${median(oursBenign).toFixed(0)} posts/s`);
console.log(`  baseline NFC + escape + wrap:         median ${baseMedian.toFixed(0)} posts/s (best ${Math.max(...base).toFixed(0)})`);
console.log(`  ratio normalizePost / baseline: ${(oursMedian / baseMedian).toFixed(4)}`);
if (other !== undefined) {
  console.log(`  normalizePost (${against}): median ${median(theirs).toFixed(0)} posts/s (best ${Math.max(...theirs).toFixed(0)})`);
  console.log(`  ratio this tree / ${against}: ${(oursMedian / median(theirs)).toFixed(4)}`);
}
console.log(
  `  target >= ${TARGET_POSTS_PER_SECOND} posts/s: ${oursMedian >= TARGET_POSTS_PER_SECOND ? 'met' : 'NOT met'} (${(oursMedian / TARGET_POSTS_PER_SECOND).toFixed(2)}x)`,
);

// Pathological shapes (test/lib/mirror/pathological.ts) at the network's longest post, each timed
// in CPU ms beside a benign post of the same length, median of ROUNDS: a shape whose ratio grows
// far past the others is a regex backtracking on it.
const cpuMs = (work: () => unknown): number => {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const benignLong = Array.from(BENIGN_FILLER.join('\n').repeat(Math.ceil(PATHOLOGICAL_SIZE / 1000)))
  .slice(0, PATHOLOGICAL_SIZE)
  .join('');
const benignMs = median(Array.from({ length: ROUNDS }, () => cpuMs(() => normalizePost({ text: benignLong }))));
console.log(`pathological posts of ${PATHOLOGICAL_SIZE} code points, CPU ms (median of ${ROUNDS}); benign post of the same length: ${benignMs.toFixed(1)} ms`);
for (const [name, text] of Object.entries(PATHOLOGICAL_SHAPES)) {
  const ms = median(Array.from({ length: ROUNDS }, () => cpuMs(() => normalizePost({ text }))));
  console.log(`  ${name.padEnd(26)} ${ms.toFixed(1).padStart(8)} ms   ratio to benign ${(ms / benignMs).toFixed(2)}`);
}
