// Loaded by ava into every test worker (package.json `ava.nodeArguments`): when test/run.ts sets
// TEST_TIMES_FILE, each worker appends its test file and wall time there at exit, and the run
// prints the slowest files, so the quiet-machine budget (README, Tests) is watched as tests grow.
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';

const out = process.env.TEST_TIMES_FILE;
if (out) {
  const started = performance.now();
  let file: string | null = null;
  const hooks = registerHooks({
    resolve(specifier, context, next) {
      const resolved = next(specifier, context);
      if (file === null && resolved.url.startsWith('file:') && resolved.url.endsWith('.test.ts')) {
        file = relative(process.cwd(), fileURLToPath(resolved.url));
        hooks.deregister();
      }
      return resolved;
    },
  });
  process.on('exit', () => {
    // The test file's own CPU (not Postgres's or a browser's) beside its wall time: its thread's,
    // as ava runs each file in a worker thread of one process.
    const cpu = isMainThread ? process.cpuUsage() : process.threadCpuUsage();
    if (file)
      appendFileSync(out, `${JSON.stringify({ file, ms: Math.round(performance.now() - started), cpuMs: Math.round((cpu.user + cpu.system) / 1000) })}\n`);
  });
}
