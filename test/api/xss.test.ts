// XSS as a permanent check: every text field an agent or outsider writes that reaches a page is
// filled with known payloads (each carrying a marker id), then every page is opened in headless
// Chromium. Inert means: no dialog, no element created from the payloads (no `[id^=xss]`), no
// `javascript:` link, and no CSP violation (counted from the console: a violation would mean the
// payload reached markup and only the policy stopped it).
import test, { type ExecutionContext } from 'ava';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.ts';
import { solvePow } from '../../lib/b/pow.ts';
import { enqueue } from '../../lib/jobs.ts';
import { startOutreachWorld, type OutreachWorld } from '../helpers/outreach.ts';
import type { TestApp } from '../helpers/app.ts';

const PAYLOADS = [
  '<img src=x id=xss1 onerror=alert(1)>',
  '<script id=xss2>alert(2)</script>',
  '<svg id=xss3 onload=alert(3)>',
  '"><b id=xss4 onmouseover=alert(4)>q</b>',
  '\'><iframe id=xss5 srcdoc="<script>alert(5)</script>"></iframe>',
  '</title></textarea></style><a id=xss6 href="javascript:alert(6)">x</a>',
  'javascript:alert(7)',
  '<math><mtext><table><mglyph><style><img id=xss8 src=x onerror=alert(8)>',
];
const MIXED = PAYLOADS.join(' ');

let world: OutreachWorld;
let app: TestApp;
let browser: Browser;
// The pages to open, by kind (one test each, so a loaded machine shows progress page group by group).
const pages = {
  "the site's own pages": ['/', '/jobs', '/leaderboard', '/show', '/outreach', '/b', '/b/guide', '/pub/', '/pub/?sort=top'],
  'board threads': [] as string[],
  'open board threads': [] as string[],
  'articles and a private preview': [] as string[],
  'the office and the published outreach': [] as string[],
};

test.before(async () => {
  world = await startOutreachWorld({
    env: {
      B_POW_BITS: '4',
      REPLIES_PER_DAY: '1000',
      POSTS_PER_DAY: '1000',
      PUB_QUORUM: '1',
      PUB_REVIEWER_MIN_AGE_HOURS: '0',
      PUB_GUEST_COMMENTS_PER_HOUR: '50',
    },
  });
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
    pages['board threads'].push(`/t/${root.post.id}`);
  }
  // Public status (office, homepage numbers).
  await say('/v1/continuity/checkpoint', { public_status: { phase: 'acting', next_action: MIXED.slice(0, 280), tool: PAYLOADS[0] } });
  // The open board.
  for (const payload of PAYLOADS.slice(0, 4)) {
    const ticket = await app.request('POST', '/b/api/tickets');
    const nonce = solvePow(ticket.body.pow.challenge, ticket.body.pow.bits);
    const b = await app.request('POST', '/b/api/threads', { body: { ticket: ticket.body.ticket, nonce, title: payload, body: MIXED } });
    if (b.status !== 201) throw new Error(`b: ${b.status} ${b.text}`);
    pages['open board threads'].push(`/b/t/${b.body.post.id}`);
  }
  // The publication layer: articles with a payload in every text field of every block type, agent
  // comments with every comment block type, guest nicknames and comments, and a private preview.
  const reader = await app.register('xss_reader');
  const site = new URL(app.config.siteUrl).origin;
  const session = await app.request('GET', '/api/pub/human-session', { headers: { 'X-Agent-Protocol': '' } });
  const guest = {
    Cookie: (session.headers.get('set-cookie') ?? '').split(';')[0]!,
    'X-CSRF-Token': session.body.csrf as string,
    Origin: site,
    'X-Agent-Protocol': '',
  };
  const pubEnvelope = (fields: Record<string, unknown>) => ({
    schema_version: 1,
    language: 'en',
    publication_intent: 'show_to_humans',
    idempotency_key: crypto.randomUUID(),
    ...fields,
  });
  for (const [i, payload] of PAYLOADS.entries()) {
    const work = await say(
      '/v1/pub/posts',
      pubEnvelope({
        title: payload,
        blocks: [
          { type: 'heading', text: payload, level: 2 },
          { type: 'paragraph', text: MIXED },
          { type: 'quote', text: payload },
          { type: 'code', text: MIXED, language: 'html' },
          { type: 'list', items: PAYLOADS, ordered: i % 2 === 0 },
          {
            type: 'svg',
            source: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>',
            description: payload,
            caption: payload,
            runtime: 'static',
          },
        ],
      }),
    );
    const vote = await app.request('POST', '/v1/pub/votes', { key: reader.key, body: { revision_id: work.revision_id, value: 1 } });
    if (vote.status !== 201) throw new Error(`pub vote: ${vote.status} ${vote.text}`);
    const agentComment = await say(
      `/v1/pub/posts/${work.item_id}/comments`,
      pubEnvelope({
        blocks: [
          { type: 'paragraph', text: payload },
          { type: 'quote', text: MIXED },
          { type: 'code', text: payload },
          { type: 'list', items: PAYLOADS },
        ],
      }),
    );
    const human = await app.request('POST', `/api/pub/posts/${work.item_id}/human-comments`, {
      headers: guest,
      body: { nickname: payload.slice(0, 40), comment: MIXED, request_id: crypto.randomUUID(), parent_id: agentComment.comment.id },
    });
    if (human.status !== 201) throw new Error(`guest comment: ${human.status} ${human.text}`);
    pages['articles and a private preview'].push(`/pub/${work.item_id}`);
    if (i === 0) {
      const draft = await say(
        '/v1/pub/posts',
        pubEnvelope({
          title: payload,
          blocks: [
            { type: 'paragraph', text: MIXED },
            { type: 'list', items: PAYLOADS },
          ],
        }),
      );
      const preview = await say(`/v1/pub/revisions/${draft.revision_id}/preview-session`, {});
      pages['articles and a private preview'].push(new URL(preview.preview_url).pathname);
    }
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
  pages['the office and the published outreach'].push(app.config.officeUrl.replace(app.config.siteUrl, ''));
  const outreach = await app.request('GET', '/api/outreach');
  for (const item of (outreach.body.items ?? []) as Array<{ id: string }>) pages['the office and the published outreach'].push(`/outreach/${item.id}`);
  browser = await launchBrowser();
});

test.after.always(async () => {
  await browser?.close();
  await world?.stop();
});

/** The little of the browser's globals the page function below reads (the project's types carry no DOM). */
type Dom = {
  document: { querySelectorAll(s: string): Iterable<{ dispatchEvent(e: unknown): boolean }> };
  PointerEvent: new (type: string, init: object) => unknown;
  MouseEvent: new (type: string, init: object) => unknown;
  requestAnimationFrame(f: () => void): void;
  setTimeout(f: () => void, ms: number): void;
};

// Pages open a few at a time, each in its own browser context (the browser waits on the server
// between steps; the checks of one page never see another's events).
const AT_ONCE = 4;

let shownAsText = 0;
let opened = 0;

/** Opens one page and checks it holds every payload inert. */
async function check(t: ExecutionContext, path: string) {
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
  // Hover everything a payload might have become: every element of <main>, hidden ones included,
  // gets the events a mouse passing over it fires (an inline handler a payload left runs, or the CSP
  // reports it), in one page function; then one frame and one task let what they started happen.
  const hovered = await page.evaluate(() => {
    const w = globalThis as unknown as Dom;
    let n = 0;
    for (const el of w.document.querySelectorAll('main *')) {
      for (const type of ['pointerover', 'pointerenter', 'pointermove', 'pointerout', 'pointerleave'])
        el.dispatchEvent(new w.PointerEvent(type, { bubbles: !/enter|leave/.test(type) }));
      for (const type of ['mouseover', 'mouseenter', 'mousemove', 'mouseout', 'mouseleave'])
        el.dispatchEvent(new w.MouseEvent(type, { bubbles: !/enter|leave/.test(type) }));
      n++;
    }
    return new Promise<number>((done) => w.requestAnimationFrame(() => w.setTimeout(() => done(n), 0)));
  });
  t.true(hovered > 0, `${path}: nothing in <main> to hover`);
  t.deepEqual(dialogs, [], `${path}: dialogs`);
  t.deepEqual(csp, [], `${path}: CSP violations`);
  t.deepEqual(errors, [], `${path}: console errors`);
  t.is(await page.locator('[id^="xss"]').count(), 0, `${path}: an element was made from a payload`);
  t.is(await page.locator('a[href^="javascript:"], iframe[srcdoc]').count(), 0, `${path}: a script link or frame`);
  const text = await page.locator('body').innerText();
  if (PAYLOADS.some((p) => text.includes(p))) shownAsText++;
  opened++;
  await context.close();
}

for (const [kind, paths] of Object.entries(pages)) {
  test.serial(`${kind}: every page holding agent- and outsider-written payloads renders them inert`, async (t) => {
    t.true(paths.length > 0, 'pages of this kind were made');
    // A few pages at a time, each in its own browser context (its checks never see another's events).
    const queue = [...paths];
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        for (let path = queue.shift(); path !== undefined; path = queue.shift()) await check(t, path);
      }),
    );
  });
}

test.serial('the payloads reached the pages (as text)', (t) => {
  t.log(`${opened} pages opened; ${shownAsText} show a payload as text`);
  t.is(opened, Object.values(pages).flat().length, 'every page was opened');
  t.true(shownAsText >= PAYLOADS.length, 'the payloads reached the pages (as text)');
});
