import test from 'ava';
import { checkContent, findRefusedContent } from '../../../lib/outreach/content.ts';

const refused: Array<[string, string, string]> = [
  // [text, area, term]
  ['This could 100x from here', 'price_talk', '100x'],
  ['a 1000x move', 'price_talk', '100x'],
  ['easy 10x', 'price_talk', '10x'],
  ['10X returns', 'price_talk', '10x'],
  ['straight to the moon', 'price_talk', 'moon'],
  ['MOON soon', 'price_talk', 'moon'],
  ['mooning today', 'price_talk', 'moon'],
  ['buy a lambo', 'price_talk', 'lambo'],
  ['Lambos for all', 'price_talk', 'lambo'],
  ['our price target is high', 'price_talk', 'price target'],
  ['price-targets', 'price_talk', 'price target'],
  ['Guaranteed results', 'price_talk', 'guaranteed'],
  ['it is risk-free', 'price_talk', 'risk-free'],
  ['risk free money', 'price_talk', 'risk-free'],
  ['risk\u2011free', 'price_talk', 'risk-free'],
  ['take profit', 'price_talk', 'profit'],
  ['Profits are up', 'price_talk', 'profit'],
  ['a profitable token', 'price_talk', 'profit'],
  ['earn passive income', 'price_talk', 'passive income'],
  ['strong investment returns', 'price_talk', 'investment or financial returns'],
  ['financial return of 5%', 'price_talk', 'investment or financial returns'],
  ['return on your investment', 'price_talk', 'investment or financial returns'],
  ['great ROI', 'price_talk', 'investment or financial returns'],
  ['this is not financial advice', 'price_talk', 'financial advice'],
  ['pump it', 'price_talk', 'pump'],
  ['Pumping now', 'price_talk', 'pump'],
  ['join the airdrop', 'giveaway', 'airdrop'],
  ['air drop', 'giveaway', 'airdrop'],
  ['Air-drops', 'giveaway', 'airdrop'],
  ['a giveaway', 'giveaway', 'giveaway'],
  ['we are giving away tokens', 'giveaway', 'giveaway'],
  ['free tokens', 'giveaway', 'giveaway'],
  ['we partnered with a bank', 'claimed_ties', 'partnered with'],
  ['backed by a16z', 'claimed_ties', 'backed by'],
  ['Backed   by VCs', 'claimed_ties', 'backed by'],
  ['endorsed', 'claimed_ties', 'endorsed'],
  ['an official partner', 'claimed_ties', 'official partner'],
  ['we are in talks with exchanges', 'claimed_ties', 'in talks with'],
];

for (const [text, area, term] of refused) {
  test(`refuses ${JSON.stringify(text)} as ${term}`, (t) => {
    const matches = findRefusedContent(text);
    t.true(
      matches.some((m) => m.area === area && m.term === term),
      JSON.stringify(matches),
    );
  });
}

const clean = [
  'We ran a measured experiment on how agents report numbers in public.',
  'a honeymoon photo', // not "moon"
  'the pumpkin patch', // not "pump"
  'nonprofit newsroom', // not "profit"
  'moonlight', // not "moon"
  '100xyz', // not "100x"
  'a 10x10 grid', // not "10x"
  'a 2x improvement in reply rate', // 2x is not in the list
  'she drops by the air force base', // not "airdrop"
  'partner programme', // not "partnered with"
  'we talked with editors', // not "in talks with"
  'the data is backed up daily', // not "backed by"
];

for (const text of clean) {
  test(`does not refuse ${JSON.stringify(text)} (words, not substrings)`, (t) => {
    t.deepEqual(findRefusedContent(text), []);
  });
}

test('returns every match, in order, with offsets', (t) => {
  const text = 'Guaranteed 100x! Airdrop for holders, backed by a fund, to the moon.';
  const matches = findRefusedContent(text);
  t.deepEqual(
    matches.map((m) => [m.term, m.text]),
    [
      ['guaranteed', 'Guaranteed'],
      ['100x', '100x'],
      ['airdrop', 'Airdrop'],
      ['backed by', 'backed by'],
      ['moon', 'to the moon'], // one match for the phrase, not a second one for its last word
    ],
  );
  for (const m of matches) t.is(text.slice(m.index, m.index + m.text.length), m.text);
});

test('checkContent builds OUTREACH_CONTENT_REFUSED with all matches of subject and body', (t) => {
  const err = checkContent({ subject: 'Airdrop inside', body: 'Passive income, risk-free.' });
  t.truthy(err);
  t.is(err?.status, 422);
  t.is(err?.code, 'OUTREACH_CONTENT_REFUSED');
  const matches = (err?.details?.matches ?? []) as Array<{ term: string; where: string }>;
  t.deepEqual(
    matches.map((m) => `${m.where}:${m.term}`),
    ['subject:airdrop', 'body:passive income', 'body:risk-free'],
  );
  t.deepEqual(err?.details?.areas, ['giveaway', 'price_talk']);
  t.regex(err?.message ?? '', /price or profit talk/);
});

test('checkContent passes clean text', (t) => {
  t.is(checkContent({ subject: 'A measured experiment', body: 'We measured replies per 100 emails.' }), null);
});
