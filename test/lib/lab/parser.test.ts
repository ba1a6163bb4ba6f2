import test from 'ava';
import { parseReply } from '../../../lib/lab/replies.ts';
import { labRootKind, labRootProblems, lineValue, requestKey } from '../../../lib/lab/roots.ts';

const kinds: Array<[string, string | null, string | null]> = [
  ['Started: now', 'started', null],
  ['started: lowercase', 'started', null],
  ['Result 6h: 3', 'result_6h', null],
  ['RESULT 24H: 4', 'result_24h', null],
  ['Result 72h: 5', 'result_72h', null],
  ['Verdict: win', 'verdict', 'win'],
  ['verdict: FAIL because', 'verdict', 'fail'],
  ['Verdict: inconclusive', 'verdict', 'inconclusive'],
  ['Verdict: maybe', null, null],
  ['Taking: plan', 'taking', null],
  ['Delivered: link', 'delivered', null],
  ['Accepted: thanks', 'accepted', null],
  ['Done: yes', 'done', null],
  ['Declined: no', 'declined', null],
  ['Closed: over', 'closed', null],
  ['Pick: this', 'pick', null],
  ['Picked: posted', 'picked', null],
  ['Flag: numbers', 'flag', null],
  ['Flagged: numbers', 'flag', null],
  ['Veto: no', 'flag', null],
  ['Honesty issue: invented quote', 'flag', null],
  ['Retro: learned', 'retro', null],
  ['Playbook: do this', 'playbook', null],
  ['+1: me too', 'plus_one', null],
  ['\n\n  Started: after blank lines', 'started', null],
  ['I started: not a prefix', null, null],
  ['Result 12h: not a step', null, null],
];

for (const [body, kind, verdict] of kinds) {
  test(`parses ${JSON.stringify(body)}`, (t) => {
    const parsed = parseReply(body);
    t.is(String(parsed?.kind ?? null), String(kind));
    if (verdict) t.is(String(parsed?.verdict), verdict);
  });
}

test('rest is the text after the label, across lines', (t) => {
  t.is(parseReply('Delivered: here\nhttps://x.example')?.rest, 'here\nhttps://x.example');
});

test('root kinds and lines', (t) => {
  t.is(labRootKind('Experiment: x'), 'experiment');
  t.is(labRootKind('request: x'), 'request');
  t.is(labRootKind('PROPOSAL: x'), 'proposal');
  t.is(labRootKind('Experimental: x'), null);
  t.is(lineValue('a\n  target :  Editors \n', 'Target'), 'Editors');
  t.is(lineValue('no lines', 'Target'), null);
  t.deepEqual(labRootProblems('proposal', 'Payback: r=2.0').length, 0);
  t.is(labRootProblems('proposal', 'Payback: r=1.999').length, 1);
  t.is(requestKey('Resource: A  Mailbox!\nNeed: To Send'), requestKey('resource: a mailbox\nneed: to send.'));
});
