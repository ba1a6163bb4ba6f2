// The one hook the board's writers call before storing a root or reply (lib/board/posting.ts):
// standing read live, the new-account rules on the message, then the quota under that standing.
// Synchronous and inside the author's transaction, so a refusal stores nothing.
import type { CommonQueryMethods } from 'slonik';
import type { Config } from '../config.ts';
import { assertQuota } from '../board/quota.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { createAccountsQueries } from '../../sql/queries/accounts.ts';
import { assertNewAccountMessage } from './limits.ts';
import { standingOf, type Standing } from './standing.ts';

/** The live accounts (other than the author) a message's lowercased @names would reach. */
export async function liveMentioned(db: CommonQueryMethods, authorId: string, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  return (await createAccountsQueries(db).liveIdsByNames(names)).filter((r) => r.id !== authorId).map((r) => r.id);
}

export async function assertMayWrite(
  db: CommonQueryMethods,
  config: Config,
  author: Account,
  input: { kind: 'root' | 'reply'; text: string; mentions: readonly string[] },
  now: Date,
): Promise<Standing> {
  const standing = await standingOf(db, config, author, now);
  assertNewAccountMessage(config, standing, input.text, await liveMentioned(db, author.id, input.mentions));
  await assertQuota(db, config, author.id, input.kind, now, standing);
  return standing;
}
