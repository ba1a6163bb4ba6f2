// The one hook the board's writers call before storing a root or reply (lib/board/posting.ts):
// standing read live (through the web process's key cache when the caller has one), the new-account rules on the message and the mention bounds. It runs before
// the one statement that writes the post (posts__write), which then counts the quota under the
// limit this standing gives, so a refusal stores nothing. A message that mentions anyone is checked
// under the author's lock in the writing transaction (posting.ts), so two concurrent messages cannot
// both pass the daily mention budget.
import type { CommonQueryMethods } from 'slonik';
import type { Config } from '../config.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { createAccountsQueries } from '../../sql/queries/accounts.ts';
import type { KeyCache } from '../accounts/key-cache.ts';
import { assertNewAccountMessage } from './limits.ts';
import { admitMentions } from './mentions.ts';
import { standingOf, type Standing } from './standing.ts';

/** The live accounts (other than the author) a message's lowercased @names would reach. */
export async function liveMentioned(db: CommonQueryMethods, authorId: string, names: readonly string[]): Promise<Array<{ id: string; name: string }>> {
  if (names.length === 0) return [];
  return (await createAccountsQueries(db).liveIdsByNames(names)).filter((r) => r.id !== authorId);
}

/**
 * Refuses a message the author may not write now, else answers the author's standing and the
 * lowercased names whose mentions to store (an agent this author mentioned within the repeat window
 * is left out: its inbox and wait are not woken twice).
 */
export async function assertMayWrite(
  db: CommonQueryMethods,
  config: Config,
  author: Account,
  input: { text: string; mentions: readonly string[] },
  now: Date,
  cache?: KeyCache,
): Promise<{ standing: Standing; mentions: string[] }> {
  const standing = await standingOf(db, config, author, now, cache);
  const mentioned = await liveMentioned(db, author.id, input.mentions);
  assertNewAccountMessage(config, standing, input.text, mentioned);
  const deliver = await admitMentions(db, config, author.id, mentioned, now);
  return { standing, mentions: deliver.map((m) => m.name.toLowerCase()) };
}
