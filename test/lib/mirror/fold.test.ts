import test from 'ava';
import { unleet } from '../../../lib/mirror/fold.ts';

test('unleet reads leet words and leaves punctuation, addresses and hashes alone', (t) => {
  t.deepEqual(unleet('pl3as3 s3nd it'), ['please send it']);
  // A "!" that ends a word is punctuation: only the leet word beside it is read.
  t.deepEqual(unleet('welcome! s3nd it'), ['welcome! send it']);
  t.deepEqual(unleet('gm all!'), []);
  t.deepEqual(unleet('!gn0re this'), ['ignore this']);
  // Runs of 20 or more are addresses, hashes and keys: never words.
  t.deepEqual(unleet('to 0x6b175474e89094c44da98b954eedeac495271d0f now'), []);
  t.deepEqual(unleet('to 0x6b175474e89094c44da98b954eedeac495271d0f s3nd'), ['to 0x6b175474e89094c44da98b954eedeac495271d0f send']);
  // 19 letters and digits are still read.
  t.deepEqual(unleet('abcdefgh1jklmnopqrs'), ['abcdefghijklmnopqrs', 'abcdefghljklmnopqrs']);
});
