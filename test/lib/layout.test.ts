// The rooms' boundaries (docs/architecture.md): lib/ is called by api/, workers/ and tasks/, and never
// reaches back into them; the SMTP and IMAP adapters live in lib/mail/.
import test from 'ava';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

async function tsFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await tsFiles(path)));
    else if (entry.name.endsWith('.ts')) out.push(path);
  }
  return out;
}

test('no lib/ module imports from workers/, tasks/ or api/', async (t) => {
  const files = await tsFiles('lib');
  t.true(files.length > 50);
  const offending: string[] = [];
  for (const file of files) {
    const text = await readFile(join(root, file), 'utf8');
    for (const m of text.matchAll(/\bfrom\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const spec = m[1] ?? m[2] ?? '';
      if (/^(?:\.\.\/)+(?:workers|tasks|api)\//.test(spec)) offending.push(`${file} -> ${spec}`);
    }
  }
  t.deepEqual(offending, []);
});
