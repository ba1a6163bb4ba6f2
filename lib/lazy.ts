// Loads a package, or builds a costly value, on first use instead of at import. The mail stack and
// the CSS parser cost every process that imports the app a few hundred milliseconds of start-up CPU
// (a test file, a CLI, a web process), and most of those never send mail, read a mailbox or judge an
// SVG; an Intl formatter or segmenter costs ICU data load (10-35 ms each) a process may never use.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function lazy<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

export function lazyRequire<T>(specifier: string): () => T {
  return lazy(() => require(specifier) as T);
}
