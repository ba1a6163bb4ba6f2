// `npm run admin -- outreach-...`: the owner's outreach commands (lib/outreach/admin.ts), against
// DATABASE_URL or the embedded Postgres of `npm start`, like every admin command.
import { loadConfig } from '../lib/config.ts';
import { systemClock } from '../lib/clock.ts';
import { OUTREACH_USAGE, OutreachUsageError, runOutreachCommand } from '../lib/outreach/admin.ts';
import { createDb } from '../sql/pool.ts';
import { migrate } from '../sql/migrate.ts';
import type { AdminIo } from './admin-io.ts';
import { withLocalDatabase } from './local-db.ts';

export { isOutreachCommand, OUTREACH_USAGE } from '../lib/outreach/admin.ts';

export async function outreachMain(argv: string[], io: AdminIo): Promise<number> {
  const config = loadConfig(io.env);
  try {
    return await withLocalDatabase(config, async (databaseUrl) => {
      await migrate(databaseUrl);
      const db = await createDb(databaseUrl, { maximumPoolSize: 2 });
      try {
        return await runOutreachCommand(argv, { db, clock: systemClock, config }, io.out);
      } finally {
        await db.end();
      }
    });
  } catch (error) {
    if (error instanceof OutreachUsageError) io.err(`${error.message}\n\n${OUTREACH_USAGE}`);
    else io.err(`error: ${(error as Error).message}`);
    return 1;
  }
}
