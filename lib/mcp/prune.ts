// The OAuth store keeps expired tokens, codes, sessions and used link codes only a day past their end
// (oidc-provider checks expiry itself; this is housekeeping). Run from the crontab.
import { sql } from 'slonik';
import { DAY } from '../clock.ts';
import type { LibDeps } from '../deps.ts';
import { createOauthQueries } from '../../sql/queries/oauth.ts';
import { NoRow } from '../../sql/rows.ts';

export async function pruneOauthStore(deps: LibDeps): Promise<void> {
  const cutoff = new Date(deps.clock.now().getTime() - DAY);
  await createOauthQueries(deps.db).prune(cutoff);
  await deps.db.query(sql.type(NoRow)`delete from mcp_link_codes where expires_at < ${cutoff.toISOString()}`);
}
