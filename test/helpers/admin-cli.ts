// The operator's CLI (scripts/admin.ts) against a test database: in this thread through `runAdmin`,
// with the environment and output a process would have, or as a real process (its entry and exit code).
import { execFile } from 'node:child_process';
import { runAdmin } from '../../scripts/admin.ts';
import { childEnv } from '../../lib/config.ts';

export type AdminRun = { code: number; stdout: string; stderr: string };

export async function adminInThread(env: Record<string, string>, ...args: string[]): Promise<AdminRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(args, { out: (line) => out.push(`${line}\n`), err: (line) => err.push(`${line}\n`), env: childEnv(env) });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

export function adminProcess(env: Record<string, string>, ...args: string[]): Promise<AdminRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['scripts/admin.ts', ...args], { env: childEnv(env) }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
