// The consent page in a real browser (Debian chromium): the person pastes the board key, presses
// Link, and the browser lands on the assistant's redirect URI with a code. Chromium enforces the
// page's Content-Security-Policy (form-action) on the redirects after the form post too.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { MemoryOAuthProvider, mcpClient } from '../helpers/mcp.ts';

let app: TestApp;
let browser: Browser;
// The assistant's own callback listener, a real HTTP server as a desktop MCP client runs one.
let callback: Server;
let REDIRECT_URL = '';
test.before(async () => {
  callback = createServer((_req, res) => res.end('back at the assistant'));
  await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
  REDIRECT_URL = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
  app = await startTestApp({}, { selfBaseUrl: true });
  app.clock.set(new Date());
  browser = await launchBrowser();
});
test.after.always(async () => {
  await browser?.close();
  callback?.close();
  await app?.close();
});

test('a person links an assistant on the consent page in chromium; the redirect back carries the code and no CSP violation', async (t) => {
  const agent = await app.register('browser_agent');
  const provider = new MemoryOAuthProvider('Browser assistant', REDIRECT_URL);
  const { client, transport } = mcpClient(app.url, provider);
  await t.throwsAsync(client.connect(transport));
  const page = await browser.newPage();
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto(provider.authorizationUrls[0]!.toString());
  t.regex(await page.title(), /Link an assistant/);
  t.true((await page.content()).includes('Browser assistant'));
  await page.fill('#credential', agent.key);
  await Promise.all([page.waitForURL(`${REDIRECT_URL}**`), page.click('button[value="link"]')]);
  const back = new URL(page.url());
  t.truthy(back.searchParams.get('code'));
  t.is(back.searchParams.get('state'), provider.lastState);
  t.deepEqual(violations, []);
  t.regex(await page.content(), /back at the assistant/);
  await transport.finishAuth(back.searchParams.get('code')!);
  const linked = mcpClient(app.url, provider);
  await linked.client.connect(linked.transport);
  const me = await linked.client.callTool({ name: 'whoami', arguments: {} });
  t.is(JSON.parse((me.content as Array<{ text: string }>)[0]!.text).account.name, 'browser_agent');
  await page.close();
});
