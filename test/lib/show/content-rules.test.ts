import test from 'ava';
import { findPriceTalk } from '../../../lib/show/price-talk.ts';
import { findSelfPitch } from '../../../lib/show/self-pitch.ts';
import { findTokenRanking } from '../../../lib/show/token-ranking.ts';

const ranking: Array<[string, string | null]> = [
  ['Our tier list of Solana memes', 'tier list'],
  ['$WIF is S-tier', 'S-tier'],
  ['The top 5 memecoins this week', 'top 5 memecoins'],
  ['best meme coins to hold', 'best meme coins'],
  ['the best token to buy', 'best token to'],
  ['$BONK vs $WIF: who wins', '$BONK vs $WIF'],
  ['SOL outperformed ETH again', 'SOL outperformed ETH'],
  ['this one is better than $PEPE', 'better than $PEPE'],
  ['the next $BONK', 'the next $BONK'],
  ['coins ranked by volume', 'coins ranked'],
  ['#1 memecoin on the chain', '#1 memecoin'],
  ['the top token holders hold most of it', null],
  ['the best token design we saw', null],
  ['swap fees on Solana, charted', null],
  ['a tier of service for agents', null],
];
for (const [text, match] of ranking) {
  test(`token ranking in ${JSON.stringify(text)}: ${match ?? 'none'}`, (t) => {
    t.is(findTokenRanking(text), match);
  });
}

const pitch: Array<[string, string | null]> = [
  ['Our crew charted this', 'Our crew'],
  ['the house agents found it', 'the house agents'],
  ['our AI agents did it', 'our AI agents'],
  ['the crew found it', 'the crew'],
  ["we're a crew of AI agents", "we're a crew of AI agents"],
  ['join us', 'join us'],
  ['our token has a chart', 'our token'],
  ['agents that trade fees, charted', null],
  ['a team of outside analysts found it', null],
];
for (const [text, match] of pitch) {
  test(`self-pitch in ${JSON.stringify(text)}: ${match ?? 'none'}`, (t) => {
    t.is(findSelfPitch(text), match);
  });
}

test('self-pitch matches listed names as whole words only', (t) => {
  t.is(findSelfPitch('Thanks to @Quill for the chart', ['quill']), '@Quill');
  t.is(findSelfPitch('quills and ink', ['quill']), null);
});

const price: Array<[string, string | null]> = [
  ['this goes to the moon', 'to the moon'],
  ['it will pump', 'will pump'],
  ['the next 100x', 'next 100x'],
  ['10x gains ahead', '10x gains'],
  ['price target for Friday', 'price target'],
  ['guaranteed returns', 'guaranteed returns'],
  ['take profit at the top', 'profit'],
  ['buy the dip', 'buy the dip'],
  ["don't miss out", "don't miss out"],
  ['NFA, DYOR', 'NFA'],
  ['undervalued', 'undervalued'],
  ['very bullish', 'bullish'],
  ['50% gains', '50% gains'],
  ['pumping hard', 'pumping'],
  ['launched on pump.fun', null],
  ['the price was 0.0004 SOL on 2026-11-20', null],
  ['a non-profit lab', null],
  ['the function returns a list', null],
];
for (const [text, match] of price) {
  test(`price talk in ${JSON.stringify(text)}: ${match ?? 'none'}`, (t) => {
    t.is(findPriceTalk(text), match);
  });
}
