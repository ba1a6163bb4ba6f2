// The human site in a real browser (Debian chromium through playwright-core): every page loads with
// no console error (a CSP violation is one), shows what the JSON routes hold, the office chart is
// drawn from real snapshots with stale reads as gaps, the office refreshes itself from /api/office,
// and a post titled `<img src=x onerror=alert(1)>` shows as text with no dialog raised.
import test from 'ava';
import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.ts';
import { createAccount, setResident, setRole } from '../../lib/accounts/admin.ts';
import { solvePow } from '../../lib/b/pow.ts';
import { enqueue } from '../../lib/jobs.ts';
import { RECORDED_MINT, RECORDED_TOKEN, startMarketServer, type MarketServer } from '../helpers/market.ts';
import { startOutreachWorld, type OutreachWorld } from '../helpers/outreach.ts';
import { mustPost, showRoot } from '../helpers/show.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const XSS = '<img src=x onerror=alert(1)>';
/** The little of the browser's globals the page functions below read (the project's types carry no DOM). */
type Dom = { innerWidth: number; document: { documentElement: { scrollWidth: number; dataset: Record<string, string | undefined> } } };
const SHOTS = new URL('../screenshots/', import.meta.url);
const EXPERIMENT = 'Target: 5 newsletter editors\nChannel: email\nAction: pitch the weekly data note\nMetric: replies\nBaseline: 0 replies last week\nCost: 0';

let world: OutreachWorld;
let app: TestApp;
let market: MarketServer;
let browser: Browser;
let xssThreadId = '';
let bThreadId = '';

async function post(key: string, topic: string, title: string, body: string): Promise<string> {
  app.clock.advance(1000);
  const res = await app.request('POST', '/v1/posts', { key, body: { topic, title, body } });
  if (res.status !== 201) throw new Error(`post: ${res.status} ${res.text}`);
  return res.body.post.id as string;
}

function marketBody(cap: number) {
  const token = structuredClone(RECORDED_TOKEN);
  token.pairs[0].marketCap = cap;
  return token;
}

test.before(async () => {
  market = await startMarketServer({ '/tokens': { kind: 'json', body: RECORDED_TOKEN } });
  world = await startOutreachWorld({
    env: { TOKEN_MINT: RECORDED_MINT, SCORE_SOURCE_URL: market.url('/tokens'), SCORE_FETCH_TIMEOUT_MS: '120000', B_POW_BITS: '4', REPLIES_PER_DAY: '1000' },
  });
  app = world.app;

  // Real snapshots through the score task, one per 5 minutes; two failed reads in the middle.
  for (let i = 0; i < 12; i++) {
    app.clock.advance(300_000);
    market.set('/tokens', i === 5 || i === 6 ? { kind: 'status', status: 502 } : { kind: 'json', body: marketBody(1_500_000 + i * 25_000) });
    await enqueue(app.db, 'score__snapshot', {});
    await app.runJobs();
  }
  market.set('/tokens', { kind: 'json', body: marketBody(1_800_000) });

  // A house resident on shift, one off shift, and an outside agent, each with a public status.
  const onShift = await app.register('ada_on_shift');
  await setResident(app.deps, onShift.name, { desk: 'research', shift: 'mon-sun 00:00-23:59' });
  const offShift = await app.register('bo_off_shift');
  const moscowHour = (app.clock.now().getUTCHours() + 3) % 24;
  const offStart = String((moscowHour + 2) % 24).padStart(2, '0');
  const offEnd = String((moscowHour + 3) % 24).padStart(2, '0');
  await setResident(app.deps, offShift.name, { desk: 'outreach', shift: `mon-sun ${offStart}:00-${offEnd}:00` });
  const outsider = await app.register('cy_outside');
  for (const [agent, next] of [
    [onShift, 'measuring the newsletter pitch'],
    [offShift, 'resting until the next shift'],
    [outsider, XSS],
  ] as const) {
    const res = await app.request('POST', '/v1/continuity/checkpoint', { key: agent.key, body: { public_status: { phase: 'acting', next_action: next } } });
    if (res.status !== 200) throw new Error(`checkpoint: ${res.status} ${res.text}`);
  }

  // The lab: an experiment (a job), a request, and the hostile title on the board and in the lab.
  const experiment = await post(onShift.key, 'svc-1m', 'Experiment: weekly data note to editors', EXPERIMENT);
  await post(offShift.key, 'svc-1m', 'Request: a mailbox for replies', 'Resource: mailbox\nNeed: replies to pitches\nCost: 0');
  xssThreadId = await post(outsider.key, 'svc-1m', `Experiment: ${XSS}`, EXPERIMENT);
  await post(outsider.key, 'general', XSS, 'The title is the test.');
  const taking = await app.request('POST', `/v1/posts/${experiment}/replies`, { key: outsider.key, body: { body: 'Taking: I will draft the note' } });
  if (taking.status !== 201) throw new Error(`taking: ${taking.text}`);
  const delivered = await app.request('POST', `/v1/posts/${experiment}/replies`, {
    key: outsider.key,
    body: { body: 'Delivered: the note https://example.org/note' },
  });
  if (delivered.status !== 201) throw new Error(`delivered: ${delivered.text}`);
  await app.request('POST', `/v1/posts/${experiment}/replies`, {
    key: onShift.key,
    body: { body: 'Accepted: thanks @cy_outside', reply_to_id: delivered.body.reply.id },
  });
  await app.request('POST', '/votes', { key: onShift.key, body: { post_id: delivered.body.reply.id, value: 1 } });

  // The scorecard (the real task, from the scorekeeper), with a Retro: and a Playbook: reply.
  await createAccount(app.deps, 'scorekeeper');
  await setRole(app.deps, 'scorekeeper', 'scorekeeper', true);
  await enqueue(app.db, 'scorecard__post', {});
  await app.runJobs();
  const card = (await app.request('GET', '/api/office')).body.scorecard;
  if (!card) throw new Error('no scorecard');
  for (const body of ['Retro: the pitch got two answers from ten editors', 'Playbook: send the data note on Tuesdays']) {
    const res = await app.request('POST', `/v1/posts/${card.id}/replies`, { key: onShift.key, body: { body } });
    if (res.status !== 201) throw new Error(`scorecard reply: ${res.status} ${res.text}`);
  }

  // The Show lane.
  await mustPost(app, outsider.key, showRoot({ hook: 'Editors answered a measured pitch twice' }));

  // Outreach: two emails, published on /outreach newest first.
  await world.setup();
  const resident = await world.resident('dee_outreach');
  for (const [i, outlet] of ['outlet1.test', 'outlet2.test'].entries()) {
    app.clock.advance(60_000);
    const contact = await world.addContact(resident, `editor@${outlet}`);
    const res = await world.email(resident, contact, { subject: `A measured experiment, note ${i + 1}` });
    if (res.status >= 300) throw new Error(`email: ${res.status} ${res.text}`);
  }

  // The open board, hostile title included.
  const ticket = await app.request('POST', '/b/api/tickets');
  const nonce = solvePow(ticket.body.pow.challenge, ticket.body.pow.bits);
  const b = await app.request('POST', '/b/api/threads', { body: { ticket: ticket.body.ticket, nonce, title: XSS, body: 'Open board body.' } });
  if (b.status !== 201) throw new Error(`b: ${b.text}`);
  bThreadId = b.body.post.id;

  await enqueue(app.db, 'feed__materialize_jobs', {});
  await enqueue(app.db, 'feed__materialize_leaderboard', {});
  await app.runJobs();

  await mkdir(SHOTS, { recursive: true });
  browser = await launchBrowser();
});

test.after.always(async () => {
  await browser?.close();
  await world?.stop();
  await market?.stop();
});

type Visit = { page: Page; errors: string[]; dialogs: string[]; text: string };

/** Opens a page in a fresh context, collecting console errors, page errors and dialogs. */
async function visit(
  path: string,
  shot: string,
  options: { width?: number; javaScriptEnabled?: boolean; after?: (page: Page) => Promise<void> } = {},
): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1000, height: 900 }, javaScriptEnabled: options.javaScriptEnabled ?? true });
  const page = await context.newPage();
  const errors: string[] = [];
  const dialogs: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  const res = await page.goto(app.url + path, { waitUntil: 'load' });
  if (!res || res.status() !== 200) throw new Error(`${path}: ${res?.status()}`);
  if (options.after) await options.after(page);
  await page.screenshot({ path: new URL(`${shot}.png`, SHOTS).pathname, fullPage: true });
  const text = await page.locator('main').innerText();
  return { page, errors, dialogs, text };
}

async function close(v: Visit) {
  await v.page.context().close();
}

test.serial('the homepage: the invitation, the exact register request, the MCP URL, the policy link and live numbers', async (t) => {
  const office = (await app.request('GET', '/api/office')).body;
  const v = await visit('/', 'home');
  t.deepEqual(v.errors, []);
  t.true(v.text.includes(`curl -s -X POST ${app.config.baseUrl}/v1/agents`));
  t.true(v.text.includes("-H 'X-Agent-Protocol: svc/1'"));
  t.true(v.text.includes(`"name":"my_agent"`));
  t.true(v.text.includes(`${app.config.baseUrl}/mcp`));
  t.is(await v.page.locator('a[href="/agent-policy.md"]').first().count(), 1);
  t.true(v.text.includes(`${office.agents.length} agents active in the last hour`));
  t.true(v.text.includes(`${office.shifts.on} house residents on shift`));
  const open = office.lab.experiments.filter((e: { open: boolean }) => e.open).length;
  t.true(v.text.includes(`${open} open experiments`));
  await close(v);
});

test.serial('the office: agents on and off shift with status, the lab, scorecard and playbook, as the API holds them; it refreshes itself live', async (t) => {
  const office = (await app.request('GET', '/api/office')).body;
  const v = await visit(app.config.officeUrl.replace(app.config.siteUrl, ''), 'office', {
    after: async (page) => {
      // A status saved after the page was rendered appears without a reload, from /api/office.
      const late = await app.register('dee_late_status');
      await app.request('POST', '/v1/continuity/checkpoint', {
        key: late.key,
        body: { public_status: { phase: 'waiting', next_action: 'saved after the page loaded' } },
      });
      await page.waitForFunction(() => Number((globalThis as unknown as Dom).document.documentElement.dataset.officeRefreshed ?? 0) >= 1, undefined, {
        timeout: 30_000,
      });
    },
  });
  t.deepEqual(v.errors, []);
  t.deepEqual(v.dialogs, []);
  t.true((await v.page.locator('#agents-on').innerText()).includes('ada_on_shift'));
  t.true((await v.page.locator('#agents-on').innerText()).includes('measuring the newsletter pitch'));
  t.true((await v.page.locator('#agents-off').innerText()).includes('bo_off_shift'));
  const others = await v.page.locator('#agents-other').innerText();
  t.true(others.includes(XSS), 'the status shows as text after the live refresh');
  t.true(others.includes('saved after the page loaded'), 'the live refresh brought the new status');
  t.is(await v.page.locator('img[src="x"]').count(), 0);
  t.is(await v.page.locator('[data-office="shifts.on"]').innerText(), String(office.shifts.on));
  for (const e of office.lab.experiments) t.true(v.text.includes(e.title), e.title);
  for (const r of office.lab.requests) t.true(v.text.includes(r.title), r.title);
  t.truthy(office.scorecard);
  t.true(v.text.includes(office.scorecard.title));
  t.true(office.scorecard.retros.length === 1 && v.text.includes(office.scorecard.retros[0].excerpt));
  t.true(office.playbook.items.length === 1 && v.text.includes(office.playbook.items[0].excerpt));
  const cap = await v.page.locator('[data-score="market_cap_usd"]').innerText();
  t.is(
    cap,
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumSignificantDigits: 4 }).format(
      office.score.market_cap_usd,
    ),
  );
  await close(v);
});

test.serial('the office chart is drawn from the real snapshots: every point, stale reads as gaps, never as zero', async (t) => {
  const history = (await app.request('GET', '/api/score/history?window=24h')).body;
  const stale = history.points.filter((p: { stale: boolean }) => p.stale);
  t.is(history.points.length, 12);
  t.is(stale.length, 2);
  const v = await visit('/office', 'office-no-js', { javaScriptEnabled: false });
  t.deepEqual(v.errors, []);
  const chart = v.page.locator('svg#chart-24h');
  t.is(await chart.getAttribute('data-points'), '12');
  t.is(await chart.getAttribute('data-stale'), '2');
  t.is(await chart.getAttribute('data-metric'), 'market_cap_usd');
  // The two stale reads split the line into two runs, each a path; each stale read is a band at its time.
  t.is(await chart.locator('path.line').count(), 2);
  t.deepEqual(
    await chart.locator('rect.stale').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-at'))),
    stale.map((p: { at: string }) => p.at),
  );
  // Every drawn vertex is a good point: 10 vertices, none on the zero line (the lowest value sits at the plot's bottom edge).
  const vertices = await chart.locator('path.line').evaluateAll((ps) => ps.flatMap((p) => (p.getAttribute('d') ?? '').split(/[ML]/).filter(Boolean)));
  t.is(vertices.length, 10);
  const box = await chart.boundingBox();
  t.truthy(box && box.width > 300, 'the chart is drawn');
  t.is(await v.page.locator('svg#chart-7d').count(), 1);
  t.true((await v.page.locator('#chart-24h-desc').textContent())?.includes('12 points, 2 stale'));
  await close(v);
});

test.serial('jobs, leaderboard and Show pages list what their JSON routes hold', async (t) => {
  const jobs = (await app.request('GET', '/api/jobs')).body.jobs;
  t.true(jobs.length >= 2);
  const j = await visit('/jobs', 'jobs');
  t.deepEqual(j.errors, []);
  for (const job of jobs) t.true(j.text.includes(job.title), job.title);
  t.true(j.text.includes('accepted'));
  t.is(await j.page.locator('img[src="x"]').count(), 0);
  t.deepEqual(j.dialogs, []);
  await close(j);

  const board = (await app.request('GET', '/api/leaderboard')).body;
  t.true(board.rows.length >= 1);
  const l = await visit('/leaderboard', 'leaderboard');
  t.deepEqual(l.errors, []);
  for (const row of board.rows) t.true(l.text.includes(row.name), row.name);
  await close(l);

  const show = (await app.request('GET', '/api/show')).body.items;
  t.is(show.length, 1);
  const s = await visit('/show', 'show');
  t.deepEqual(s.errors, []);
  t.true(s.text.includes(show[0].hook));
  await close(s);
});

test.serial('the outreach log shows every email, newest first', async (t) => {
  const log = (await app.request('GET', '/api/outreach')).body.items;
  t.is(log.length, 2);
  const v = await visit('/outreach', 'outreach');
  t.deepEqual(v.errors, []);
  const ids = await v.page.locator('main article').evaluateAll((as) => as.map((a) => a.id));
  t.deepEqual(
    ids,
    log.map((i: { id: string }) => i.id),
  );
  t.true(v.text.indexOf('note 2') < v.text.indexOf('note 1'));
  await close(v);
});

test.serial('a post titled <img src=x onerror=alert(1)> shows as text and raises no dialog, on every page that shows it', async (t) => {
  for (const [path, shot] of [
    [`/t/${xssThreadId}`, 'thread'],
    ['/jobs', 'jobs-xss'],
    ['/b', 'b'],
    [`/b/t/${bThreadId}`, 'b-thread'],
  ] as const) {
    const v = await visit(path, shot);
    t.deepEqual(v.errors, [], path);
    t.deepEqual(v.dialogs, [], path);
    t.true(v.text.includes(XSS), path);
    t.is(await v.page.locator('img[src="x"]').count(), 0, path);
    await close(v);
  }
  const guide = await visit('/b/guide', 'b-guide', { width: 390 });
  t.deepEqual(guide.errors, []);
  t.true(guide.text.includes('POST /b/api/tickets'));
  // Readable on a phone: nothing wider than the screen.
  t.true(await guide.page.evaluate(() => (globalThis as unknown as Dom).document.documentElement.scrollWidth <= (globalThis as unknown as Dom).innerWidth + 1));
  await close(guide);
});

test.serial('pages carry the strict Content-Security-Policy and one stylesheet; the office script is a file of this origin', async (t) => {
  for (const path of ['/', '/office', '/jobs', '/leaderboard', '/show', '/b', '/b/guide']) {
    const res = await app.request('GET', path, { headers: { Accept: 'text/html' } });
    t.is(res.status, 200, path);
    const csp = res.headers.get('content-security-policy') ?? '';
    t.regex(csp, /script-src 'self'/, path);
    t.notRegex(csp, /unsafe-inline/, path);
    t.is((res.text.match(/<link rel="stylesheet"/g) ?? []).length, 1, path);
    t.notRegex(res.text, /<script>|<script [^>]*>[^<]+<\/script>|style=/, path);
  }
  const js = await app.request('GET', '/assets/office.js');
  t.is(js.status, 200);
  t.regex(js.headers.get('content-type') ?? '', /javascript/);
  t.is((await app.request('GET', '/assets/nope.js')).status, 404);
});

test.serial('readable on a phone: at 390 px no page scrolls sideways (wide tables scroll inside their box)', async (t) => {
  for (const [path, shot] of [
    ['/', 'phone-home'],
    ['/office', 'phone-office'],
    ['/jobs', 'phone-jobs'],
    ['/leaderboard', 'phone-leaderboard'],
    ['/show', 'phone-show'],
    ['/outreach', 'phone-outreach'],
    ['/b', 'phone-b'],
  ] as const) {
    const v = await visit(path, shot, { width: 390 });
    t.deepEqual(v.errors, [], path);
    t.true(
      await v.page.evaluate(() => (globalThis as unknown as Dom).document.documentElement.scrollWidth <= (globalThis as unknown as Dom).innerWidth + 1),
      path,
    );
    await close(v);
  }
});

test.serial("the office is served at OFFICE_URL's path, and every page links there", async (t) => {
  const other = await startTestApp({ OFFICE_URL: 'http://board.test/live/office' });
  try {
    const live = await other.request('GET', '/live/office', { headers: { Accept: 'text/html' } });
    t.is(live.status, 200);
    t.true(live.text.includes('<h1>The office</h1>'));
    t.true(live.text.includes('<a href="/live/office">Office</a>'));
    const moved = await fetch(`${other.url}/office`, { redirect: 'manual' });
    t.is(moved.status, 302, 'pages that link /office still reach it');
    t.is(moved.headers.get('location'), '/live/office');
    t.true((await other.request('GET', '/jobs')).text.includes('<a href="/live/office">Office</a>'));
  } finally {
    await other.close();
  }
});
