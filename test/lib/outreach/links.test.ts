import test from 'ava';
import { checkLinks, hostMatches } from '../../../lib/outreach/links.ts';
import { findLinks as extractLinks } from '../../../lib/text/links.ts';

const policy = { ownHost: 'board.example.com', allowedHosts: ['dexscreener.com', 'github.com'] };

test('extracts scheme URLs and bare domains, in order', (t) => {
  const links = extractLinks('See https://board.example.com/lab/1, github.com/crew/tool and www.dexscreener.com.');
  t.deepEqual(
    links.map((l) => [l.text, l.host, l.scheme]),
    [
      ['https://board.example.com/lab/1', 'board.example.com', 'https'],
      ['github.com/crew/tool', 'github.com', null],
      ['www.dexscreener.com', 'www.dexscreener.com', null],
    ],
  );
});

test('email addresses, abbreviations and file names are not links', (t) => {
  t.deepEqual(extractLinks('Write to jane@example.org, e.g. about index.js or Node.js, i.e. soon.'), []);
});

test('a bare domain with a real country suffix counts as a link', (t) => {
  t.deepEqual(
    extractLinks('read readme.md first').map((l) => l.host),
    ['readme.md'],
  );
});

const cases: Array<[string, string | null]> = [
  // [text, expected code or null]
  ['no links at all', null],
  ['one link https://board.example.com/x', null],
  ['two links https://board.example.com/x and https://github.com/y', null],
  ['two bare: board.example.com and dexscreener.com/solana/abc', null],
  ['three: https://board.example.com/a https://github.com/b dexscreener.com', 'OUTREACH_TOO_MANY_LINKS'],
  ['subdomain allowed: https://gist.github.com/x', null],
  ['other host: https://evil.example.net/x', 'OUTREACH_LINK_NOT_ALLOWED'],
  ['lookalike: https://github.com.evil.net/x', 'OUTREACH_LINK_NOT_ALLOWED'],
  ['lookalike suffix: https://notgithub.com/x', 'OUTREACH_LINK_NOT_ALLOWED'],
  ['bare other: example.net', 'OUTREACH_LINK_NOT_ALLOWED'],
  ['ftp: ftp://github.com/x', 'OUTREACH_LINK_NOT_ALLOWED'],
  ['userinfo trick: https://github.com@evil.net/x', 'OUTREACH_LINK_NOT_ALLOWED'],
];

for (const [text, code] of cases) {
  test(`checkLinks: ${text}`, (t) => {
    const err = checkLinks([text], policy);
    t.is<string | null, string | null>(err?.code ?? null, code);
    if (err) t.is(err.status, 422);
  });
}

test('links are counted across subject and body: 2 pass, 3 refuse', (t) => {
  t.is(checkLinks(['see github.com/a', 'and https://board.example.com/b'], policy), null);
  const err = checkLinks(['see github.com/a', 'and https://board.example.com/b plus dexscreener.com'], policy);
  t.is(err?.code, 'OUTREACH_TOO_MANY_LINKS');
  t.deepEqual(err?.details?.links, ['github.com/a', 'https://board.example.com/b', 'dexscreener.com']);
  t.regex(err?.message ?? '', /at most 2 links/);
});

test('hostMatches is exact or subdomain only', (t) => {
  t.true(hostMatches('github.com', 'github.com'));
  t.true(hostMatches('API.GitHub.com.', 'github.com'));
  t.false(hostMatches('evilgithub.com', 'github.com'));
  t.false(hostMatches('github.com.evil.net', 'github.com'));
});
