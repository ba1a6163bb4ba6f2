// The lint and format rules of biome.jsonc, checked by Biome: the tree passes `npm run lint`, and the
// configuration still bites on a small tree that breaks it (so an `includes` that no longer matches
// anything, or a rule turned off by mistake, fails here rather than passing everything).
import test from 'ava';
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'node_modules', '@biomejs', 'biome', 'bin', 'biome');
const run = promisify(execFile);

type Diagnostic = { category: string; severity: string; location: { path: string } };
type Report = { summary: { changed: number; unchanged: number; errors: number; warnings: number; infos: number }; diagnostics: Diagnostic[] };

/** The arguments of `npm run lint` after `biome`, read from package.json so the test and the script agree. */
async function lintArgs(): Promise<string[]> {
  const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = pkg.scripts['lint']!.split(/\s+/);
  return words.slice(1);
}

async function biome(cwd: string, args: string[]): Promise<Report> {
  // The json reporter is marked experimental upstream; the exact version pin in package.json holds its shape.
  // biome exits 1 when it finds something: the report is on stdout either way.
  const argv = [CLI, ...args, '--reporter=json', '--max-diagnostics=none'];
  const { stdout, stderr } = await run(process.execPath, argv, { cwd, maxBuffer: 64 * 1024 * 1024 }).catch((e: { stdout?: string; stderr?: string }) => ({
    stdout: e.stdout ?? '',
    stderr: e.stderr ?? '',
  }));
  if (!stdout.trim().startsWith('{')) throw new Error(`biome gave no report: ${stderr}`);
  return JSON.parse(stdout) as Report;
}

const listed = (report: Report) => report.diagnostics.map((d) => `${d.category} ${d.location.path}`).sort();

test('the tree passes the lint and the format (npm run lint)', async (t) => {
  const args = await lintArgs();
  t.deepEqual(args, ['check', '--error-on-warnings', '.']);
  const report = await biome(ROOT, args);
  t.true(report.summary.changed + report.summary.unchanged > 500, 'the check found the tree');
  t.deepEqual(listed(report), [], 'run `bash scripts/reformat.sh`, or `npx biome check --write .`, then fix what is left');
  t.like(report.summary, { errors: 0, warnings: 0, infos: 0 });
});

test('the configuration bites on a tree that breaks it, and lets the deliberate idioms pass', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'lint-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await copyFile(join(ROOT, 'biome.jsonc'), join(dir, 'biome.jsonc'));
  const files: Record<string, string> = {
    // The formatter: single quotes, and a call past the line width is broken up.
    'lib/quote.ts': `export const a = "x";\n`,
    'api/wide.ts': `export const wide = (f: (...xs: string[]) => string) => f('${'a'.repeat(60)}', '${'b'.repeat(60)}', '${'c'.repeat(60)}');\n`,
    // The recommended rules that stay on.
    'lib/bad.ts': `export function f(x: any): boolean {\n  debugger;\n  return x == 1;\n}\n`,
    'tasks/job.ts': `import { z } from 'zod';\nexport type Job = z.infer<typeof schema>;\ndeclare const schema: z.ZodString;\n`,
    // Idioms this codebase uses on purpose, each under a rule biome.jsonc turns off.
    'lib/idioms.ts': [
      `export const first = (xs: string[]): string => xs[0]!;`,
      `export const joined = (xs: number[]): string => {`,
      `  let out = '';`,
      `  xs.forEach((c) => (out += String(c)));`,
      `  return out;`,
      `};`,
      `export const text = 'one line, ' + 'and another';`,
      `export const record = (r: Record<string, number>): number | undefined => r['key'];`,
      `export const controls = /[\\u0000-\\u001f]/;`,
      ``,
    ].join('\n'),
    'test/any.test.ts': `export const h = (x: any) => (x, 1);\nexport const anything = /a[^]*b/;\n`,
    'api/assets/page.js': `(() => {\n  'use strict';\n  document.title = 'x';\n})();\n`,
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  // A folder biome.jsonc does not include is not checked.
  await mkdir(join(dir, 'node_modules', 'dep'), { recursive: true });
  await writeFile(join(dir, 'node_modules', 'dep', 'index.ts'), `export const b = "y"\n`);
  const report = await biome(dir, await lintArgs());
  t.deepEqual(listed(report), [
    'format api/wide.ts',
    'format lib/quote.ts',
    'lint/style/useImportType tasks/job.ts',
    'lint/suspicious/noDebugger lib/bad.ts',
    'lint/suspicious/noDoubleEquals lib/bad.ts',
    'lint/suspicious/noExplicitAny lib/bad.ts',
  ]);
});
