// `npm run bench`: every benchmark, one after another (each prints its own baseline and ratio).
// `npm run bench -- board` runs one of them.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ALL = [
  'board',
  'board-live',
  'board-post-cost',
  'auth-read',
  'refusals',
  'scale-out',
  'pub',
  'svg-render',
  'lab-feeds',
  'continuity-wait',
  'show-novelty',
  'mirror-normalize',
  'mirror-flags',
  'mirror-ingest',
  'imap-classify',
  'soak',
  'mcp',
  'faults',
  'worker-crash',
];
const wanted = process.argv.slice(2);
for (const name of wanted.length ? wanted : ALL) {
  const file = fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
  if (!existsSync(file)) continue;
  console.log(`\n=== bench/${name}.ts ===`);
  const result = spawnSync(process.execPath, [file], { stdio: 'inherit' });
  if (result.status !== 0) process.exitCode = 1;
}
