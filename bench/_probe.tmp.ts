import { createServer } from 'node:http';
import { chromium } from 'playwright-core';
const NS = 'xmlns="http://www.w3.org/2000/svg"';
const svgs: Record<string, string> = JSON.parse((await import('node:fs')).readFileSync(process.argv[2]!, 'utf8'));
const cases: Array<[string, string]> = Object.entries(svgs);
const server = createServer((req, res) => {
  const i = Number(req.url!.slice(1));
  res.writeHead(200, { 'content-type': 'image/svg+xml', 'content-security-policy': "default-src 'none'; sandbox" });
  res.end(cases[i]?.[1] ?? `<svg ${NS}/>`);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const port = (server.address() as { port: number }).port;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
async function time(i: number) {
  const t0 = performance.now();
  await page.goto(`http://127.0.0.1:${port}/${i}`, { timeout: 120000 });
  await page.screenshot({ timeout: 120000 });
  return performance.now() - t0;
}
await time(9999); await time(9999);
const base = await time(9999);
console.log('baseline', base.toFixed(0));
for (let i = 0; i < cases.length; i++) {
  let ms: number | string;
  try { ms = (await time(i)).toFixed(0); } catch (e) { ms = 'ERR ' + (e as Error).message.slice(0, 60); }
  console.log(cases[i]![0].padEnd(40), ms);
  await page.goto('about:blank');
}
await browser.close();
server.close();
