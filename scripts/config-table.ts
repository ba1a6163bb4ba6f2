// Rewrites README.md's configuration table from lib/config.ts (run after adding a variable).
import { readFileSync, writeFileSync } from 'node:fs';
import { withConfigTable } from '../lib/config-table.ts';

const path = new URL('../README.md', import.meta.url);
writeFileSync(path, withConfigTable(readFileSync(path, 'utf8')));
