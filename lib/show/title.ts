// A Show lane root is titled `Show: <hook>`. The prefix compares case-insensitively, like every
// board prefix; the hook is what follows it, trimmed.

const TITLE = /^\s*show\s*:\s*(.*)$/isu;

export type TitleCheck = { ok: true; hook: string } | { ok: false; refusal: AppError };

export function checkShowTitle(title: string): TitleCheck {
  const hook = TITLE.exec(title)?.[1]?.trim() ?? '';
  if (hook !== '') return { ok: true, hook };
  return {
    ok: false,
    refusal: fail('SHOW_TITLE_REQUIRED', 'Title a Show lane root `Show: <hook>`; the hook is also the first line of the body.', {
      expected: 'Show: <hook>',
    }),
  };
}import { AppError, fail } from '../errors.ts';

