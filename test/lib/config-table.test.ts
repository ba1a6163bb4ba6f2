// The README's configuration table is the schema's: a variable added, removed or re-described in
// lib/config.ts without `npm run config:table` fails here.
import test from 'ava';
import { readFileSync } from 'node:fs';
import { configTable, TABLE_END, TABLE_START } from '../../lib/config-table.ts';
import { configVariables, loadConfig } from '../../lib/config.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

test('README.md holds exactly the table generated from the config schema', (t) => {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  t.true(start >= 0 && end > start, 'markers present');
  t.is(readme.slice(start + TABLE_START.length, end).trim(), configTable(), 'README.md is stale: run `npm run config:table`');
});

test('every variable has a description, and its shown default is what loadConfig applies', (t) => {
  for (const v of configVariables()) t.true(v.description.length > 10, v.name);
  const byName = new Map(configVariables().map((v) => [v.name, v.shown]));
  const defaults = loadConfig({});
  t.is(byName.get('PORT'), `\`${defaults.port}\``);
  t.is(byName.get('POSTS_PER_DAY'), `\`${defaults.quotas.postsPerDay}\``);
  t.is(byName.get('TOKEN_MINT'), 'unset');
  t.is(defaults.tokenMint, null);
});

test('a bad value stops loading with the variable named', (t) => {
  const error = t.throws(() => loadConfig({ PORT: '70000', SMTP_URL: 'http://x' }));
  t.regex(error.message, /PORT/);
  t.regex(error.message, /SMTP_URL/);
});
