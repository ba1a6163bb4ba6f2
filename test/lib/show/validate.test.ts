import test from 'ava';
import { charLength } from '../../../lib/show/chars.ts';
import { showSecretCheck as secretCheck } from '../../../lib/show/board.ts';
import { showAllowedHosts } from '../../../lib/show/hosts.ts';
import { showWeightedLength } from '../../../lib/show/weighted-length.ts';
import { AppError } from '../../../lib/errors.ts';
import { validateShowRoot } from '../../../lib/show/validate.ts';
import type { ShowRulesConfig } from '../../../lib/show/validate.ts';
import { AUTHOR, HOOK, bodyOfLength, filler, showRoot } from './build-show.ts';

const config = { authorName: AUTHOR };

/** The refusal validateShowRoot throws for the root, or null when it passes. */
function refusal(root: { title: string; body: string }, rulesConfig: ShowRulesConfig = config): AppError | null {
  try {
    validateShowRoot(root, rulesConfig);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

function rules(error: AppError | null): string[] {
  if (error === null) return [];
  if (error.code !== 'SHOW_INVALID') return [error.code];
  return error.details?.['rules'] as string[];
}

function problems(error: AppError | null): string[] {
  return (error?.details?.['problems'] as string[] | undefined) ?? [];
}

test('a complete root passes and returns its parsed parts', (t) => {
  const root = showRoot({
    text: 'The median fee per swap fell by half in a week: 0.0004 SOL. https://dexscreener.com/solana/abc',
    evidence: 'DexScreener pair page, 2026-11-20, https://dexscreener.com/solana/abc',
    media: 'a line chart of fees per swap',
  });
  const show = validateShowRoot(root, config);
  t.is(show.hook, HOOK);
  t.is(show.format, 'chart');
  t.is(show.audience, 'people who trade on Solana DEXes');
  t.deepEqual(show.evidence, {
    none: false,
    sources: [{ source: 'DexScreener pair page', date: '2026-11-20', url: 'https://dexscreener.com/solana/abc' }],
  });
  t.is(show.media, 'a line chart of fees per swap');
  t.is(show.link, 'https://dexscreener.com/solana/abc');
  t.deepEqual(show.numbers, ['0.0004']);
  t.deepEqual(show.parts, [show.publishable_text]);
  t.false(show.publishable_text.includes('Format:'));
});

// --- title -------------------------------------------------------------------------------------

for (const [title, ok] of [
  ['Show: Swap fees on the main pools', true],
  ['show:Swap fees on the main pools', true],
  ['Swap fees on the main pools', false],
  ['Show:', false],
  ['Show:    ', false],
  ['Shown: Swap fees on the main pools', false],
] as const) {
  test(`title ${JSON.stringify(title)} ${ok ? 'passes' : 'is SHOW_TITLE_REQUIRED'}`, (t) => {
    t.deepEqual(rules(refusal({ ...showRoot(), title })), ok ? [] : ['SHOW_TITLE_REQUIRED']);
  });
}

// --- SHOW_INVALID: one rule per table, passing at the limit and failing one past it ------------

type Case = { name: string; root: { title: string; body: string }; rule: string; fails: boolean; also?: string[] };

const cases: Case[] = [
  { name: 'hook is the first line', root: showRoot(), rule: 'hook_first_line', fails: false },
  { name: 'hook is not the first line', root: showRoot({ firstLine: 'Something else first' }), rule: 'hook_first_line', fails: true },
  { name: 'hook 12 chars', root: showRoot({ hook: filler(12) }), rule: 'hook_length', fails: false },
  { name: 'hook 11 chars', root: showRoot({ hook: filler(11) }), rule: 'hook_length', fails: true },
  { name: 'hook 140 chars', root: showRoot({ hook: filler(140) }), rule: 'hook_length', fails: false },
  { name: 'hook 141 chars', root: showRoot({ hook: filler(141) }), rule: 'hook_length', fails: true },
  { name: 'body 80 chars', root: bodyOfLength(80), rule: 'body_length', fails: false },
  { name: 'body 79 chars', root: bodyOfLength(79), rule: 'body_length', fails: true },
  { name: 'body 2500 chars', root: bodyOfLength(2500), rule: 'body_length', fails: false },
  { name: 'body 2501 chars', root: bodyOfLength(2501), rule: 'body_length', fails: true },
];

// The publishable text is `${HOOK}\n${text}`: HOOK.length + 1 weighted characters before the text.
const before = HOOK.length + 1;
const weighted: Array<[string, string, boolean]> = [
  ['letters 230', filler(230 - before), false],
  ['letters 231', filler(231 - before), true],
  ['emoji 230', '😀👍🏽🇷🇺 ' + filler(230 - before - 7), false],
  ['emoji 231', '😀👍🏽🇷🇺 ' + filler(231 - before - 7), true],
  ['ZWJ family emoji 230', '👨‍👩‍👧 ' + filler(230 - before - 3), false],
  ['ZWJ family emoji 231', '👨‍👩‍👧 ' + filler(231 - before - 3), true],
  ['CJK 230', '漢字かなカナ한글 ' + filler(230 - before - 17), false],
  ['CJK 231', '漢字かなカナ한글 ' + filler(231 - before - 17), true],
  ['link as written 230', 'https://github.com/nova/fee-charts ' + filler(230 - before - 35), false],
  ['link as written 231', 'https://github.com/nova/fee-charts ' + filler(231 - before - 35), true],
];
for (const [name, text, fails] of weighted) {
  cases.push({ name: `post weighted ${name}`, root: showRoot({ text }), rule: 'post_length', fails });
}
cases.push({
  name: 'meta lines do not count towards 230',
  root: showRoot({ text: filler(230 - before), media: filler(500) }),
  rule: 'post_length',
  fails: false,
});

const part = (n: number) => filler(n);
const thread = (extraParts: string[], first = 'A thread about fees.') => [first, ...extraParts].join('\n---\n');
cases.push(
  { name: 'thread of 8 parts', root: showRoot({ format: 'thread', text: thread(Array(7).fill(part(50))) }), rule: 'thread_parts', fails: false },
  { name: 'thread of 9 parts', root: showRoot({ format: 'thread', text: thread(Array(8).fill(part(50))) }), rule: 'thread_parts', fails: true },
  { name: 'thread part of 280', root: showRoot({ format: 'thread', text: thread([part(280)]) }), rule: 'thread_part_length', fails: false },
  { name: 'thread part of 281', root: showRoot({ format: 'thread', text: thread([part(281)]) }), rule: 'thread_part_length', fails: true },
  { name: 'thread part empty', root: showRoot({ format: 'thread', text: thread(['', part(20)]) }), rule: 'thread_part_empty', fails: true },
  {
    name: "thread's first part 230",
    root: showRoot({ format: 'thread', text: thread([part(280)], filler(230 - before)) }),
    rule: 'post_length',
    fails: false,
  },
  {
    name: "thread's first part 231",
    root: showRoot({ format: 'thread', text: thread([part(280)], filler(231 - before)) }),
    rule: 'post_length',
    fails: true,
  },
  { name: 'one post without separators', root: showRoot({ format: 'post' }), rule: 'one_post', fails: false },
  { name: 'a post with a --- separator is more than one post', root: showRoot({ format: 'post', text: thread([part(20)]) }), rule: 'one_post', fails: true },
);

const withLink = (link: string) => showRoot({ text: `Fees per swap, charted: ${link}` });
cases.push(
  { name: 'one link', root: withLink('https://github.com/nova/fees'), rule: 'links_count', fails: false },
  { name: 'two links', root: withLink('https://github.com/nova/fees and https://gitlab.com/nova/fees'), rule: 'links_count', fails: true },
  { name: 'an allowlisted host', root: withLink('https://dexscreener.com/solana/abc'), rule: 'link_host', fails: false },
  { name: 'a subdomain of an allowlisted host', root: withLink('https://gist.github.com/nova/1'), rule: 'link_host', fails: false },
  { name: 'a host not on the list', root: withLink('https://example.com/fees'), rule: 'link_host', fails: true },
  { name: 'a lookalike host', root: withLink('https://github.com.evil.io/fees'), rule: 'link_host', fails: true },
  { name: 'a host ending in an allowed name', root: withLink('https://notgithub.com/fees'), rule: 'link_host', fails: true },
  { name: 'http instead of https', root: withLink('http://github.com/nova/fees'), rule: 'link_not_https', fails: true },
  { name: 'a bare domain', root: withLink('example.com'), rule: 'link_not_https', fails: true },
  { name: 'a bare allowlisted domain', root: withLink('github.com/nova/fees'), rule: 'link_not_https', fails: true },
  {
    name: 'a bare domain counts towards the link limit',
    root: withLink('https://github.com/nova/fees and pump.fun'),
    rule: 'links_count',
    fails: true,
    also: ['link_not_https'],
  },
  { name: 'credentials in a link', root: withLink('https://user:pw@github.com/nova'), rule: 'link_not_https', fails: true },
);

for (const [line, fails] of [
  ['Built with data from a public explorer.', false],
  ['A tool built by the Solana Foundation.', false],
  ['— by nova', true],
  ['- by Nova', true],
  ['via @nova', true],
  ['via @someone', true],
  ['posted by an agent of the board', true],
  ['Written by me', true],
  ['cc @nova', true],
  ['—Nova', true],
  ['nova-style charts', false],
] as const) {
  cases.push({ name: `credit line ${JSON.stringify(line)}`, root: showRoot({ text: `Fees per swap, charted.\n${line}` }), rule: 'credit_line', fails });
}

cases.push(
  { name: 'Format present', root: showRoot({ format: 'meme' }), rule: 'format_missing', fails: false },
  { name: 'Format missing', root: showRoot({ format: null }), rule: 'format_missing', fails: true },
  { name: 'Format not in the list', root: showRoot({ format: 'essay' }), rule: 'format_invalid', fails: true },
  { name: 'Format in capitals', root: showRoot({ format: 'Dataset' }), rule: 'format_invalid', fails: false },
  { name: 'Audience missing', root: showRoot({ audience: null }), rule: 'audience_missing', fails: true },
  { name: 'Audience empty', root: showRoot({ audience: '' }), rule: 'audience_missing', fails: true },
  { name: 'Evidence missing', root: showRoot({ evidence: null }), rule: 'evidence_missing', fails: true },
  { name: 'Evidence empty', root: showRoot({ evidence: '' }), rule: 'evidence_missing', fails: true },
  { name: 'Evidence none without numbers', root: showRoot({ evidence: 'none' }), rule: 'evidence_missing', fails: false },
  { name: 'Media is optional', root: showRoot({ media: null }), rule: 'evidence_missing', fails: false },
  {
    name: 'text after the meta lines',
    root: { title: `Show: ${HOOK}`, body: `${showRoot().body}\nOne more thing to say.` },
    rule: 'meta_order',
    fails: true,
  },
);

for (const c of cases) {
  test(`${c.name}: ${c.fails ? `fails ${c.rule}` : `passes ${c.rule}`}`, (t) => {
    // Each case breaks its own rule alone, so a limit is never confounded by another fault.
    const found = rules(refusal(c.root, config));
    t.deepEqual(found, c.fails ? [c.rule, ...(c.also ?? [])] : []);
  });
}

test('the length builders hit their targets', (t) => {
  t.is(charLength(bodyOfLength(80).body), 80);
  t.is(charLength(bodyOfLength(2501).body), 2501);
  t.is(showWeightedLength(`${HOOK}\n${weighted[2]?.[1]}`), 230);
  t.is(showWeightedLength(`${HOOK}\n${weighted[6]?.[1]}`), 230);
  t.is(showWeightedLength(`${HOOK}\n${weighted[8]?.[1]}`), 230);
});

test('every fault is listed at once, with the rule names beside the texts', (t) => {
  const result = refusal(
    { title: 'Show: short', body: 'Another line\nVisit example.com now — by nova\nFormat: essay\nEvidence: none' + ' '.repeat(10) },
    config,
  );
  t.deepEqual(rules(result), ['hook_first_line', 'hook_length', 'body_length', 'link_not_https', 'credit_line', 'format_invalid', 'audience_missing']);
  t.is(problems(result).length, 7);
});

// --- numbers and their sources -----------------------------------------------------------------

const SOURCE = 'numbers need a named, dated source';
const URL_TEXT = 'numbers need an allowlisted source URL';
const numbered = 'The median fee per swap fell to 0.0004 SOL in a week.';
const evidenceCases: Array<[string, string | null, string[]]> = [
  ['named, dated, allowlisted', 'DexScreener, 2026-11-20, https://dexscreener.com/solana/abc', []],
  ['several sources', 'DexScreener, 2026-11-20, https://dexscreener.com/a; Solscan, 2026-11-19, https://solscan.io/tx/b', []],
  ['no Evidence line', null, [SOURCE, URL_TEXT]],
  ['Evidence: none', 'none', [SOURCE, URL_TEXT]],
  ['no date', 'DexScreener, https://dexscreener.com/solana/abc', [SOURCE]],
  ['an impossible date', 'DexScreener, 2026-02-30, https://dexscreener.com/solana/abc', [SOURCE]],
  ['no name', '2026-11-20, https://dexscreener.com/solana/abc', [SOURCE]],
  ['no URL', 'DexScreener, 2026-11-20', [URL_TEXT]],
  ['a URL off the list', 'Some blog, 2026-11-20, https://example.com/fees', [URL_TEXT]],
  ['an http URL', 'DexScreener, 2026-11-20, http://dexscreener.com/solana/abc', [URL_TEXT]],
  ['a bare domain', 'DexScreener, 2026-11-20, dexscreener.com/solana/abc', [URL_TEXT]],
  ['one good source and one without a date', 'DexScreener, 2026-11-20, https://dexscreener.com/a; Solscan, https://solscan.io/b', [SOURCE]],
];
for (const [name, evidence, expected] of evidenceCases) {
  test(`a number with ${name}: ${expected.length === 0 ? 'passes' : expected.join(' + ')}`, (t) => {
    const result = refusal(showRoot({ text: numbered, evidence }));
    const found = problems(result).filter((p) => p === SOURCE || p === URL_TEXT);
    t.deepEqual(found, expected);
    if (expected.length > 0) t.deepEqual(result?.details?.['numbers'], ['0.0004']);
  });
}

test('Evidence items may follow one Evidence line as a list', (t) => {
  const root = showRoot({ text: numbered, evidence: '\n- DexScreener, 2026-11-20, https://dexscreener.com/a\n- Solscan, 2026-11-20, https://solscan.io/b' });
  t.is(validateShowRoot(root, config).evidence.sources.length, 2);
});

test("the service's own host is allowed when configured", (t) => {
  const hosts = showAllowedHosts('https://board.example.org');
  const root = showRoot({ text: 'Fees, charted live: https://board.example.org/show' });
  t.is(refusal(root, { ...config, allowedHosts: hosts }), null);
  t.deepEqual(rules(refusal(root, config)), ['link_host']);
});

// --- fixed order ---------------------------------------------------------------------------------

// The real key-like detector, as posting wires it in (lib/show/board.ts).

test('order: the title comes before the secret check', (t) => {
  const root = showRoot({ text: 'key svc_ak_0123456789abcdefghij' });
  t.deepEqual(rules(refusal({ ...root, title: 'no prefix' }, { ...config, secretCheck })), ['SHOW_TITLE_REQUIRED']);
});

test('order: the secret check comes before the format', (t) => {
  const root = showRoot({ text: 'key svc_ak_0123456789abcdefghij', format: null });
  t.deepEqual(rules(refusal(root, { ...config, secretCheck })), ['SECRET_LIKE']);
});

test('order: the format comes before ranking, self-pitch and price talk', (t) => {
  const root = showRoot({ text: 'Our crew ranks the top five memecoins that will moon.', audience: null });
  t.deepEqual(rules(refusal(root, config)), ['audience_missing']);
});

test('order: ranking, then self-pitch, then price talk', (t) => {
  const all = refusal(showRoot({ text: 'Our crew ranks the top five memecoins that will moon.' }), config);
  t.deepEqual(rules(all), ['SHOW_TOKEN_RANKING']);
  const pitchAndPrice = refusal(showRoot({ text: 'Our crew thinks this chart is bullish.' }));
  t.deepEqual(rules(pitchAndPrice), ['SELF_PITCH']);
  const price = refusal(showRoot({ text: 'This chart is bullish.' }));
  t.deepEqual(rules(price), ['PRICE_TALK']);
  t.is(price?.details?.['match'], 'bullish');
});

test('self-pitch also catches the names the caller passes', (t) => {
  const root = showRoot({ text: 'Scout and Quill charted this over the week.' });
  t.is(refusal(root), null);
  const result = refusal(root, { ...config, selfNames: ['Quill'] });
  t.deepEqual(rules(result), ['SELF_PITCH']);
  t.is(result?.details?.['match'], 'Quill');
});

test('links never trip the content rules: pump.fun is a host, not price talk', (t) => {
  t.is(refusal(showRoot({ text: 'The launch page: https://pump.fun/coin/abc' })), null);
});
