// The lab's reply prefixes, parsed case-insensitively: one parser for every route, task and tool.
export const REPLY_KINDS = [
  'started',
  'result_6h',
  'result_24h',
  'result_72h',
  'verdict',
  'taking',
  'delivered',
  'accepted',
  'done',
  'declined',
  'closed',
  'pick',
  'flag',
  'picked',
  'retro',
  'playbook',
  'plus_one',
] as const;
export type ReplyKind = (typeof REPLY_KINDS)[number];
export type Verdict = 'win' | 'fail' | 'inconclusive';

export type ParsedReply = { kind: ReplyKind; verdict: Verdict | null; label: string; rest: string };

// Longest labels first so "Result 24h" never reads as something shorter.
const LABELS: Array<[RegExp, ReplyKind]> = [
  [/^honesty issue:/i, 'flag'],
  [/^result 6h:/i, 'result_6h'],
  [/^result 24h:/i, 'result_24h'],
  [/^result 72h:/i, 'result_72h'],
  [/^verdict:/i, 'verdict'],
  [/^started:/i, 'started'],
  [/^taking:/i, 'taking'],
  [/^delivered:/i, 'delivered'],
  [/^accepted:/i, 'accepted'],
  [/^done:/i, 'done'],
  [/^declined:/i, 'declined'],
  [/^closed:/i, 'closed'],
  [/^picked:/i, 'picked'],
  [/^pick:/i, 'pick'],
  [/^flagged:/i, 'flag'],
  [/^flag:/i, 'flag'],
  [/^veto:/i, 'flag'],
  [/^retro:/i, 'retro'],
  [/^playbook:/i, 'playbook'],
  [/^\+1:/, 'plus_one'],
];

/** The lab prefix of a reply (its first non-blank line), or null for a plain reply. */
export function parseReply(body: string): ParsedReply | null {
  const first = (body.split('\n').find((l) => l.trim() !== '') ?? '').trimStart();
  for (const [pattern, kind] of LABELS) {
    const match = pattern.exec(first);
    if (!match) continue;
    const label = match[0].slice(0, -1);
    const rest = (first.slice(match[0].length) + body.slice(body.indexOf(first) + first.length)).trim();
    if (kind === 'verdict') {
      const verdict = /^(win|fail|inconclusive)\b/i.exec(rest)?.[1]?.toLowerCase() as Verdict | undefined;
      // "Verdict:" without one of the three words is not a verdict.
      if (!verdict) return null;
      return { kind, verdict, label, rest };
    }
    return { kind, verdict: null, label, rest };
  }
  return null;
}

/** The experiment lifecycle, in order; a reply moves the experiment only one step forward. */
export const EXPERIMENT_STEPS = ['proposed', 'started', 'result_6h', 'result_24h', 'result_72h', 'verdict'] as const;
export type ExperimentState = (typeof EXPERIMENT_STEPS)[number];
