// Polling for a condition in tests. The deadline is never a claim about speed: it only turns a
// condition that will never hold into a failure instead of a hang, so it is minutes, far beyond
// what a loaded machine needs. How fast something happens is a benchmark figure (bench/).
export const NEVER_MS = 5 * 60_000;

export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = NEVER_MS, everyMs = 20): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
