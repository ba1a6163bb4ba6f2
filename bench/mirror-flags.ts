// Mirror flagging throughput on a realistic post mix, one core, posts per CPU-second, beside baselines
// in the same run (issue 25 item 9). mirror-normalize.ts measures the worst case (every post padded to
// 600 code points of dangerous-looking text, two in three hostile); this one feeds posts as people
// write them: every corpus text at its own length, nine benign posts to one hostile.
// Baselines, alternating round by round with the flagger so a noisy neighbour hurts all alike:
// NFC + escape + wrap (what any ingest does at least) and, with `--against <checkout>`, the
// normalizePost of another checkout (e.g. a `git worktree` of the commit before a change) over the
// same posts, which gives the change's cost as a ratio. Profile with
//   node --cpu-prof bench/mirror-flags.ts
// Run: node bench/mirror-flags.ts [posts] [rounds] [--against <checkout>]   (npm run bench -- mirror-flags)
import { resolve } from 'node:path';
import { escapeText, normalizePost, type RawPost } from '../lib/mirror/normalize.ts';
import { CORPUS, type CorpusCase } from '../test/lib/mirror/corpus.ts';
import { HELDOUT } from '../test/lib/mirror/corpus-heldout.ts';
import { WAVE_SIX_DEV } from '../test/lib/mirror/corpus-wave6.ts';

const args = process.argv.slice(2);
const againstAt = args.indexOf('--against');
const against = againstAt === -1 ? undefined : args.splice(againstAt, 2)[1];
const POSTS = Number(args[0] ?? 20000);
const ROUNDS = Number(args[1] ?? 7);
const BENIGN_PER_HOSTILE = 9;
const TARGET_POSTS_PER_SECOND = 5000;

type Normalize = (post: RawPost) => unknown;

function buildPosts(count: number): RawPost[] {
  const all: CorpusCase[] = [...CORPUS, ...HELDOUT, ...WAVE_SIX_DEV];
  const benign = all.filter((c) => c.benign === true);
  const hostile = all.filter((c) => c.benign !== true);
  const posts: RawPost[] = [];
  for (let i = 0; i < count; i++) {
    const pool = i % (BENIGN_PER_HOSTILE + 1) === BENIGN_PER_HOSTILE ? hostile : benign;
    const c = pool[Math.floor(i / (BENIGN_PER_HOSTILE + 1)) % pool.length] as CorpusCase;
    posts.push({ text: c.text, entities: { urls: c.urls ?? [] } });
  }
  return posts;
}

const baseline = (post: RawPost): string => `<x_post>${escapeText(post.text.normalize('NFC'))}</x_post>`;

// Posts per CPU-second of this process (user + system): the wall clock counts other processes' time.
function postsPerSecond(posts: readonly RawPost[], work: Normalize): number {
  let sink = 0;
  const start = process.cpuUsage();
  for (const post of posts) if (work(post) !== undefined) sink++;
  const used = process.cpuUsage(start);
  if (sink !== posts.length) throw new Error('work returned nothing');
  return posts.length / ((used.user + used.system) / 1e6);
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const other: Normalize | undefined =
  against === undefined ? undefined : ((await import(resolve(against, 'lib/mirror/normalize.ts'))) as { normalizePost: Normalize }).normalizePost;

const posts = buildPosts(POSTS);
const codePoints = posts.reduce((n, p) => n + Array.from(p.text).length, 0) / posts.length;
const sides: [string, Normalize][] = [
  ['normalizePost (this tree)', normalizePost],
  ['baseline NFC + escape + wrap', baseline],
  ...(other === undefined ? [] : [[`normalizePost (${against})`, other] as [string, Normalize]]),
];
for (const [, work] of sides) postsPerSecond(posts, work); // warm: JIT, regex compilation, caches
const rates = sides.map(() => [] as number[]);
for (let round = 0; round < ROUNDS; round++) sides.forEach(([, work], i) => rates[i]?.push(postsPerSecond(posts, work)));

console.log(
  `mirror flags, realistic mix: ${POSTS} posts (${BENIGN_PER_HOSTILE} benign to 1 hostile, mean ${codePoints.toFixed(0)} code points), ${ROUNDS} rounds, one core`,
);
sides.forEach(([name], i) => {
  const r = rates[i] ?? [];
  console.log(`  ${name.padEnd(40)} median ${median(r).toFixed(0).padStart(9)} posts per CPU-second (best ${Math.max(...r).toFixed(0)})`);
});
const ours = median(rates[0] ?? []);
sides.slice(1).forEach(([name], i) => console.log(`  ratio this tree / ${name}: ${(ours / median(rates[i + 1] ?? [])).toFixed(4)}`));
console.log(
  `  target >= ${TARGET_POSTS_PER_SECOND} posts per CPU-second: ${ours >= TARGET_POSTS_PER_SECOND ? 'met' : 'NOT met'} (${(ours / TARGET_POSTS_PER_SECOND).toFixed(2)}x)`,
);
