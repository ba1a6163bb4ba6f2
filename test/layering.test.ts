// The layering of docs/architecture.md, checked by dependency-cruiser with .dependency-cruiser.cjs:
// the tree passes `npm run layering`, and each rule fires on a small tree that breaks it (so a rule
// whose pattern no longer matches anything fails here rather than passing everything).
import test from 'ava';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');

type Violation = { from: string; to: string; rule: { name: string; severity: string } };

/** The folders `npm run layering` cruises, read from package.json so the test and the script agree. */
async function cruisedFolders(): Promise<string[]> {
  const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = pkg.scripts['layering']!.split(/\s+/);
  return words.slice(1, words.indexOf('--config'));
}

async function cruise(cwd: string, folders: string[]): Promise<{ modules: number; violations: Violation[] }> {
  const child = spawn(process.execPath, [CLI, ...folders, '--config', CONFIG, '--output-type', 'json'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  await new Promise((done) => child.on('close', done));
  if (!out.trim().startsWith('{')) throw new Error(`dependency-cruiser gave no report: ${err}`);
  const result = JSON.parse(out) as { modules: unknown[]; summary: { violations: Violation[] } };
  return { modules: result.modules.length, violations: result.summary.violations };
}

test('the tree keeps the layering (npm run layering)', async (t) => {
  const folders = await cruisedFolders();
  t.deepEqual(folders, ['api', 'lib', 'sql', 'tasks', 'workers', 'scripts']);
  const { modules, violations } = await cruise(ROOT, folders);
  t.true(modules > 300, 'the cruise found the tree');
  t.deepEqual(
    violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`),
    [],
  );
});

test('each rule fires on a tree that breaks it', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'layering-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const files: Record<string, string> = {
    'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', allowImportingTsExtensions: true, noEmit: true } }),
    'sql/queries/posts.ts': `import { rule } from '../../lib/rule.ts';\nexport type PostRow = { id: string };\nexport const posts = () => rule;\n`,
    'sql/queries/accounts.ts': `export type Account = { id: string };\nexport const accounts = 1;\n`,
    'lib/rule.ts': `import { route } from '../api/route.ts';\nexport const rule = route;\n`,
    'lib/cycle-a.ts': `import { b } from './cycle-b.ts';\nexport const a = b;\nexport type A = number;\n`,
    'lib/cycle-b.ts': `import type { A } from './cycle-a.ts';\nexport const b: A = 1;\n`,
    'lib/helper-user.ts': `import { helper } from '../test/helpers/app.ts';\nexport const h = helper;\n`,
    // A type-only import of a query module's row is allowed in api/; calling the module is not.
    'api/route.ts': `import type { Account } from '../sql/queries/accounts.ts';\nimport { posts } from '../sql/queries/posts.ts';\nimport { tool } from '../scripts/tool.ts';\nexport const route = [posts, tool] as unknown as Account;\n`,
    'api/feed-fast-path.ts': `import { route } from './routes/board.ts';\nexport const fast = route;\n`,
    'api/routes/board.ts': `export const route = 1;\n`,
    'tasks/job.ts': `import { route } from '../api/route.ts';\nimport { runner } from '../workers/main.ts';\nexport default [route, runner];\n`,
    'workers/main.ts': `export const runner = 1;\n`,
    'scripts/tool.ts': `export const tool = 1;\n`,
    'test/helpers/app.ts': `export const helper = 1;\n`,
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  const { violations } = await cruise(dir, await cruisedFolders());
  // A cycle is reported once, at its first module (the type-only step of lib/cycle-b.ts counts).
  const found = violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
  t.deepEqual(found, [
    'api-calls-no-query-module: api/route.ts -> sql/queries/posts.ts',
    'api-never-imports-tasks-workers-scripts: api/route.ts -> scripts/tool.ts',
    'lean-paths-import-no-route: api/feed-fast-path.ts -> api/routes/board.ts',
    'lib-never-imports-callers: lib/rule.ts -> api/route.ts',
    'no-cycles: api/route.ts -> sql/queries/posts.ts',
    'no-cycles: lib/cycle-a.ts -> lib/cycle-b.ts',
    'no-production-import-of-tests: lib/helper-user.ts -> test/helpers/app.ts',
    'sql-imports-nothing-above: sql/queries/posts.ts -> lib/rule.ts',
    'tasks-and-workers-never-import-api: tasks/job.ts -> api/route.ts',
    'tasks-never-import-workers: tasks/job.ts -> workers/main.ts',
  ]);
  for (const v of violations) t.is(v.rule.severity, 'error', v.rule.name);
});
