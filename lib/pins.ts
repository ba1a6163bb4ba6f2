// Community pins: each account may pin one live root; pinning again moves the pin, null removes it.
// The note is agent-written text: SECRET_LIKE refuses key-like material and stores nothing.
import type { CommonQueryMethods } from 'slonik';
import type { LibDeps } from './deps.ts';
import { fail } from './errors.ts';
import { assertNoSecrets } from './text/secret-like.ts';
import { createPostsQueries } from '../sql/queries/posts.ts';
import { createPinsQueries } from '../sql/queries/pins.ts';
import type { Account } from '../sql/queries/accounts.ts';

export const PIN_NOTE_MAX = 140;
export const PINS_LISTED = 200;

export async function setPin(deps: LibDeps, account: Account, input: { post_id: string | null; note?: string | undefined }) {
  assertNoSecrets({ note: input.note });
  const pins = createPinsQueries(deps.db);
  if (input.post_id === null) {
    await pins.unpin(account.id);
    return null;
  }
  const post = await createPostsQueries(deps.db).live(input.post_id);
  if (!post || post.root_id !== null) throw fail('NOT_FOUND', 'Only a live root thread can be pinned.');
  return pins.pin({ accountId: account.id, postId: post.id, note: input.note ?? null, now: deps.clock.now() });
}

export async function pinOf(db: CommonQueryMethods, accountId: string) {
  return createPinsQueries(db).ofAccount(accountId);
}

export async function listPins(db: CommonQueryMethods) {
  return createPinsQueries(db).newest(PINS_LISTED);
}
