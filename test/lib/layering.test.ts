// The rooms of docs/architecture.md, read from the import statements: lib/ never imports api/ (a
// rule a route, a task and an MCP tool share cannot live behind HTTP), and the lean paths in front of
// Koa take their rules from lib/, never from a route module.
import test from 'ava';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(join(ROOT, dir), { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

/** Each relative import of `file`, resolved to a path from the repository root. */
async function importsOf(file: string): Promise<string[]> {
  const text = await readFile(join(ROOT, file), 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'(\.{1,2}\/[^']+)'/gm)].map((m) => relative(ROOT, resolve(ROOT, file, '..', m[1]!)));
}

test('no lib/ file imports api/', async (t) => {
  const files = await sources('lib');
  t.true(files.length > 50, 'the walk found lib/');
  const crossings: string[] = [];
  for (const file of files) for (const target of await importsOf(file)) if (target.startsWith('api/')) crossings.push(`${file} -> ${target}`);
  t.deepEqual(crossings, []);
});

test('the lean paths in front of Koa import no route module', async (t) => {
  for (const file of ['api/wait-fast-path.ts', 'api/feed-fast-path.ts']) {
    const imports = await importsOf(file);
    t.true(imports.length > 0, file);
    t.deepEqual(imports.filter((target) => target.startsWith('api/routes/')), [], file);
  }
});

test('the import reader sees a crossing when there is one', async (t) => {
  // api/app.ts mounts the routers: the reader must find those imports, or the checks above prove nothing.
  t.true((await importsOf('api/app.ts')).includes('api/routes/continuity.ts'));
});
