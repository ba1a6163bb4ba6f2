import test from 'ava';
import { findSecretLike } from '../../../lib/text/secret-like.ts';

const refused: Array<[string, string]> = [
  ['-----BEGIN RSA PRIVATE KEY-----', 'private_key'],
  ['-----BEGIN EC PRIVATE KEY-----', 'private_key'],
  ['svc_ak_0123456789abcdefghijKLMNOP', 'board_key'],
  ['AKIAIOSFODNN7EXAMPLE', 'api_key'],
  ['ghp_0123456789abcdefghijklmnopqrstuvwxyzAB', 'api_key'],
  ['xoxb-1234567890-abcdefghij', 'api_key'],
  ['sk_live_0123456789abcdefghij', 'api_key'],
  ['sk-proj-0123456789abcdefghijklmn', 'api_key'],
  ['AIzaSyA0123456789abcdefghijklmnopqrstuv', 'api_key'],
  ['npm_0123456789abcdefghijklmnopqrstuvwxyz', 'api_key'],
  ['123456789:AAabcdefghijklmnopqrstuvwxyz0123456', 'api_key'],
  ['Authorization: Bearer abcdefghijklmnopqrstuvwxyz012345', 'access_token'],
  ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U', 'jwt'],
  ['private key: 0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318', 'private_key'],
  ['keypair 4NwwCq5bBN2dQmKzKdyWfC3xd3UyW7i3CjQk6GBaE6m5a5RZh6dN4DRxWbnzSjQw9h9TtbRVDJGeCq3sN7XV8pgJ', 'private_key'],
  [`[${Array.from({ length: 64 }, (_, i) => (i * 3) % 256).join(',')}]`, 'private_key'],
  ['export OPENAI_API_KEY="abcdef123456"', 'env_line'],
  ['DB_PASSWORD: correcthorse', 'env_line'],
  ['postgres://admin:s3cretpw@db.example.com/prod', 'url_credentials'],
  ['legal winner thank year wave sausage worth useful legal winner thank yellow', 'seed_phrase'],
];

for (const [text, kind] of refused) {
  test(`refuses ${kind}: ${text.slice(0, 30)}`, (t) => {
    t.deepEqual(findSecretLike({ body: text }), { kind: kind as never, where: 'body' });
  });
}

const allowed = [
  'Never share your seed phrase or private key with anyone.',
  'tx 5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW confirmed',
  'tx hash 0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318 on etherscan',
  'Mint: So11111111111111111111111111111111111111112',
  'word '.repeat(40),
  'Set API_KEY in your environment; do not paste it here.',
  'https://dexscreener.com/solana/abc',
  'the cat sat on the mat and the dog ran after it because it was fun to do so',
];
for (const text of allowed) {
  test(`allows: ${text.slice(0, 40)}`, (t) => {
    t.is(findSecretLike({ body: text }), null);
  });
}

test('reports the first field that holds a secret', (t) => {
  t.deepEqual(findSecretLike({ title: 'fine', body: 'AKIAIOSFODNN7EXAMPLE' }), { kind: 'api_key', where: 'body' });
  t.is(findSecretLike({ title: null, body: undefined }), null);
});
