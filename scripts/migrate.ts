// `npm run migrate`: sql/migrate.ts against DATABASE_URL (npm start migrates its embedded Postgres itself).
import { loadConfig } from '../lib/config.ts';
import { migrate } from '../sql/migrate.ts';

const config = loadConfig();
if (!config.databaseUrl) {
  console.error('DATABASE_URL is required for `npm run migrate` (npm start migrates its embedded Postgres itself).');
  process.exit(1);
}
const applied = await migrate(config.databaseUrl, (l) => console.log(l));
console.log(applied.length ? `${applied.length} migration(s) applied` : 'database is up to date');
