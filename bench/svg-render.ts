// SVG render cost (issue 24.3): every generated hostile SVG (test/lib/pub/svg-hostile.ts) goes
// through the admission; each ACCEPTED one is drawn in Debian chromium at 1024 x 1024 and timed, with
// a trivial SVG (the baseline) drawn between families in the same run. Prints, per family, the
// accepted count, the slowest draw and how many went over the fixed budget; then the same for a sample
// of the REFUSED ones (each cut at REFUSED_CAP_MS), to show what the bounds keep out.
//
// A draw is timed inside the page: the image is decoded first, then `drawImage` onto a canvas plus
// `getImageData` forces the rasterisation; the best of ROUNDS draws counts (the machine is shared, so
// the minimum is the figure least disturbed by other load). `npm run bench -- svg-render`.
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { sanitizeSvg } from '../lib/pub/svg.ts';
import { hostileSvgs, type HostileSvg } from '../test/lib/pub/svg-hostile.ts';

const BUDGET_MS = Number(process.env.SVG_BUDGET_MS ?? 2000);
const ROUNDS = Number(process.env.SVG_ROUNDS ?? 3);
const REFUSED_CAP_MS = Number(process.env.SVG_REFUSED_CAP_MS ?? 10_000);
const SIZE = 1024;
const BASELINE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="#c33"/></svg>';

const cases = hostileSvgs().map((c) => ({ ...c, accepted: sanitizeSvg(c.svg).ok }));
const bodies: string[] = [BASELINE, ...cases.map((c) => c.svg)];

const server = createServer((req, res) => {
  if (req.url === '/') {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><canvas id="c" width="${SIZE}" height="${SIZE}"></canvas>`);
    return;
  }
  const body = bodies[Number(new URL(req.url ?? '/', 'http://x').pathname.slice(1))];
  if (body === undefined) return void res.writeHead(404).end();
  // The headers the asset route sends.
  res.writeHead(200, {
    'content-type': 'image/svg+xml',
    'content-security-policy': "default-src 'none'; sandbox",
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  });
  res.end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });

async function freshPage(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${origin}/`);
  return page;
}
let page = await freshPage();

/** Milliseconds to rasterise body `index` once (a fresh Image each time, so nothing is cached), or null past `capMs`. */
async function draw(index: number, capMs: number): Promise<number | null> {
  const run = page.evaluate(
    async ({ src, size }) => {
      const img = new Image(size, size);
      img.src = `${src}?${Math.random()}`;
      await img.decode();
      const ctx = (document.getElementById('c') as HTMLCanvasElement).getContext('2d', { willReadFrequently: true })!;
      ctx.clearRect(0, 0, size, size);
      const t0 = performance.now();
      ctx.drawImage(img, 0, 0, size, size);
      ctx.getImageData(0, 0, 1, 1);
      return performance.now() - t0;
    },
    { src: `${origin}/${index}`, size: SIZE },
  );
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), capMs)));
  const ms = await Promise.race([run, cap]).catch((error: Error) => {
    console.error(`draw ${index}: ${error.message.split('\n')[0]}`);
    return null;
  });
  clearTimeout(timer);
  if (ms === null) {
    // The renderer is still busy with it: throw the page away.
    await page.close({ runBeforeUnload: false }).catch(() => {});
    page = await freshPage();
  }
  return ms;
}

async function best(index: number, capMs: number): Promise<number | null> {
  let min: number | null = null;
  for (let i = 0; i < ROUNDS; i++) {
    const ms = await draw(index, capMs);
    if (ms === null) return null;
    min = min === null ? ms : Math.min(min, ms);
  }
  return min;
}

const baselines: number[] = [];
const fmt = (ms: number | null) => (ms === null ? `>${REFUSED_CAP_MS}` : ms.toFixed(1));
type Row = { family: string; n: number; worst: number | null; worstName: string; over: number; overNames: string[] };

async function measure(selected: Array<HostileSvg & { accepted: boolean }>, capMs: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const family of new Set(selected.map((c) => c.family))) {
    baselines.push((await best(0, capMs))!);
    const row: Row = { family, n: 0, worst: 0, worstName: '', over: 0, overNames: [] };
    for (const c of selected.filter((x) => x.family === family)) {
      const ms = await best(cases.indexOf(c) + 1, capMs);
      row.n++;
      if (ms === null || ms > BUDGET_MS) {
        row.over++;
        row.overNames.push(`${c.name} (${fmt(ms)} ms)`);
      }
      if (row.worst !== null && (ms === null || ms > row.worst)) {
        row.worst = ms;
        row.worstName = c.name;
      }
    }
    rows.push(row);
  }
  return rows;
}

function print(title: string, rows: Row[]) {
  console.log(`\n${title}`);
  console.log('| family | drawn | slowest (ms) | slowest case | over budget |');
  console.log('|---|---:|---:|---|---:|');
  for (const r of rows) console.log(`| ${r.family} | ${r.n} | ${fmt(r.worst)} | ${r.worstName} | ${r.over} |`);
  const n = rows.reduce((s, r) => s + r.n, 0);
  const over = rows.reduce((s, r) => s + r.over, 0);
  console.log(`| **all** | ${n} | | | **${over}** |`);
  const names = rows.flatMap((r) => r.overNames);
  if (names.length > 0) console.log(`over budget: ${names.join('; ')}`);
}

console.log(
  `svg-render: ${cases.length} hostile SVGs, ${cases.filter((c) => c.accepted).length} accepted by the admission; drawn at ${SIZE} x ${SIZE}, best of ${ROUNDS}; budget ${BUDGET_MS} ms; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const mismatched = cases.filter((c) => c.accepted !== (c.expect === 'ok'));
if (mismatched.length > 0) console.log(`admission verdicts differing from the fixture: ${mismatched.map((c) => c.name).join('; ')}`);
const accepted = await measure(
  cases.filter((c) => c.accepted),
  BUDGET_MS * 20,
);
print('Accepted SVGs (what the service stores and serves):', accepted);
// A sample of the refused ones: the first refused case of each family that has one, and the largest.
const refusedSample = [...new Set(cases.filter((c) => !c.accepted).map((c) => c.family))].flatMap((family) => {
  const refused = cases.filter((c) => !c.accepted && c.family === family);
  return [...new Set([refused[0]!, refused.at(-1)!])];
});
const refused = process.env.SVG_SKIP_REFUSED ? [] : await measure(refusedSample, REFUSED_CAP_MS);
if (refused.length > 0) print(`Refused SVGs (a sample, for contrast; cut at ${REFUSED_CAP_MS} ms):`, refused);
baselines.sort((a, b) => a - b);
console.log(
  `\nbaseline (a trivial SVG, ${baselines.length} draws between families): median ${baselines[Math.floor(baselines.length / 2)]!.toFixed(1)} ms, max ${baselines.at(-1)!.toFixed(1)} ms`,
);
const acceptedOver = accepted.reduce((s, r) => s + r.over, 0);
console.log(
  `accepted over the ${BUDGET_MS} ms budget: ${acceptedOver}; load average now ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
await browser.close();
server.close();
