// Every page of the site, as a phone shows it, audited in a real browser (Debian chromium through
// playwright-core): the list of pages is derived from the contract's HTML routes (a new HTML route
// without a visit here fails the test), seeded with realistic and hostile content (long words, long
// links, markup as text, long names). Each page, at 375 px wide: nothing scrolls the page sideways,
// axe-core (injected into the page) finds no violation, a meta description is set, and every moment
// is written one way, "2026-11-27 02:15 UTC" (no raw ISO timestamp, no stored state like
// `first_contact`).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import test from 'ava';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.ts';
import { CONTRACT } from '../../api/contract/index.ts';
import { routeKey } from '../../api/contract/types.ts';
import { setResident } from '../../lib/accounts/admin.ts';
import { solvePow } from '../../lib/b/pow.ts';
import { enqueue } from '../../lib/jobs.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { MemoryOAuthProvider, linkedClient, mcpClient } from '../helpers/mcp.ts';
import { headersOf, startOutreachWorld, type OutreachWorld, BODY } from '../helpers/outreach.ts';
import { publish, submit } from '../helpers/pub.ts';
import { mustPost, showRoot } from '../helpers/show.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WIDTH = 375;
const XSS = '<img src=x onerror=alert(1)>';
const LONG_WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(3);
const LONG_URL = `https://example.org/${'a-rather-long-path-segment/'.repeat(8)}end?ref=${'abcdefghij'.repeat(6)}`;
const HOSTILE = `${XSS} ${LONG_WORD} ${LONG_URL}`;
const LONG_NAME = 'a_rather_long_agent_name_12345';
const MISSING = '00000000-0000-4000-8000-000000000000';
const EXPERIMENT = `Target: 5 newsletter editors\nChannel: email\nAction: pitch ${LONG_WORD}\nMetric: replies\nBaseline: 0 replies last week\nCost: 0`;

let world: OutreachWorld;
let app: TestApp;
let mcp: TestApp;
let browser: Browser;
const seen = { thread: '', bThread: '', outreachItem: '', stop: '', work: '', preview: '', linkedKey: '' };

async function must(res: { status: number; text: string }, what: string, ok = [200, 201, 202]) {
  if (!ok.includes(res.status)) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 500)}`);
}

test.before(async () => {
  world = await startOutreachWorld({ env: { PUB_QUORUM: '1', PUB_REVIEWER_MIN_AGE_HOURS: '0', B_POW_BITS: '4', REPLIES_PER_DAY: '1000' } });
  app = world.app;
  const req = app.request.bind(app);

  // The named board: a hostile thread with hostile replies, a status, the lab with a job taken and delivered.
  const writer = await app.register(LONG_NAME);
  await setResident(app.deps, writer.name, { desk: 'research', shift: 'mon-sun 00:00-23:59' });
  const other = await app.register('cy_outside');
  const root = await req('POST', '/v1/posts', { key: writer.key, body: { topic: 'general', title: `${XSS} ${LONG_WORD}`, body: HOSTILE } });
  await must(root, 'root');
  seen.thread = root.body.post.id;
  for (const key of [writer.key, other.key]) await must(await req('POST', `/v1/posts/${seen.thread}/replies`, { key, body: { body: HOSTILE } }), 'reply');
  await must(
    await req('POST', '/v1/continuity/checkpoint', { key: writer.key, body: { public_status: { phase: 'acting', next_action: `${XSS} ${LONG_WORD}` } } }),
    'status',
  );
  const experiment = await req('POST', '/v1/posts', { key: writer.key, body: { topic: 'svc-1m', title: `Experiment: ${LONG_WORD}`, body: EXPERIMENT } });
  await must(experiment, 'experiment');
  await must(await req('POST', `/v1/posts/${experiment.body.post.id}/replies`, { key: other.key, body: { body: `Taking: ${LONG_WORD}` } }), 'taking');
  const delivered = await req('POST', `/v1/posts/${experiment.body.post.id}/replies`, { key: other.key, body: { body: `Delivered: ${LONG_URL}` } });
  await must(delivered, 'delivered');
  await must(
    await req('POST', `/v1/posts/${experiment.body.post.id}/replies`, {
      key: writer.key,
      body: { body: 'Accepted: thanks', reply_to_id: delivered.body.reply.id },
    }),
    'accepted',
  );
  await must(await req('POST', '/votes', { key: writer.key, body: { post_id: delivered.body.reply.id, value: 1 } }), 'vote');
  await mustPost(app, other.key, showRoot({ hook: 'Editors answered a measured pitch twice' }));

  // Outreach: an email with a long subject word, sent, with its stop link.
  await world.setup();
  const resident = await world.resident('dee_outreach');
  const contact = await world.addContact(resident, 'editor@outlet1.test');
  const email = await world.email(resident, contact, { subject: `Note ${LONG_WORD.slice(0, 80)}`, body: `${BODY} ${LONG_WORD}` });
  await must(email, 'email');
  await must(await req('POST', `/v1/outreach/messages/${email.body.message_id}/approve`, { key: world.ownerKey }), 'approve');
  await world.runJobs();
  const mail = (await world.sink.waitFor(1)).find((m) => m.to.includes('editor@outlet1.test'));
  seen.stop = /(\/outreach\/stop\/[a-z2-7]{52})>/.exec(headersOf(mail?.text ?? '')['list-unsubscribe'] ?? '')?.[1] ?? '';
  if (!seen.stop) throw new Error('no stop link');
  seen.outreachItem = (await req('GET', '/api/outreach')).body.items[0].id;

  // The publication layer: a published hostile article with an agent comment, and a candidate's private preview.
  const author = await app.register('pub_author');
  const reviewer = await app.register('pub_reviewer');
  const work = await submit(app, author.key, {
    title: `${XSS} ${LONG_WORD}`,
    blocks: [
      { type: 'heading', text: LONG_WORD, level: 2 },
      { type: 'paragraph', text: HOSTILE },
      { type: 'list', items: [LONG_URL, LONG_WORD] },
      { type: 'code', text: `const x = '${LONG_WORD}${LONG_WORD}';`, language: 'js' },
      { type: 'quote', text: LONG_WORD },
    ],
  });
  await publish(app, work.revision_id, [reviewer]);
  seen.work = work.item_id;
  await must(
    await req('POST', `/v1/pub/posts/${work.item_id}/comments`, {
      key: reviewer.key,
      body: {
        schema_version: 1,
        language: 'en',
        publication_intent: 'show_to_humans',
        idempotency_key: crypto.randomUUID(),
        blocks: [{ type: 'paragraph', text: HOSTILE }],
      },
    }),
    'comment',
  );
  const candidate = await submit(app, author.key, { title: `Candidate ${LONG_WORD}`, blocks: [{ type: 'paragraph', text: HOSTILE }] });
  const preview = await req('POST', `/v1/pub/revisions/${candidate.revision_id}/preview-session`, { key: author.key, body: {} });
  await must(preview, 'preview');
  seen.preview = new URL(preview.body.preview_url).pathname;

  // The open board.
  const ticket = await req('POST', '/b/api/tickets');
  const b = await req('POST', '/b/api/threads', {
    body: { ticket: ticket.body.ticket, nonce: solvePow(ticket.body.pow.challenge, ticket.body.pow.bits), title: `${XSS} ${LONG_WORD}`, body: HOSTILE },
  });
  await must(b, 'b thread');
  seen.bThread = b.body.post.id;

  await enqueue(app.db, 'feed__materialize_jobs', {});
  await enqueue(app.db, 'feed__materialize_leaderboard', {});
  await app.runJobs();

  // The MCP pages need the OAuth issuer at the server's own address: a second app, with a linked assistant of a long name.
  mcp = await startTestApp({}, { selfBaseUrl: true });
  mcp.clock.set(new Date());
  const linked = await mcp.register(LONG_NAME);
  seen.linkedKey = linked.key;
  await linkedClient(mcp.url, { credential: linked.key, provider: new MemoryOAuthProvider(`Assistant ${LONG_WORD}`) });

  const port = new URL(app.url).port;
  // The site's origin is http://board.test (BASE_URL in tests); the browser resolves it to the test server.
  browser = await launchBrowser([`--host-resolver-rules=MAP board.test 127.0.0.1:${port}`]);
});

test.after.always(async () => {
  await browser?.close();
  await mcp?.close();
  await world?.stop();
});

type Audit = { overflow: { scrollWidth: number; clientWidth: number }; violations: string[]; description: string; text: string; times: string[] };

async function audit(page: Page): Promise<Audit> {
  await page.evaluate(AXE);
  const violations = (await page.evaluate(
    `axe.run(document).then((r) => r.violations.map((v) => v.id + ' (' + v.impact + '): ' + v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')))`,
  )) as string[];
  return page
    .evaluate(`({
    overflow: { scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth },
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
    text: document.body.innerText,
    times: [...document.querySelectorAll('time')].map((t) => t.textContent),
  })`)
    .then((r) => ({ ...(r as Omit<Audit, 'violations'>), violations }));
}

/** The little of the browser's globals the page functions read (the project's types carry no DOM). */
type Dom = { document: { querySelector(s: string): { scrollLeft: number } | null; getElementById(id: string): { textContent: string | null } | null } };

const ONE_FORMAT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/;

/** What breaks the rules on one page (empty when the page holds). */
function problems(a: Audit): string[] {
  const out: string[] = [];
  if (a.overflow.scrollWidth > a.overflow.clientWidth) out.push(`${a.overflow.scrollWidth} px wide at ${a.overflow.clientWidth}`);
  out.push(...a.violations.map((v) => `axe ${v}`));
  if (a.description.length < 20) out.push('no meta description');
  out.push(...a.times.filter((s) => !ONE_FORMAT.test(s)).map((s) => `<time> ${s}`));
  out.push(...(a.text.match(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}[^\s]*/g) ?? []).map((s) => `raw timestamp ${s}`));
  // Every date on the page is a moment in the one format.
  out.push(...(a.text.match(/\d{4}-\d{2}-\d{2}(?! \d{2}:\d{2} UTC)[^\n]{0,12}/g) ?? []).map((s) => `date ${s}`));
  out.push(...(a.text.match(/\b(first_contact|follow_up|queued_for_owner)\b/g) ?? []).map((s) => `stored state ${s}`));
  return out;
}

/** Opens a phone-sized page, runs `go` (a navigation or a form), and audits where it lands. */
async function visit(go: (page: Page) => Promise<unknown>, expectStatus: number): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: WIDTH, height: 800 } });
  const page = await context.newPage();
  try {
    const statuses: number[] = [];
    page.on('response', (r) => {
      if (r.request().isNavigationRequest()) statuses.push(r.status());
    });
    await go(page);
    await page.waitForLoadState('load');
    return [...(statuses.at(-1) === expectStatus ? [] : [`status ${statuses.at(-1)}, not ${expectStatus}`]), ...problems(await audit(page))];
  } finally {
    await context.close();
  }
}

const site = 'http://board.test';
const open = (url: () => string) => (page: Page) => page.goto(url(), { waitUntil: 'load' });

// Each HTML route of the contract, with its visits (URLs read when the visit runs, after seeding).
const VISITS: Record<string, Array<[string, (page: Page) => Promise<unknown>, number]>> = {
  'GET /': [['home', open(() => `${site}/`), 200]],
  'GET /t/:id': [
    ['thread', open(() => `${site}/t/${seen.thread}`), 200],
    ['thread missing', open(() => `${site}/t/${MISSING}`), 404],
  ],
  'GET /docs/errors': [['error codes', open(() => `${site}/docs/errors`), 200]],
  'GET /office': [['office', open(() => `${site}/office`), 200]],
  'GET /jobs': [['jobs', open(() => `${site}/jobs`), 200]],
  'GET /leaderboard': [['leaderboard', open(() => `${site}/leaderboard`), 200]],
  'GET /show': [['show', open(() => `${site}/show`), 200]],
  'GET /outreach': [['outreach', open(() => `${site}/outreach`), 200]],
  'GET /outreach/:id': [
    ['outreach item', open(() => `${site}/outreach/${seen.outreachItem}`), 200],
    ['outreach item missing', open(() => `${site}/outreach/${MISSING}`), 404],
  ],
  'GET /outreach/stop/:token': [
    ['stop link', open(() => `${site}${seen.stop}`), 200],
    ['stop link unknown', open(() => `${site}/outreach/stop/nope`), 404],
  ],
  'POST /outreach/stop/:token': [
    ['stopped', (page) => page.goto(`${site}${seen.stop}`).then(() => Promise.all([page.waitForNavigation(), page.click('button[type=submit]')])), 200],
  ],
  'GET /r/:agent/:channel': [['referral missing', open(() => `${site}/r/nobody/trade`), 404]],
  'GET /pub': [['articles (no slash)', open(() => `${site}/pub`), 200]],
  'GET /pub/': [
    ['articles', open(() => `${site}/pub/`), 200],
    ['articles, top', open(() => `${site}/pub/?sort=top`), 200],
  ],
  'GET /pub/:id': [
    [
      'article, after a guest comment through its form',
      async (page) => {
        await page.goto(`${site}/pub/${seen.work}`, { waitUntil: 'load' });
        await page.fill('input[name=nickname]', `Guest ${LONG_WORD}`.slice(0, 40));
        await page.fill('textarea[name=comment]', HOSTILE);
        await page.click('button[type=submit]');
        await page.waitForFunction(
          () => !['', 'Sending...'].includes((globalThis as unknown as Dom).document.getElementById('guest-status')?.textContent ?? ''),
        );
        return page.reload({ waitUntil: 'load' });
      },
      200,
    ],
    ['article missing', open(() => `${site}/pub/${MISSING}`), 404],
  ],
  'GET /pub/preview/:token': [['preview', open(() => `${site}${seen.preview}`), 200]],
  'GET /pub/preview/:token/assets/:asset_id': [['preview asset missing', open(() => `${site}${seen.preview}/assets/${MISSING}`), 404]],
  'GET /b': [['open board', open(() => `${site}/b`), 200]],
  'GET /b/guide': [['open board guide', open(() => `${site}/b/guide`), 200]],
  'GET /b/t/:id': [
    ['open board thread', open(() => `${site}/b/t/${seen.bThread}`), 200],
    ['open board thread missing', open(() => `${site}/b/t/${MISSING}`), 404],
  ],
  'GET /interaction/:uid': [['consent', (page) => consentPage(page), 200]],
  'POST /interaction/:uid': [
    [
      'consent, refused key',
      async (page) => {
        await consentPage(page);
        await page.fill('#credential', 'not-a-key');
        return Promise.all([page.waitForNavigation(), page.click('button[value="link"]')]);
      },
      403,
    ],
  ],
  'GET /oidc{/*rest}': [
    ["authorization refused on the service's page", open(() => `${mcp.url}/oidc/auth?client_id=nobody&response_type=code&scope=board%3Aread`), 400],
  ],
  'GET /mcp/links': [['linked assistants', open(() => `${mcp.url}/mcp/links`), 200]],
  'POST /mcp/links': [
    [
      'linked assistants, listed',
      async (page) => {
        await page.goto(`${mcp.url}/mcp/links`, { waitUntil: 'load' });
        await page.fill('#credential', seen.linkedKey);
        return Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
      },
      200,
    ],
  ],
};
test('every HTML route of the contract is visited here, and only those', (t) => {
  const htmlRoutes = CONTRACT.filter((r) => Object.values(r.responses).some((res) => [res?.type].flat().includes('text/html'))).map(routeKey);
  t.deepEqual(htmlRoutes.filter((k) => !(k in VISITS)).sort(), [], 'HTML routes without a visit');
  t.deepEqual(
    Object.keys(VISITS).filter((k) => !htmlRoutes.includes(k)),
    [],
    'visits of no HTML route',
  );
  t.true(Object.values(VISITS).flat().length >= 30);
});

for (const [key, list] of Object.entries(VISITS)) {
  test.serial(`${key} at 375 px: no sideways scroll, no axe violation, a meta description, one date format`, async (t) => {
    t.timeout(300_000); // a real browser or the linters, on a machine other test files share
    const found: string[] = [];
    for (const [label, go, status] of list) found.push(...(await visit(go, status)).map((p) => `${label}: ${p}`));
    t.deepEqual(found, []);
  });
}

/** Starts an assistant's authorization in the browser and lands on the consent page. */
async function consentPage(page: Page) {
  const provider = new MemoryOAuthProvider(`Assistant ${LONG_WORD}`);
  const { client, transport } = mcpClient(mcp.url, provider);
  await client.connect(transport).catch(() => undefined);
  await page.goto(provider.authorizationUrls.at(-1)!.toString(), { waitUntil: 'load' });
}

test.serial('the leaderboard and error tables scroll inside a box the keyboard reaches, never the page', async (t) => {
  t.timeout(300_000); // a real browser or the linters, on a machine other test files share
  for (const path of ['/leaderboard', '/docs/errors']) {
    const context = await browser.newContext({ viewport: { width: WIDTH, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${site}${path}`, { waitUntil: 'load' });
    const box = page.locator('div.scroll').first();
    t.is(await box.getAttribute('tabindex'), '0', path);
    t.truthy(await box.getAttribute('aria-label'), path);
    t.true(await box.evaluate((el) => el.scrollWidth > el.clientWidth), `${path}: the table is wider than the phone and scrolls in its box`);
    // Tab from the top reaches the box, and the arrow key scrolls it.
    let reached = false;
    for (let i = 0; i < 60 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await box.evaluate((el) => (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement === el);
    }
    t.true(reached, `${path}: Tab reaches the scroll box`);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => ((globalThis as unknown as Dom).document.querySelector('div.scroll')?.scrollLeft ?? 0) > 0);
    t.pass();
    await context.close();
  }
});
