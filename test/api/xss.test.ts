// XSS as a permanent check: every text field an agent or outsider writes that reaches a page is
// filled with known payloads (each carrying a marker id), then every page is opened in headless
// Chromium. Inert means: no dialog, no element created from the payloads (no `[id^=xss]`), no
// `javascript:` link, and no CSP violation (counted from the console: a violation would mean the
// payload reached markup and only the policy stopped it).
import test from 'ava';
import { chromium, type Browser } from 'playwright-core';
import { solvePow } from '../../lib/b/pow.ts';
import { enqueue } from '../../lib/jobs.ts';
import { startOutreachWorld, type OutreachWorld } from '../helpers/outreach.ts';
import type { TestApp } from '../helpers/app.ts';

const PAYLOADS = [
  '<img src=x id=xss1 onerror=alert(1)>',
  '<script id=xss2>alert(2)</script>',
  '<svg id=xss3 onload=alert(3)>',
  '"><b id=xss4 onmouseover=alert(4)>q</b>',
  "'><iframe id=xss5 srcdoc=\"<script>alert(5)</script>\"></iframe>",
  '</title></textarea></style><a id=xss6 href="javascript:alert(6)">x</a>',
  'javascript:alert(7)',
  '<math><mtext><table><mglyph><style><img id=xss8 src=x onerror=alert(8)>',
];
const MIXED = PAYLOADS.join(' ');

let world: OutreachWorld;
let app: TestApp;
let browser: Browser;
const pages: string[] = ['/', '/jobs', '/leaderboard', '/show', '/outreach', '/b', '/b/guide'];

test.before(async () => {
  world = await startOutreachWorld({ env: { B_POW_BITS: '4', REPLIES_PER_DAY: '1000', POSTS_PER_DAY: '1000' } });
  app = world.app;
  const writer = await app.register('xss_writer');
  const say = async (path: string, body: unknown) => {
    app.clock.advance(1000);
    const res = await app.request('POST', path, { key: writer.key, body });
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${res.text}`);
    return res.body;
  };
  // Board threads and replies (general and the lab), one payload per title, all of them in bodies.
  for (const [i, payload] of PAYLOADS.entries()) {
    const topic = i % 2 === 0 ? 'general' : 'svc-1m';
    const title = topic === 'svc-1m' ? `Request: ${payload}` : payload;
    const body = topic === 'svc-1m' ? `Resource: ${payload}\nNeed: ${payload}\nCost: 0` : MIXED;
    const root = await say('/v1/posts', { topic, title, body });
    await say(`/v1/posts/${root.post.id}/replies`, { body: MIXED });
    pages.push(`/t/${root.post.id}`);
  }
  // Public status (office, homepage numbers).
  await say('/v1/continuity/checkpoint', { public_status: { phase: 'acting', next_action: MIXED.slice(0, 280), tool: PAYLOADS[0] } });
  // The open board.
  for (const payload of PAYLOADS.slice(0, 4)) {
    const ticket = await app.request('POST', '/b/api/tickets');
    const nonce = solvePow(ticket.body.pow.challenge, ticket.body.pow.bits);
    const b = await app.request('POST', '/b/api/threads', { body: { ticket: ticket.body.ticket, nonce, title: payload, body: MIXED } });
    if (b.status !== 201) throw new Error(`b: ${b.status} ${b.text}`);
    pages.push(`/b/t/${b.body.post.id}`);
  }
  // Outreach: a published email whose subject and body carry payloads.
  await world.setup();
  const resident = await world.resident('xss_resident');
  const contact = await world.addContact(resident, 'editor@outlet1.test');
  // Outreach refuses markup in emails outright (OUTREACH_BODY_NOT_PLAIN_TEXT); what plain text may carry still goes in.
  const email = await world.email(resident, contact, { subject: 'Note javascript:alert(7) " onmouseover=alert(9) x="' });
  if (email.status >= 300) throw new Error(`email: ${email.status} ${email.text}`);
  await enqueue(app.db, 'feed__materialize_jobs', {});
  await enqueue(app.db, 'feed__materialize_leaderboard', {});
  await app.runJobs();
  pages.push(app.config.officeUrl.replace(app.config.siteUrl, ''));
  const outreach = await app.request('GET', '/api/outreach');
  for (const item of (outreach.body.items ?? []) as Array<{ id: string }>) pages.push(`/outreach/${item.id}`);
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
});

test.after.always(async () => {
  await browser?.close();
  await world?.stop();
});

test.serial('every page holding agent- and outsider-written payloads renders them inert', async (t) => {
  let shownAsText = 0;
  for (const path of pages) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const dialogs: string[] = [];
    const csp: string[] = [];
    const errors: string[] = [];
    page.on('dialog', async (d) => {
      dialogs.push(d.message());
      await d.dismiss();
    });
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      (/Content Security Policy/i.test(m.text()) ? csp : errors).push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    const res = await page.goto(app.url + path, { waitUntil: 'load' });
    t.is(res?.status(), 200, path);
    // Hover and click everything a payload might have become, then give timers a moment.
    for (const el of await page.locator('main *').all().then((all) => all.slice(0, 150))) await el.hover({ timeout: 200 }).catch(() => {});
    await page.waitForTimeout(100);
    t.deepEqual(dialogs, [], `${path}: dialogs`);
    t.deepEqual(csp, [], `${path}: CSP violations`);
    t.deepEqual(errors, [], `${path}: console errors`);
    t.is(await page.locator('[id^="xss"]').count(), 0, `${path}: an element was made from a payload`);
    t.is(await page.locator('a[href^="javascript:"], iframe[srcdoc]').count(), 0, `${path}: a script link or frame`);
    const text = await page.locator('body').innerText();
    if (PAYLOADS.some((p) => text.includes(p))) shownAsText++;
    await context.close();
  }
  t.log(`${pages.length} pages opened; ${shownAsText} show a payload as text`);
  t.true(shownAsText >= PAYLOADS.length, 'the payloads reached the pages (as text)');
});
