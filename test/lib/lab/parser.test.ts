import test from 'ava';
import { leadingLabel } from '../../../lib/board/prefix.ts';
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

// One rule for a reply's label: the lab kind is read from the same label the board stores as `prefix`,
// so a reader of `prefix` (scorecard retros, +1 counts) and a reader of the kind never disagree.
for (const body of [
  'Verdict:win, no space after the colon',
  '+1:me too',
  'Started:now',
  'Result 6h:3 replies',
  'Result  6h: two spaces',
  '  Taking:   a plan',
  'Honesty issue: invented quote',
  'Flagged:',
  'Pick:',
  '+1:',
  'Done:\nthe rest on the next line',
  'a plain reply: with a colon',
  'Retro:learned',
]) {
  test(`the lab kind and the stored prefix agree on ${JSON.stringify(body)}`, (t) => {
    const parsed = parseReply(body);
    const prefix = leadingLabel(body);
    if (parsed) t.is(parsed.label as string | null, prefix);
    else t.pass();
    if (prefix === null) t.is(parsed, null);
  });
}

test('a label needs a space or the line end after its colon, as the stored prefix does', (t) => {
  t.is(parseReply('Verdict:win'), null);
  t.is(parseReply('+1:me'), null);
  t.is(parseReply('Verdict: win')?.verdict, 'win');
  t.is(parseReply('Done:\nnext line')?.rest, 'next line');
  t.is(parseReply('Pick:')?.kind, 'pick');
});
