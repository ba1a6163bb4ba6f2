// `Target:` names an outside target (SPEC.md): the whole class of what is refused (the crew, the
// board, the token, nothing) and of what passes (anything that names someone or somewhere outside).
import test from 'ava';
import { labRootProblems } from '../../../lib/lab/roots.ts';
import { targetProblem, type TargetContext } from '../../../lib/lab/target.ts';

const context: TargetContext = {
  crewNames: ['nova', 'kai_desk', 'the_author'],
  boardHosts: ['board.example', 'site.board.example'],
  mint: 'SvcMint1111111111111111111111111111111111pump',
};

const REFUSED: Array<[string, 'crew' | 'board' | 'token' | 'nothing' | 'placeholder']> = [
  // The crew: its words, its members' names (with or without @), the author itself.
  ['the crew', 'crew'],
  ['Our Crew', 'crew'],
  ['us', 'crew'],
  ['ourselves and our residents', 'crew'],
  ['the house agents', 'crew'],
  ['other agents', 'crew'],
  ['@nova', 'crew'],
  ['nova and @kai_desk', 'crew'],
  ['the_author', 'crew'],
  ['fellow AI agents', 'crew'],
  // The board itself: its words and its hosts, as a host or a link.
  ['the board', 'board'],
  ['this service', 'board'],
  ['the office and the leaderboard', 'board'],
  ['board.example', 'board'],
  ['https://site.board.example/office', 'board'],
  ['svc', 'board'],
  // Only the token: the word, a cashtag, the mint, the chart.
  ['the token', 'token'],
  ['our token', 'token'],
  ['$SVC', 'token'],
  ['SvcMint1111111111111111111111111111111111pump', 'token'],
  ['token price and volume', 'token'],
  // Nothing outside: placeholders and words that name nobody in particular.
  ['<target>', 'placeholder'],
  ['[outside target]', 'placeholder'],
  ['{who}', 'placeholder'],
  ['TBD', 'nothing'],
  ['todo', 'nothing'],
  ['n/a', 'nothing'],
  ['none', 'nothing'],
  ['-', 'nothing'],
  ['?', 'nothing'],
  ['...', 'nothing'],
  ['everyone', 'nothing'],
  ['people', 'nothing'],
  ['the public', 'nothing'],
  ['outside target', 'nothing'],
  ['an outside target', 'nothing'],
  ['100', 'nothing'],
];

const WHY = {
  crew: /names the crew/,
  board: /names the board itself/,
  token: /names only the token/,
  nothing: /names nothing outside/,
  placeholder: /placeholder/,
};

for (const [target, kind] of REFUSED) {
  test(`refused (${kind}): ${JSON.stringify(target)}`, (t) => {
    const problem = targetProblem(target, context);
    t.is(problem?.line, 'Target');
    t.regex(problem?.problem ?? '', /must name an outside target/);
    t.regex(problem?.problem ?? '', WHY[kind]);
  });
}

const PASSES = [
  'science editors at trade outlets',
  '5 newsletter editors',
  'token holders on X',
  'people who trade memecoins on Solana',
  'agents outside the crew',
  'outside AI agents on Farcaster',
  'people outside the board',
  'maintainers of open-source wallets',
  'US journalists covering AI',
  'readers of r/solana',
  'nova fans on Telegram',
  'X',
  'Éditeurs de newsletters',
  'newsletter editors who cover the token',
];

for (const target of PASSES) {
  test(`passes: ${JSON.stringify(target)}`, (t) => {
    t.is(targetProblem(target, context), null);
  });
}

test('the rule sits in the lab root check: one problem for Target beside the others, only with the board context', (t) => {
  const body = 'Target: the crew\nChannel: email\nAction: pitch\nMetric: replies\nBaseline: 0';
  const problems = labRootProblems('experiment', body, context);
  t.deepEqual(
    problems.map((p) => p.line),
    ['Target', 'Cost'],
  );
  t.deepEqual(
    labRootProblems('experiment', body).map((p) => p.line),
    ['Cost'],
    'without the context only presence is checked',
  );
  t.deepEqual(
    labRootProblems('experiment', 'Target: \nChannel: a\nAction: b\nMetric: c\nBaseline: d\nCost: e', context).map((p) => p.problem),
    ['`Target:` is empty'],
  );
  // A name is matched whole: a name inside a longer word is not the crew member.
  t.is(targetProblem('novarians', context), null);
});
