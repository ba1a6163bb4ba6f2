// AVA's configuration for `npm test` (test/run.ts passes it with --config): package.json's "ava"
// block, plus the order files start in. The slowest files of the last run start first (a long file
// started last would run alone at the end while the other slot idles); files with no time yet keep
// AVA's name order after them. Times come from the last run on this machine (test/run.ts writes them
// under node_modules/.cache) over the snapshot committed in test/file-times.json.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const read = (path) => {
  try {
    return JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
  } catch {
    return null;
  }
};
const { ava } = read('../package.json');
const times = { ...read('./file-times.json'), ...read('../node_modules/.cache/board-test/file-times.json') };

export default ({ projectDir }) => ({
  ...ava,
  // Three files at once on two cores: many files spend most of their time waiting (on a second
  // Postgres, a worker's cron minute, a spawned CLI), and a third file uses the idle core.
  concurrency: 3,
  sortTestFiles: (a, b) => {
    const ta = times[relative(projectDir, a)] ?? 0;
    const tb = times[relative(projectDir, b)] ?? 0;
    return tb - ta || a.localeCompare(b, [], { numeric: true });
  },
});
