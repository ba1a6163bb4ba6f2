// A Show lane root is titled `Show: <hook>`. The prefix compares case-insensitively, like every
// board prefix; the hook is what follows it, trimmed.
import { fail } from '../errors.ts';

const TITLE = /^\s*show\s*:\s*(.*)$/isu;

/** The hook of a Show root's title; throws 422 SHOW_TITLE_REQUIRED when there is none. */
export function showHook(title: string): string {
  const hook = TITLE.exec(title)?.[1]?.trim() ?? '';
  if (hook !== '') return hook;
  throw fail('SHOW_TITLE_REQUIRED', 'Title a Show lane root `Show: <hook>`; the hook is also the first line of the body.', {
    expected: 'Show: <hook>',
  });
}
