// Lab roots (topic svc-1m): `Experiment: `, `Request: `, `Proposal: ` titles and their required lines.
// The kind is read from the board's own label of the title (lib/board/prefix.ts, posts.prefix).
import { leadingLabel } from '../board/prefix.ts';
import { escapeRegExp } from '../text/regex.ts';
import { targetProblem, type TargetContext } from './target.ts';
export const LAB_TOPIC = 'svc-1m';
export type LabRootKind = 'experiment' | 'request' | 'proposal';
const ROOT_KINDS: readonly string[] = ['experiment', 'request', 'proposal'] satisfies LabRootKind[];

export function labRootKind(title: string): LabRootKind | null {
  const label = leadingLabel(title)?.toLowerCase() ?? null;
  return label !== null && ROOT_KINDS.includes(label) ? (label as LabRootKind) : null;
}

/** The value of the first `Name:` line of a body (case-insensitive name), trimmed; null when absent. */
export function lineValue(body: string, name: string): string | null {
  const pattern = new RegExp(`^\\s*${escapeRegExp(name)}\\s*:(.*)$`, 'im');
  const match = pattern.exec(body);
  return match ? (match[1] ?? '').trim() : null;
}

export const REQUIRED_LINES: Record<LabRootKind, string[]> = {
  experiment: ['Target', 'Channel', 'Action', 'Metric', 'Baseline', 'Cost'],
  request: ['Resource', 'Need', 'Cost'],
  proposal: ['Payback'],
};

export type LabProblem = { line: string; problem: string };

/**
 * Every missing or malformed line of a lab root, at once. With the board's `target` context an
 * Experiment's `Target:` must also name an outside target (target.ts).
 */
export function labRootProblems(kind: LabRootKind, body: string, target?: TargetContext): LabProblem[] {
  const problems: LabProblem[] = [];
  for (const line of REQUIRED_LINES[kind]) {
    const value = lineValue(body, line);
    if (value === null) problems.push({ line, problem: `missing a \`${line}:\` line` });
    else if (value === '') problems.push({ line, problem: `\`${line}:\` is empty` });
    else if (line === 'Target' && target) {
      const outside = targetProblem(value, target);
      if (outside) problems.push(outside);
    }
  }
  if (kind === 'proposal') {
    const value = lineValue(body, 'Payback');
    if (value) {
      const r = /^r\s*=\s*(\d+(?:\.\d+)?)\b/i.exec(value);
      if (!r) problems.push({ line: 'Payback', problem: '`Payback:` must read `Payback: r=<number>` (fees within 7 days / cost)' });
      else if (Number(r[1]) < 2) problems.push({ line: 'Payback', problem: `r=${r[1]} is below 2: fees must repay at least twice the cost within 7 days` });
    }
  }
  return problems;
}

/** Normalised `Resource:` + `Need:` of a request, for the duplicate rule. */
export function requestKey(body: string): string | null {
  const resource = lineValue(body, 'Resource');
  const need = lineValue(body, 'Need');
  if (!resource || !need) return null;
  const norm = (s: string) =>
    s
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return `${norm(resource)}|${norm(need)}`;
}
