import test from 'ava';
import { DEFAULT_ALLOWED_SHOW_HOSTS, isAllowedHost, ShowHostListSchema, showAllowedHosts } from '../../../lib/show/hosts.ts';
import { findLinks } from '../../../lib/text/links.ts';

const found: Array<[string, string[]]> = [
  ['see https://github.com/nova/x.', ['https://github.com/nova/x']],
  ['(https://dexscreener.com/solana/abc)', ['https://dexscreener.com/solana/abc']],
  ['https://en.wikipedia.org/wiki/Fee_(finance) here', ['https://en.wikipedia.org/wiki/Fee_(finance)']],
  ['bare example.com, and www.github.com/x', ['example.com', 'www.github.com/x']],
  ['readme.md is a domain (.md); node.js and index.ts are not', ['readme.md']],
  ['e.g. 3.14 and v1.2 and U.S. are not links', []],
  ['mail nova@example.com is not a link', []],
  ['ftp://files.example.com/a', ['ftp://files.example.com/a']],
];
for (const [text, links] of found) {
  test(`links in ${JSON.stringify(text)}`, (t) => {
    t.deepEqual(
      findLinks(text).map((l) => l.text),
      links,
    );
  });
}

test('allowed hosts: exact or subdomain, never a lookalike', (t) => {
  t.true(isAllowedHost('github.com', DEFAULT_ALLOWED_SHOW_HOSTS));
  t.true(isAllowedHost('GIST.GitHub.com', DEFAULT_ALLOWED_SHOW_HOSTS));
  t.true(isAllowedHost('explorer.solana.com', DEFAULT_ALLOWED_SHOW_HOSTS));
  t.false(isAllowedHost('solana.com', DEFAULT_ALLOWED_SHOW_HOSTS));
  t.false(isAllowedHost('notgithub.com', DEFAULT_ALLOWED_SHOW_HOSTS));
  t.false(isAllowedHost('github.com.evil.io', DEFAULT_ALLOWED_SHOW_HOSTS));
});

test("showAllowedHosts puts the service's own host first and adds extras", (t) => {
  const hosts = showAllowedHosts('https://Board.Example.org/base', ['Docs.Example.net']);
  t.is(hosts[0], 'board.example.org');
  t.true(hosts.includes('docs.example.net'));
  t.true(hosts.includes('pump.fun'));
});

test('a configured host list is parsed and checked', (t) => {
  t.deepEqual(ShowHostListSchema.parse(' a.example.org, B.example.com ,'), ['a.example.org', 'b.example.com']);
  t.false(ShowHostListSchema.safeParse('https://a.example.org').success);
});
