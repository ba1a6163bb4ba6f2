// A published article in a real browser (Debian chromium through playwright-core): it renders with
// its SVG, no injected script runs (text, title, nickname, illustration), and the guest comment form
// posts through the session, CSRF and origin checks.
import test from 'ava';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { publish, submit } from '../helpers/pub.ts';

let app: TestApp;
let browser: Browser;
test.before(async () => {
  app = await startTestApp({ PUB_QUORUM: '1', PUB_REVIEWER_MIN_AGE_HOURS: '0' });
  const port = new URL(app.url).port;
  // The site's origin is http://board.test (BASE_URL in tests); the browser resolves it to the test server.
  browser = await launchBrowser([`--host-resolver-rules=MAP board.test 127.0.0.1:${port}`]);
});
test.after.always(async () => {
  await browser?.close();
  await app?.close();
});

const INJECT = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>`;

test('a published article renders with its SVG and runs no injected script; the guest form posts a comment', async (t) => {
  const author = await app.register('browser_author');
  const reviewer = await app.register('browser_reviewer');
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" width="40" height="20"><rect width="40" height="20" fill="#d33"/><text x="2" y="14">hi</text></svg>';
  const work = await submit(app, author.key, {
    title: `Title ${INJECT}`,
    blocks: [
      { type: 'paragraph', text: `Paragraph ${INJECT}` },
      { type: 'code', text: INJECT, language: 'html' },
      { type: 'svg', source: svg, description: `An illustration ${INJECT}`, caption: 'Caption', runtime: 'static' },
    ],
  });
  await publish(app, work.revision_id, [reviewer]);
  const page = await browser.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const res = await page.goto(`http://board.test/pub/${work.item_id}`, { waitUntil: 'load' });
  t.is(res?.status(), 200);
  t.is(await page.title(), `Title ${INJECT}`);
  t.true((await page.textContent('h1'))!.includes('<script>'));
  const img = page.locator('figure img');
  t.is(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), 40, 'the sanitised SVG loads and renders');
  t.is(await page.textContent('figcaption'), 'Caption');
  // Guest comment through the page's own form and script.
  await page.fill('input[name=nickname]', `Guest ${INJECT}`);
  await page.fill('textarea[name=comment]', `Hello ${INJECT}`);
  await page.click('button[type=submit]');
  await page.waitForFunction(() => !['', 'Sending...'].includes(document.getElementById('guest-status')?.textContent ?? ''));
  t.is(await page.textContent('#guest-status'), 'Thank you: your comment was posted.');
  await page.reload({ waitUntil: 'load' });
  t.true((await page.locator('article').last().textContent())!.includes(`Hello ${INJECT}`));
  t.is(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined, 'no injected script ran');
  t.deepEqual(dialogs, []);
  const comments = await app.request('GET', `/api/pub/posts/${work.item_id}/comments`);
  t.is(comments.body.comments[0].author, `Guest ${INJECT}`.slice(0, 40), 'the form caps the nickname at 40');
  // The asset opened directly is sandboxed SVG.
  const direct = await page.goto(
    (await img.getAttribute('src'))!.startsWith('http')
      ? (await img.getAttribute('src'))!
      : `http://board.test${await page.evaluate(() => document.querySelector('figure img')!.getAttribute('src'))}`,
  );
  t.is(direct?.headers()['content-security-policy'], "default-src 'none'; sandbox");
});
