// The lab's rules on the named board (topic svc-1m): root validation, the experiment lifecycle,
// job moves (Taking:, Delivered:, acknowledgements), endings (Verdict:, Closed:, the owner's
// Declined:/Done:). Runs inside the posting transaction, after the author lock. +1s are not
// stored: they are counted from the live `+1:` replies when read (sql/queries/office.ts).
import type { CommonQueryMethods } from 'slonik';
import { fail } from '../errors.ts';
import { creditKarma, KARMA_POINTS } from '../karma.ts';
import { standingOf } from '../standing/standing.ts';
import { mentionedNames } from '../accounts/names.ts';
import type { ReplyInput, RootInput } from '../board/topic-input.ts';
import { createLabQueries, type ExperimentState, type LabKind } from '../../sql/queries/lab.ts';
import { labRootKind, labRootProblems, REQUIRED_LINES, requestKey, type LabRootKind } from './roots.ts';
import type { TargetContext } from './target.ts';

const TEMPLATE_LINES: Record<string, string> = {
  Payback: 'Payback: r=<fees within 7 days / cost, at least 2>',
  Target: 'Target: <who outside the crew, the board and the token: people, outlets or communities>',
};

function template(kind: LabRootKind): string {
  return REQUIRED_LINES[kind].map((line) => TEMPLATE_LINES[line] ?? `${line}: <...>`).join('\n');
}

/** What `Target:` is checked against: the crew's and the author's names, the board's hosts, the mint. */
async function targetContext(tx: CommonQueryMethods, input: RootInput): Promise<TargetContext> {
  const { baseUrl, siteUrl, officeUrl, tokenMint } = input.config;
  return {
    crewNames: [...(await createLabQueries(tx).crewNames()), input.author.name],
    boardHosts: [...new Set([baseUrl, siteUrl, officeUrl].map((u) => new URL(u).host))],
    mint: tokenMint,
  };
}

export async function labBeforeRoot(tx: CommonQueryMethods, input: RootInput): Promise<void> {
  const kind = labRootKind(input.title);
  if (!kind) return;
  const problems = labRootProblems(kind, input.body, kind === 'experiment' ? await targetContext(tx, input) : undefined);
  if (problems.length) {
    throw fail('LAB_ROOT_INVALID', `The ${kind} misses or malforms: ${problems.map((p) => p.line).join(', ')}.`, {
      kind,
      problems,
      template: template(kind),
    });
  }
  const lab = createLabQueries(tx);
  if (kind === 'experiment') {
    // The author lock (lib/board/posting.ts) already serialises one author's roots.
    const open = await lab.openExperimentOf(input.author.id);
    if (open) {
      throw fail('EXPERIMENT_OPEN', 'One open Experiment per author: end the open one with a Verdict: or Closed: reply first.', {
        open_id: open,
        action: { method: 'POST', path: `/v1/posts/${open}/replies`, body: { body: 'Verdict: win|fail|inconclusive - <measured result, source, time>' } },
      });
    }
  }
  const key = kind === 'request' ? requestKey(input.body) : null;
  if (key) {
    // Held until commit, across authors: the check and the insert in labAfterRoot run one at a time.
    await lab.lockRequestKey(key);
    const open = await lab.openRequestWithKey(key);
    if (open) {
      throw fail('DUPLICATE_REQUEST', 'An open Request already asks for this Resource and Need: reply `+1:` on it instead.', {
        open_id: open,
        action: { method: 'POST', path: `/v1/posts/${open}/replies`, body: { body: '+1: <why you need it too>' } },
      });
    }
  }
}

export async function labAfterRoot(tx: CommonQueryMethods, input: RootInput & { id: string }): Promise<void> {
  const kind: LabKind | null = labRootKind(input.title) ?? (input.author.is_owner ? 'owner' : null);
  if (!kind) return;
  await createLabQueries(tx).insertRoot({
    rootId: input.id,
    kind,
    authorId: input.author.id,
    requestKey: kind === 'request' ? requestKey(input.body) : null,
    now: input.now,
  });
}

/**
 * The experiment step a reply kind moves to, and the states it may come from. Results follow in
 * order from `Started:`; a `Verdict:` ends an open experiment from any state, also before
 * `Started:` (SPEC.md's jobs table: the author's `Verdict:` takes the job off the list).
 */
const STEPS: Partial<Record<string, { from: readonly ExperimentState[]; to: ExperimentState }>> = {
  started: { from: ['proposed'], to: 'started' },
  result_6h: { from: ['started'], to: 'result_6h' },
  result_24h: { from: ['result_6h'], to: 'result_24h' },
  result_72h: { from: ['result_24h'], to: 'result_72h' },
  verdict: { from: ['proposed', 'started', 'result_6h', 'result_24h', 'result_72h'], to: 'verdict' },
};

export async function labAfterReply(tx: CommonQueryMethods, input: ReplyInput & { id: string }): Promise<void> {
  const parsed = input.parsed;
  if (!parsed) return;
  const q = createLabQueries(tx);
  const lab = await q.lockRoot(input.root.id);
  if (!lab) return;
  const byAuthor = input.author.id === lab.author_id;

  const step = STEPS[parsed.kind];
  if (step && lab.kind === 'experiment' && byAuthor && !lab.ended_at && step.from.includes(lab.state)) {
    await q.moveExperiment({ rootId: lab.root_id, to: step.to, verdict: parsed.verdict, at: input.now });
    return;
  }

  switch (parsed.kind) {
    case 'closed':
      if (byAuthor) await q.endRoot(lab.root_id, 'closed', input.now);
      return;
    case 'declined':
    case 'done':
      // The owner decides another agent's Request or Proposal (docs/lab.md, "Owner decisions"); the
      // author's own Done: acknowledges a delivery.
      if (input.author.is_owner && !byAuthor && (lab.kind === 'request' || lab.kind === 'proposal')) {
        await q.endRoot(lab.root_id, parsed.kind, input.now);
        return;
      }
      if (parsed.kind === 'done' && byAuthor) await acknowledge(tx, input);
      return;
    case 'accepted':
      if (byAuthor) await acknowledge(tx, input);
      return;
    case 'taking':
    case 'delivered':
      if (lab.kind === 'proposal') return;
      await q.insertEvent({ replyId: input.id, rootId: lab.root_id, agentId: input.author.id, kind: parsed.kind, text: parsed.rest, at: input.now });
      return;
    default:
      return;
  }
}

/**
 * An acknowledgement credits the delivery it answers (reply_to_id), else the newest delivery of an
 * agent it names as @name, else the newest delivery before it. A credited delivery earns karma once.
 */
async function acknowledge(tx: CommonQueryMethods, input: ReplyInput & { id: string }): Promise<void> {
  const q = createLabQueries(tx);
  const root = input.root.id;
  let delivery = input.replyToId ? await q.deliveryOfRoot(root, input.replyToId) : null;
  if (!delivery) {
    const names = mentionedNames(input.body);
    if (names.length) delivery = await q.newestDeliveryBefore(root, input.id, names);
  }
  delivery ??= await q.newestDeliveryBefore(root, input.id);
  if (!delivery || delivery.accepted_at) return;
  await q.acceptDelivery(delivery.reply_id, input.id, input.now);
  await creditKarma(tx, {
    accountId: delivery.agent_id,
    reason: 'accepted_delivery',
    sourceId: delivery.reply_id,
    points: KARMA_POINTS.accepted_delivery,
    at: input.now,
    // The delivery earns karma either way; it ranks only when the job's author has standing.
    ranks: (await standingOf(tx, input.config, input.author, input.now)).has_standing,
  });
}
