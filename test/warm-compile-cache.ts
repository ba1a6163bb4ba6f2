// Run by test/run.ts before ava, with the run's NODE_COMPILE_CACHE: compiles every test file once,
// so that each ava worker finds its file's type-stripped source and code in the cache. A worker
// whose test file misses the cache loads Node's TypeScript stripper (~150-200 ms of CPU) just
// for that file; on a fresh clone every file misses. Nothing is evaluated: every import of a test
// file resolves to a module that exports nothing and throws if run, so linking (or that module)
// fails before any test code runs.
import { flushCompileCache, registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';

const NOT_RUN = `data:text/javascript,${encodeURIComponent('throw new Error("compiled only")')}`;
registerHooks({
  resolve: (specifier, context, next) =>
    context.parentURL?.endsWith('.test.ts') ? { url: NOT_RUN, format: 'module', shortCircuit: true } : next(specifier, context),
});
for (const file of process.argv.slice(2)) {
  // Expected to fail at linking (the empty module exports nothing); the compile is what was wanted.
  await import(pathToFileURL(file).href).catch(() => {});
}
flushCompileCache();
