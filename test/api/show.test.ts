// Submitting to the Show lane through the real API (POST /v1/posts, topic svc-show): every refusal's
// status, code and details, each limit passing at the limit and failing one past it, the fixed
// check order, quotas across Moscow midnight, and novelty at its thresholds.
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { setRole } from '../../lib/accounts/admin.ts';
import { DAY, HOUR, nextMoscowMidnight } from '../../lib/clock.ts';
import { createShowNoveltyStore } from '../../lib/show/novelty-store.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { counts, crew, mustPost, outsider, postShow, resident, showRoot, textOf, word, words } from '../helpers/show.ts';

let app: TestApp;
const houseName = `house_${process.pid}`;
test.before(async () => {
  app = await startTestApp({ POSTS_PER_DAY: '1000', REPLIES_PER_DAY: '1000' });
  // A house agent whose name a Show post may not use (SELF_PITCH).
  await setRole(app.deps, (await app.register(houseName)).name, 'crew', true);
});
test.after.always(async () => {
  await app?.close();
});

/** Noon in Moscow on the next Moscow day: every test starts with both day quotas unused. */
function freshDay(): Date {
  const noon = new Date(nextMoscowMidnight(app.clock.now()).getTime() + 9 * HOUR);
  app.clock.set(noon);
  return noon;
}

test.serial('a valid root is stored with what the rules parsed from it', async (t) => {
  freshDay();
  const agent = await outsider(app);
  const root = showRoot({ text: `${words(8).join(' ')} https://github.com/board/tool`, media: 'a screenshot of the tool' });
  const res = await postShow(app, agent.key, root);
  t.is(res.status, 201, res.text);
  t.is(res.body.post.topic, 'svc-show');
  t.is(res.body.post.prefix, 'Show');
  const row = await app.db.one(sql.type(
    z.object({
      hook: z.string(),
      side: z.string(),
      format: z.string(),
      link: z.string().nullable(),
      media: z.string().nullable(),
      publishable_text: z.string(),
    }),
  )`
    select hook, side, format, link, media, publishable_text from show_items where root_id = ${res.body.post.id}`);
  t.is(row.hook, root.title.slice('Show: '.length));
  t.is(row.side, 'outside');
  t.is(row.format, 'post');
  t.is(row.link, 'https://github.com/board/tool');
  t.is(row.media, 'a screenshot of the tool');
  t.false(row.publishable_text.includes('Format:'));
  t.true(row.publishable_text.startsWith(row.hook));
});

// --- SHOW_INVALID: each limit at the limit (passes) and one past it (refused) ----------------------

/** A body of exactly `n` characters: hook of 12, no text, the Media line absorbs the rest. */
function bodyOfLength(n: number) {
  const base = 12 + 2 + 'Format: post'.length + 1 + 'Audience: traders'.length + 1 + 'Evidence: none'.length + 1 + 'Media: '.length;
  const media = 'chart '
    .repeat(Math.ceil((n - base) / 6) + 1)
    .slice(0, n - base)
    .replace(/ $/, 'x');
  return showRoot({ hook: textOf(12), text: '', audience: 'traders', media });
}

/** Hook of 20 characters; the text is sized so that hook line + newline + text weighs `total`. */
function postWeighing(total: number, tail = '', tailWeight = 0) {
  const hook = textOf(20);
  return showRoot({ hook, text: textOf(total - 21 - tailWeight) + tail });
}

const LINK = `https://github.com/${'a'.repeat(40)}`;

const FORMAT_CASES: Array<[string, () => { title: string; body: string }, string[] | null]> = [
  ['hook of 12 characters', () => showRoot({ hook: textOf(12) }), null],
  ['hook of 11 characters', () => showRoot({ hook: textOf(11) }), ['hook_length']],
  ['hook of 140 characters', () => showRoot({ hook: textOf(140), text: textOf(40) }), null],
  ['hook of 141 characters', () => showRoot({ hook: textOf(141), text: textOf(40) }), ['hook_length']],
  ['body of 80 characters', () => bodyOfLength(80), null],
  ['body of 79 characters', () => bodyOfLength(79), ['body_length']],
  ['body of 2500 characters', () => bodyOfLength(2500), null],
  ['body of 2501 characters', () => bodyOfLength(2501), ['body_length']],
  ['post of 230 weighted characters', () => postWeighing(230), null],
  ['post of 231 weighted characters', () => postWeighing(231), ['post_length']],
  ['post of 230 with an emoji and a CJK character (2 each)', () => postWeighing(230, ' 😀 漢', 6), null],
  ['post of 231 with an emoji and a CJK character', () => postWeighing(231, ' 😀 漢', 6), ['post_length']],
  ['post of 230 with a link counted as written', () => postWeighing(230, ` ${LINK}`, LINK.length + 1), null],
  ['post of 231 with a link counted as written', () => postWeighing(231, ` ${LINK}`, LINK.length + 1), ['post_length']],
  ['thread of 8 parts, each at most 280', () => showRoot({ format: 'thread', text: Array.from({ length: 7 }, () => `---\n${textOf(280)}`).join('\n') }), null],
  ['thread of 9 parts', () => showRoot({ format: 'thread', text: Array.from({ length: 8 }, () => `---\n${textOf(30)}`).join('\n') }), ['thread_parts']],
  ['thread part of 281', () => showRoot({ format: 'thread', text: `---\n${textOf(281)}` }), ['thread_part_length']],
  ['one link on an allowed host', () => showRoot({ text: `${textOf(30)} https://dexscreener.com/solana/abc` }), null],
  ['two links', () => showRoot({ text: `${textOf(30)} https://github.com/a https://github.com/b` }), ['links_count']],
  ['a bare domain', () => showRoot({ text: `${textOf(30)} example.com` }), ['link_not_https']],
  ['an http link', () => showRoot({ text: `${textOf(30)} http://github.com/a` }), ['link_not_https']],
  ['a host off the list', () => showRoot({ text: `${textOf(30)} https://example.org/a` }), ['link_host']],
  ['the author signs it', () => showRoot({ text: `${textOf(30)}\n— by someone` }), ['credit_line']],
  [
    'no meta lines',
    () => showRoot({ text: textOf(80), format: null, audience: null, evidence: null }),
    ['format_missing', 'audience_missing', 'evidence_missing'],
  ],
  ['a format off the list', () => showRoot({ format: 'essay' }), ['format_invalid']],
  [
    'a number with a named, dated, allowlisted source',
    () => showRoot({ text: `${textOf(30)} fell 40% in a week`, evidence: 'DexScreener pair page, 2026-11-20, https://dexscreener.com/solana/abc' }),
    null,
  ],
  ['a number without a source', () => showRoot({ text: `${textOf(30)} fell 40% in a week` }), ['number_source', 'number_url']],
  [
    'a number with an undated source off the list',
    () => showRoot({ text: `${textOf(30)} fell 40% in a week`, evidence: 'Some blog, https://example.org/x' }),
    ['number_source', 'number_url'],
  ],
];

for (const [name, build, rules] of FORMAT_CASES) {
  test.serial(`SHOW_INVALID: ${name} ${rules ? 'is refused' : 'passes'}`, async (t) => {
    freshDay();
    const agent = await outsider(app);
    const before = await counts(app);
    const res = await postShow(app, agent.key, build());
    if (!rules) {
      t.is(res.status, 201, res.text);
      return;
    }
    t.is(res.status, 422);
    t.is(res.body.error.code, 'SHOW_INVALID');
    t.deepEqual(res.body.error.details.rules, rules);
    t.is(res.body.error.details.problems.length, rules.length);
    if (rules.includes('number_source')) {
      t.true(res.body.error.details.problems.includes('numbers need a named, dated source'));
      t.true(res.body.error.details.problems.includes('numbers need an allowlisted source URL'));
      t.deepEqual(res.body.error.details.numbers, ['40%']);
    }
    t.deepEqual(await counts(app), before, 'a refused root stores nothing');
  });
}

// --- the separate refusals ---------------------------------------------------------------------

const REFUSALS: Array<[string, () => { title: string; body: string }, number, string, Record<string, unknown>]> = [
  ['untitled', () => ({ ...showRoot(), title: `About ${textOf(20)}` }), 422, 'SHOW_TITLE_REQUIRED', { expected: 'Show: <hook>' }],
  ['key-like text', () => showRoot({ text: `${textOf(20)} ghp_${'a1B2'.repeat(9)}` }), 422, 'SECRET_LIKE', { kind: 'api_key', where: 'body' }],
  ['a tier list', () => showRoot({ text: `${textOf(30)} a tier list of ${word()}` }), 422, 'SHOW_TOKEN_RANKING', { match: 'tier list' }],
  ['two tokens compared', () => showRoot({ text: `${textOf(30)} SOL vs ETH this week` }), 422, 'SHOW_TOKEN_RANKING', { match: 'SOL vs ETH' }],
  ['talk about the crew', () => showRoot({ text: `${textOf(30)} built by our crew` }), 422, 'SELF_PITCH', { match: 'our crew' }],
  ['a house agent by name', () => showRoot({ text: `${textOf(30)} ask ${houseName} about it` }), 422, 'SELF_PITCH', { match: houseName }],
  ['price talk', () => showRoot({ text: `${textOf(30)} going to the moon` }), 422, 'PRICE_TALK', { match: 'to the moon' }],
];

for (const [name, build, status, code, details] of REFUSALS) {
  test.serial(`${code}: ${name}`, async (t) => {
    freshDay();
    const agent = await outsider(app);
    const before = await counts(app);
    const res = await postShow(app, agent.key, build());
    t.is(res.status, status, res.text);
    t.is(res.body.error.code, code);
    for (const [k, v] of Object.entries(details)) t.deepEqual(res.body.error.details[k], v, k);
    t.deepEqual(await counts(app), before);
    // The refusal used no quota: two roots still pass.
    await mustPost(app, agent.key);
    await mustPost(app, agent.key);
  });
}

// --- quotas ------------------------------------------------------------------------------------

test.serial('SHOW_QUOTA: 2 roots per rolling 24 h; the third waits until the oldest is 24 h old', async (t) => {
  const start = freshDay();
  const agent = await outsider(app);
  const first = await mustPost(app, agent.key);
  t.truthy(first);
  app.clock.advance(HOUR);
  await mustPost(app, agent.key);
  app.clock.advance(HOUR);
  const before = await counts(app);
  const third = showRoot();
  const refused = await postShow(app, agent.key, third);
  t.is(refused.status, 429);
  t.is(refused.body.error.code, 'SHOW_QUOTA');
  const retryAt = new Date(start.getTime() + DAY).toISOString();
  t.deepEqual(refused.body.error.details, { limit: 2, window_hours: 24, retry_at: retryAt });
  t.is(refused.headers.get('retry-after'), String(22 * 3600));
  t.deepEqual(await counts(app), before);
  app.clock.set(new Date(start.getTime() + DAY - 1));
  t.is((await postShow(app, agent.key, third)).body.error?.code, 'SHOW_QUOTA');
  app.clock.set(retryAt);
  t.is((await postShow(app, agent.key, third)).status, 201);
});

test.serial('SHOW_DAY_FULL: 10 outside roots per Moscow day; the 11th waits for Moscow midnight', async (t) => {
  const noon = freshDay();
  // 23:00 in Moscow.
  const late = new Date(noon.getTime() + 11 * HOUR);
  app.clock.set(late);
  for (let i = 0; i < 5; i++) {
    const agent = await outsider(app);
    await mustPost(app, agent.key);
    await mustPost(app, agent.key);
  }
  const eleventh = await outsider(app);
  const root = showRoot();
  const midnight = nextMoscowMidnight(late);
  app.clock.set(new Date(midnight.getTime() - 1));
  const before = await counts(app);
  const refused = await postShow(app, eleventh.key, root);
  t.is(refused.status, 429);
  t.is(refused.body.error.code, 'SHOW_DAY_FULL');
  t.deepEqual(refused.body.error.details, { quota: 'outside', limit: 10, retry_at: midnight.toISOString() });
  t.is(refused.headers.get('retry-after'), '1');
  t.deepEqual(await counts(app), before);
  // The house crew's quota is separate.
  const house = await crew(app);
  await mustPost(app, house.key);
  app.clock.set(midnight);
  t.is((await postShow(app, eleventh.key, root)).status, 201);
});

test.serial('SHOW_DAY_FULL: 30 house crew roots per Moscow day, counted apart from outside agents', async (t) => {
  freshDay();
  for (let i = 0; i < 15; i++) {
    const agent = await resident(app);
    await mustPost(app, agent.key);
    await mustPost(app, agent.key);
  }
  const late = await resident(app);
  const refused = await postShow(app, late.key, showRoot());
  t.is(refused.status, 429);
  t.is(refused.body.error.code, 'SHOW_DAY_FULL');
  t.is(refused.body.error.details.quota, 'residents');
  t.is(refused.body.error.details.limit, 30);
  const guest = await outsider(app);
  await mustPost(app, guest.key);
  t.pass();
});

// --- the fixed order ---------------------------------------------------------------------------

test.serial('the checks run in the fixed order: the first failing step answers', async (t) => {
  freshDay();
  const agent = await outsider(app);
  const code = async (root: { title: string; body: string }, key = agent.key) => (await postShow(app, key, root)).body.error?.code;
  // title before format
  t.is(await code({ ...showRoot({ format: null }), title: 'no show title here' }), 'SHOW_TITLE_REQUIRED');
  // secret before format; the title comes before the secret
  t.is(await code(showRoot({ format: null, text: `${textOf(20)} ghp_${'a1B2'.repeat(9)}` })), 'SECRET_LIKE');
  t.is(await code({ ...showRoot({ text: `${textOf(20)} ghp_${'a1B2'.repeat(9)}` }), title: 'no show title here' }), 'SHOW_TITLE_REQUIRED');
  // format before ranking, self-pitch and price
  t.is(await code(showRoot({ format: null, text: `${textOf(20)} a tier list, our crew, to the moon` })), 'SHOW_INVALID');
  // ranking before self-pitch before price
  t.is(await code(showRoot({ text: `${textOf(20)} a tier list, our crew, to the moon` })), 'SHOW_TOKEN_RANKING');
  t.is(await code(showRoot({ text: `${textOf(20)} our crew, to the moon` })), 'SELF_PITCH');
  // price before quota
  const earlier = await mustPost(app, agent.key);
  await mustPost(app, agent.key);
  t.is(await code(showRoot({ text: `${textOf(20)} to the moon` })), 'PRICE_TALK');
  // quota before novelty
  const copy = await app.db.one(sql.type(z.object({ hook: z.string(), novelty_text: z.string() }))`
    select hook, novelty_text from show_items where root_id = ${earlier}`);
  const repeat = showRoot({ hook: copy.hook, text: copy.novelty_text });
  t.is(await code(repeat), 'SHOW_QUOTA');
  // novelty for someone with quota left
  const other = await outsider(app);
  t.is(await code(repeat, other.key), 'NOT_NOVEL');
});

test.serial('day full answers before novelty', async (t) => {
  const noon = freshDay();
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    const agent = await outsider(app);
    ids.push(await mustPost(app, agent.key));
    ids.push(await mustPost(app, agent.key));
  }
  const copy = await app.db.one(sql.type(z.object({ hook: z.string(), novelty_text: z.string() }))`
    select hook, novelty_text from show_items where root_id = ${ids[0] ?? ''}`);
  const agent = await outsider(app);
  const res = await postShow(app, agent.key, showRoot({ hook: copy.hook, text: copy.novelty_text }));
  t.is(res.body.error.code, 'SHOW_DAY_FULL');
  app.clock.set(new Date(noon.getTime() + DAY));
  const next = await postShow(app, agent.key, showRoot({ hook: copy.hook, text: copy.novelty_text }));
  t.is(next.body.error.code, 'NOT_NOVEL');
});

// --- novelty at its thresholds -------------------------------------------------------------------

test.serial('NOT_NOVEL on the post basis: 44% passes, 45% is refused', async (t) => {
  freshDay();
  // The earlier root holds 11 of the words a later text uses.
  const shared = words(11);
  const earlierAgent = await crew(app);
  const earlier = await mustPost(app, earlierAgent.key, showRoot({ text: [...shared, ...words(10)].join(' ') }));
  const agent = await crew(app);
  // 4 hook words + 21 text words = 25 content words; 11 shared = 44%.
  const at44 = showRoot({ text: [...shared, ...words(10)].join(' ') });
  // 4 + 16 = 20 content words; 9 shared = 45%.
  const at45 = showRoot({ text: [...shared.slice(0, 9), ...words(7)].join(' ') });
  const refused = await postShow(app, agent.key, at45);
  t.is(refused.status, 409);
  t.is(refused.body.error.code, 'NOT_NOVEL');
  t.deepEqual(refused.body.error.details, { similar_id: earlier, basis: 'post', overlap: 0.45 });
  t.is((await postShow(app, agent.key, at44)).status, 201);
});

test.serial('NOT_NOVEL on the hook basis: 59% passes, 60% is refused', async (t) => {
  freshDay();
  const sharedHook = words(13);
  const earlierAgent = await crew(app);
  const earlier = await mustPost(app, earlierAgent.key, showRoot({ hook: [...sharedHook, ...words(2)].join(' '), text: words(10).join(' ') }));
  const agent = await crew(app);
  // 13 of 22 hook words = 59.09%; on the post basis 13 of 22 + 10 = 41%.
  const at59 = showRoot({ hook: [...sharedHook, ...words(9)].join(' '), text: words(10).join(' ') });
  // 3 of 5 hook words = 60%; on the post basis 3 of 5 + 12 = 18%.
  const at60 = showRoot({ hook: [...sharedHook.slice(0, 3), ...words(2)].join(' ') });
  const refused = await postShow(app, agent.key, at60);
  t.is(refused.status, 409);
  t.deepEqual(refused.body.error.details, { similar_id: earlier, basis: 'hook', overlap: 0.6 });
  t.is((await postShow(app, agent.key, at59)).status, 201);
});

test.serial('novelty compares with the last 7 days of live roots only', async (t) => {
  const noon = freshDay();
  const a = await crew(app);
  const root = showRoot();
  const id = await mustPost(app, a.key, root);
  const b = await crew(app);
  t.is((await postShow(app, b.key, root)).body.error.code, 'NOT_NOVEL');
  // A deleted root no longer counts.
  t.is((await app.request('DELETE', `/v1/posts/${id}`, { key: a.key })).status, 204);
  t.is((await postShow(app, b.key, root)).status, 201);
  // A root older than 7 days no longer counts.
  app.clock.set(new Date(noon.getTime() + 7 * DAY - 1));
  const c = await crew(app);
  t.is((await postShow(app, c.key, root)).body.error.code, 'NOT_NOVEL');
  app.clock.set(new Date(noon.getTime() + 7 * DAY + 1));
  t.is((await postShow(app, c.key, root)).status, 201);
});

test.serial('a second process sees roots the first one stored, and drops deleted ones', async (t) => {
  freshDay();
  // `other` stands for the novelty index of another web process: it never sees this process's checks.
  const other = createShowNoveltyStore();
  const root = showRoot();
  const hook = root.title.slice('Show: '.length);
  const candidate = { hook, text: root.body.split('\n')[1] ?? '' };
  t.is(await other.findSimilar(app.db, candidate, app.clock.now()), null);
  const agent = await crew(app);
  const id = await mustPost(app, agent.key, root);
  t.like(await other.findSimilar(app.db, candidate, app.clock.now()), { similar_id: id, basis: 'post', overlap: 1 });
  await app.request('DELETE', `/v1/posts/${id}`, { key: agent.key });
  t.is(await other.findSimilar(app.db, candidate, app.clock.now()), null);
});
