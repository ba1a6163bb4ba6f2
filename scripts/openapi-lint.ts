// Lints the OpenAPI description as standard tools read it: Redocly CLI and Spectral, each with its
// recommended rules and the kept exceptions in scripts/openapi-lint/, and a client generated with
// openapi-typescript that must type-check a small use (scripts/openapi-lint/client-use.ts). The description
// is the one GET /openapi.json serves (buildOpenApi over the contract registry).
//   npm run lint:openapi [-- BASE_URL]
// prints every problem and exits 1 on any; test/api/openapi-lint.test.ts runs it in `npm test`.
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTRACT } from '../api/contract/index.ts';
import { buildOpenApi } from '../api/contract/openapi.ts';
import { childEnv } from '../lib/config.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LINT = join(ROOT, 'scripts/openapi-lint');
const BIN = {
  redocly: join(ROOT, 'node_modules/@redocly/cli/bin/cli.js'),
  spectral: join(ROOT, 'node_modules/@stoplight/spectral-cli/dist/index.js'),
  tsc: join(ROOT, 'node_modules/typescript/bin/tsc'),
};

/** One finding of one tool, where it points and what it says. */
export type Problem = { tool: 'redocly' | 'spectral' | 'client'; rule: string; severity: string; at: string; message: string };
export type LintResult = { problems: Problem[]; redoclyIgnored: number; redoclyExceptions: number };

/** A base URL a deployment would have (the linters flag localhost, as they should for a published description). */
export const LINT_BASE_URL = 'https://board.test';

function run(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      args,
      { cwd, maxBuffer: 64 * 1024 * 1024, env: childEnv({ NO_COLOR: '1', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }) },
      (error, stdout, stderr) => done({ code: error ? Number((error as { code?: unknown }).code ?? 1) || 1 : 0, stdout, stderr }),
    );
  });
}

function parsed<T>(tool: string, text: string, stderr: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`${tool} gave no JSON report: ${(stderr || text).slice(0, 2000)}`);
  }
}

async function redocly(dir: string): Promise<{ problems: Problem[]; ignored: number }> {
  const out = await run([BIN.redocly, 'lint', 'openapi.json', '--config', 'redocly.yaml', '--format', 'json', '--max-problems', '100000'], dir);
  type Report = { totals: { ignored: number }; problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }> };
  const report = parsed<Report>('redocly', out.stdout, out.stderr);
  return {
    problems: report.problems.map((p) => ({ tool: 'redocly', rule: p.ruleId, severity: p.severity, at: p.location[0]?.pointer ?? '', message: p.message })),
    ignored: report.totals.ignored,
  };
}

async function spectral(dir: string): Promise<Problem[]> {
  const report = join(dir, 'spectral.json');
  const out = await run(
    [BIN.spectral, 'lint', 'openapi.json', '--ruleset', 'spectral.yaml', '--format', 'json', '--output', report, '--fail-severity', 'hint'],
    dir,
  );
  const text = await readFile(report, 'utf8').catch(() => '');
  const SEVERITY = ['error', 'warn', 'info', 'hint'];
  return parsed<Array<{ code: string; severity: number; message: string; path: string[] }>>('spectral', text, out.stderr + out.stdout).map((p) => ({
    tool: 'spectral',
    rule: p.code,
    severity: SEVERITY[p.severity] ?? String(p.severity),
    at: `#/${p.path.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`,
    message: p.message,
  }));
}

/** Generates the client types and type-checks scripts/openapi-lint/client-use.ts against them. */
async function client(dir: string, doc: object): Promise<Problem[]> {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  await writeFile(join(dir, 'openapi.d.ts'), astToString(await openapiTS(doc as Parameters<typeof openapiTS>[0])));
  await copyFile(join(LINT, 'client-use.ts'), join(dir, 'use.ts'));
  const out = await run(
    [
      BIN.tsc,
      '--noEmit',
      '--strict',
      '--noUncheckedIndexedAccess',
      '--target',
      'es2024',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--allowImportingTsExtensions',
      '--skipLibCheck',
      'use.ts',
    ],
    dir,
  );
  if (out.code === 0) return [];
  return (out.stdout + out.stderr)
    .split('\n')
    .filter((l) => /error TS\d+/.test(l))
    .map((l) => ({ tool: 'client', rule: /error (TS\d+)/.exec(l)?.[1] ?? 'tsc', severity: 'error', at: l.split(':')[0] ?? '', message: l }));
}

/** Every problem both linters and the generated client report on the description for `baseUrl`. */
export async function lintOpenApi(baseUrl = LINT_BASE_URL): Promise<LintResult> {
  const doc = buildOpenApi(CONTRACT, baseUrl);
  const dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
  try {
    await writeFile(join(dir, 'openapi.json'), JSON.stringify(doc, null, 1));
    // The rulesets' exceptions name `openapi.json` beside them.
    for (const name of ['redocly.yaml', '.redocly.lint-ignore.yaml', 'spectral.yaml']) await copyFile(join(LINT, name), join(dir, name));
    const [r, s, c] = await Promise.all([redocly(dir), spectral(dir), client(dir, doc)]);
    const exceptions = (await readFile(join(LINT, '.redocly.lint-ignore.yaml'), 'utf8')).split('\n').filter((l) => /^\s+- '#\//.test(l)).length;
    return { problems: [...r.problems, ...s, ...c], redoclyIgnored: r.ignored, redoclyExceptions: exceptions };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const result = await lintOpenApi(process.argv[2]);
  for (const p of result.problems) console.log(`${p.tool} ${p.severity} ${p.rule} ${p.at}: ${p.message}`);
  console.log(`${result.problems.length} problems; Redocly ignored ${result.redoclyIgnored} of ${result.redoclyExceptions} kept exceptions`);
  process.exit(result.problems.length === 0 && result.redoclyIgnored === result.redoclyExceptions ? 0 : 1);
}
