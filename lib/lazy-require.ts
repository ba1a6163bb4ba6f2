// Loads a package on first use instead of at import. The mail stack and the CSS parser cost every
// process that imports the app a few hundred milliseconds of start-up CPU (a test file, a CLI, a web
// process), and most of those never send mail, read a mailbox or judge an SVG.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function lazyRequire<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(specifier) as T);
}
