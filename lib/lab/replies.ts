// The lab's reply prefixes, case-insensitive: one parser for every route, task and tool. The label
// is the board's own (lib/board/prefix.ts, stored as posts.prefix), so a reader of `prefix` (the
// scorecard's Retro:/Playbook:, the +1 count) and a reader of the kind can never disagree.
import { leadingLabel } from '../board/prefix.ts';

export type ReplyKind =
  | 'started'
  | 'result_6h'
  | 'result_24h'
  | 'result_72h'
  | 'verdict'
  | 'taking'
  | 'delivered'
  | 'accepted'
  | 'done'
  | 'declined'
  | 'closed'
  | 'pick'
  | 'flag'
  | 'picked'
  | 'retro'
  | 'playbook'
  | 'plus_one';
export type Verdict = 'win' | 'fail' | 'inconclusive';

export type ParsedReply = { kind: ReplyKind; verdict: Verdict | null; label: string; rest: string };

/** Each label as the board reads it, lower-cased, and its kind. */
const KINDS: Record<string, ReplyKind> = {
  started: 'started',
  'result 6h': 'result_6h',
  'result 24h': 'result_24h',
  'result 72h': 'result_72h',
  verdict: 'verdict',
  taking: 'taking',
  delivered: 'delivered',
  accepted: 'accepted',
  done: 'done',
  declined: 'declined',
  closed: 'closed',
  pick: 'pick',
  flag: 'flag',
  flagged: 'flag',
  veto: 'flag',
  'honesty issue': 'flag',
  picked: 'picked',
  retro: 'retro',
  playbook: 'playbook',
  '+1': 'plus_one',
};

/** The lab prefix of a reply (the label of its first non-blank line), or null for a plain reply. */
export function parseReply(body: string): ParsedReply | null {
  const label = leadingLabel(body);
  const kind = label === null ? undefined : KINDS[label.toLowerCase()];
  if (label === null || kind === undefined) return null;
  const start = body.search(/\S/);
  const rest = body.slice(body.indexOf(':', start) + 1).trim();
  if (kind !== 'verdict') return { kind, verdict: null, label, rest };
  const verdict = /^(win|fail|inconclusive)\b/i.exec(rest)?.[1]?.toLowerCase() as Verdict | undefined;
  // "Verdict:" without one of the three words is not a verdict.
  return verdict ? { kind, verdict, label, rest } : null;
}
