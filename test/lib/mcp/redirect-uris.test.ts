// The redirect URI rule (RFC 9700 §2.1, RFC 8252) and the one way a redirect URI reaches a header.
import test from 'ava';
import { cspSourceOf, REDIRECT_URI_MAX_CHARS, redirectUriProblem } from '../../../lib/mcp/redirect-uris.ts';
import { isClientMetadataUrl } from '../../../lib/mcp/client-metadata.ts';

const accepted = [
  'https://app.example.com/callback',
  'https://app.example.com/cb?from=mcp&x=1',
  'https://app.example.com',
  'https://app.example.com/',
  'https://app.example.com:8443/oauth/callback',
  'https://xn--exmple-cua.com/cb',
  'https://203.0.113.7/cb',
  'http://127.0.0.1:33418/callback',
  'http://127.0.0.1/callback',
  'http://[::1]:8080/cb',
  'http://localhost:6274/oauth/callback',
];

const refused = [
  // not https, and not loopback http (RFC 8252 §7.3)
  'http://attacker.example/cb',
  'http://127.0.0.1.evil.example/cb',
  'http://localhost.evil.example/cb',
  'http://10.0.0.1/cb',
  'ftp://app.example.com/cb',
  'javascript:alert(1)',
  'data:text/html,hi',
  'com.example.app:/oauth2redirect',
  'app.example.com/cb',
  // a host that is no plain name: would split a CSP directive or a header
  'https://evil;sandbox/cb',
  "https://evil'unsafe-inline'/cb",
  'https://a,b.example/cb',
  'https://a$b.example/cb',
  'https://a_b.example/cb',
  'https://-a.example/cb',
  // userinfo, fragment
  'https://user@app.example.com/cb',
  'https://user:pw@app.example.com/cb',
  'https://app.example.com/cb#frag',
  'https://app.example.com/cb#',
  // not its own serialisation: whitespace, controls, backslashes, case, default port, dot segments,
  // characters the parser escapes, Unicode hosts
  ' https://app.example.com/cb',
  'https://app.example.com/cb ',
  'https://app.example.com/c b',
  'https://app.example.com/cb\n',
  'https://app.exa\tmple.com/cb',
  'https://app.example.com\\cb',
  'HTTPS://APP.EXAMPLE.COM/cb',
  'https://app.example.com:443/cb',
  'http://127.0.0.1:80/cb',
  'https://app.example.com/a/../cb',
  'https://app.example.com/cb?x=<y>',
  'https://app.example.com/"cb',
  'https://exämple.com/cb',
  'https://app.example.com/cb\u0000',
  // not strings, empty, too long
  '',
  `https://app.example.com/${'a'.repeat(REDIRECT_URI_MAX_CHARS)}`,
];

test('redirect URIs: https or loopback http, plain and well-formed; everything else refused with a reason', (t) => {
  for (const uri of accepted) t.is(redirectUriProblem(uri), null, uri);
  for (const uri of refused) t.truthy(redirectUriProblem(uri), JSON.stringify(uri));
  for (const value of [null, undefined, 42, ['https://app.example.com/cb'], {}]) t.truthy(redirectUriProblem(value), String(value));
  // The edge of the length bound: at the limit passes, one past is refused.
  const base = 'https://app.example.com/';
  t.is(redirectUriProblem(base + 'a'.repeat(REDIRECT_URI_MAX_CHARS - base.length)), null);
  t.truthy(redirectUriProblem(base + 'a'.repeat(REDIRECT_URI_MAX_CHARS - base.length + 1)));
});

test('the CSP source of a redirect URI is its plain origin, and nothing for a URI the rule refuses', (t) => {
  t.is(cspSourceOf('https://app.example.com:8443/cb?x=1'), 'https://app.example.com:8443');
  t.is(cspSourceOf('http://127.0.0.1:1/callback'), 'http://127.0.0.1:1');
  t.is(cspSourceOf('http://[::1]:8080/cb'), 'http://[::1]:8080');
  for (const uri of refused) t.is(cspSourceOf(uri), null, JSON.stringify(uri));
  for (const uri of accepted) t.regex(cspSourceOf(uri)!, /^https?:\/\/[a-z0-9.:[\]-]+$/, uri);
});

test('a client_id is read as a metadata document URL only when it is a plain https URL with a path', (t) => {
  t.true(isClientMetadataUrl('https://client.example.com/oauth/client.json'));
  t.true(isClientMetadataUrl('https://client.example.com:8443/client'));
  for (const id of [
    'https://client.example.com',
    'https://client.example.com/',
    'http://client.example.com/c.json',
    'https://client.example.com/c.json#x',
    'https://u@client.example.com/c.json',
    'https://client.example.com/a/../c.json',
    'abc123',
    'https://evil;x/c.json',
  ]) {
    t.false(isClientMetadataUrl(id), id);
  }
});
