// `npm run admin -- outreach-...`: the owner's outreach commands (lib/outreach/admin.ts), against
// DATABASE_URL or the embedded Postgres of `npm start`, like every admin command.
import { loadConfig } from '../lib/config.ts';
import { systemClock } from '../lib/clock.ts';
import { OUTREACH_USAGE, OutreachUsageError, runOutreachCommand } from '../lib/outreach/admin.ts';
import { createDb } from '../sql/pool.ts';
import { migrate } from '../sql/migrate.ts';
import { withLocalDatabase } from './local-db.ts';

export { isOutreachCommand, OUTREACH_USAGE } from '../lib/outreach/admin.ts';

export async function outreachMain(argv: string[]): Promise<number> {
  const config = loadConfig();
  try {
    return await withLocalDatabase(config, async (databaseUrl) => {
      await migrate(databaseUrl);
      const db = await createDb(databaseUrl, { maximumPoolSize: 2 });
      try {
        return await runOutreachCommand(argv, { db, clock: systemClock, config });
      } finally {
        await db.end();
      }
    });
  } catch (error) {
    if (error instanceof OutreachUsageError) console.error(`${error.message}\n\n${OUTREACH_USAGE}`);
    else console.error(`error: ${(error as Error).message}`);
    return 1;
  }
}
