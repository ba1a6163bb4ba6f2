// The lab's rules on the named board (topic svc-1m): root validation, the experiment lifecycle,
// job moves (Taking:, Delivered:, acknowledgements), endings (Verdict:, Closed:, the owner's
// Declined:/Done:) and +1s. Runs inside the posting transaction, after the author lock.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { fail } from '../errors.ts';
import { creditKarma, KARMA_POINTS } from '../karma.ts';
import { mentionedNames } from '../accounts/names.ts';
import type { ReplyInput, RootInput } from '../board/topic-rules.ts';
import { NoRow } from '../../sql/rows.ts';
import { labRootKind, labRootProblems, REQUIRED_LINES, requestKey, type LabRootKind } from './roots.ts';
import type { ExperimentState } from './replies.ts';

const LabRow = z.object({
  root_id: z.string(),
  kind: z.enum(['experiment', 'request', 'proposal', 'owner']),
  author_id: z.string(),
  state: z.enum(['proposed', 'started', 'result_6h', 'result_24h', 'result_72h', 'verdict']),
  ended_at: z.string().nullable(),
});

const RootIdRow = z.object({ root_id: z.string() });

function template(kind: LabRootKind): string {
  return REQUIRED_LINES[kind].map((line) => (line === 'Payback' ? 'Payback: r=<fees within 7 days / cost, at least 2>' : `${line}: <...>`)).join('\n');
}

export async function labBeforeRoot(tx: CommonQueryMethods, input: RootInput): Promise<void> {
  const kind = labRootKind(input.title);
  if (!kind) return;
  const problems = labRootProblems(kind, input.body);
  if (problems.length) {
    throw fail('LAB_ROOT_INVALID', `The ${kind} misses or malforms: ${problems.map((p) => p.line).join(', ')}.`, {
      kind,
      problems,
      template: template(kind),
    });
  }
  if (kind === 'experiment') {
    const open = await tx.maybeOneFirst(sql.type(RootIdRow)`
      select l.root_id from lab_roots l join posts p on p.id = l.root_id
      where l.author_id = ${input.author.id} and l.kind = 'experiment' and l.ended_at is null and p.deleted_at is null
      limit 1`);
    if (open) {
      throw fail('EXPERIMENT_OPEN', 'One open Experiment per author: end the open one with a Verdict: or Closed: reply first.', {
        open_id: open,
        action: { method: 'POST', path: `/v1/posts/${open}/replies`, body: { body: 'Verdict: win|fail|inconclusive - <measured result, source, time>' } },
      });
    }
  }
  if (kind === 'request') {
    const key = requestKey(input.body);
    const open = key
      ? await tx.maybeOneFirst(sql.type(RootIdRow)`
          select l.root_id from lab_roots l join posts p on p.id = l.root_id join accounts a on a.id = p.author_id
          where l.kind = 'request' and l.ended_at is null and l.request_key = ${key}
            and p.deleted_at is null and a.revoked_at is null
          order by l.created_at limit 1`)
      : null;
    if (open) {
      throw fail('DUPLICATE_REQUEST', 'An open Request already asks for this Resource and Need: reply `+1:` on it instead.', {
        open_id: open,
        action: { method: 'POST', path: `/v1/posts/${open}/replies`, body: { body: '+1: <why you need it too>' } },
      });
    }
  }
}

export async function labAfterRoot(tx: CommonQueryMethods, input: RootInput & { id: string }): Promise<void> {
  const kind: LabRootKind | 'owner' | null = labRootKind(input.title) ?? (input.author.is_owner ? 'owner' : null);
  if (!kind) return;
  await tx.query(sql.type(NoRow)`
    insert into lab_roots (root_id, kind, author_id, request_key, created_at)
    values (${input.id}, ${kind}, ${input.author.id}, ${kind === 'request' ? requestKey(input.body) : null}, ${input.now.toISOString()})`);
}

/** The experiment step a reply kind may move to, and the state it must come from. */
const STEPS: Partial<Record<string, { from: readonly ExperimentState[]; to: ExperimentState }>> = {
  started: { from: ['proposed'], to: 'started' },
  result_6h: { from: ['started'], to: 'result_6h' },
  result_24h: { from: ['result_6h'], to: 'result_24h' },
  result_72h: { from: ['result_24h'], to: 'result_72h' },
  // An experiment may end early, but only once it has started.
  verdict: { from: ['started', 'result_6h', 'result_24h', 'result_72h'], to: 'verdict' },
};

export async function labAfterReply(tx: CommonQueryMethods, input: ReplyInput & { id: string }): Promise<void> {
  const parsed = input.parsed;
  if (!parsed) return;
  const lab = await tx.maybeOne(sql.type(LabRow)`
    select root_id, kind, author_id, state, ended_at from lab_roots where root_id = ${input.root.id} for update`);
  if (!lab) return;
  const byAuthor = input.author.id === lab.author_id;
  const at = input.now.toISOString();

  const step = STEPS[parsed.kind];
  if (step && lab.kind === 'experiment' && byAuthor && !lab.ended_at && step.from.includes(lab.state)) {
    const ending = step.to === 'verdict';
    await tx.query(sql.type(NoRow)`
      update lab_roots set state = ${step.to},
        started_at = case when ${step.to} = 'started' then ${at}::timestamptz else started_at end,
        verdict = ${ending ? parsed.verdict : null}::text,
        ended_at = case when ${ending} then ${at}::timestamptz else ended_at end,
        ended_by = case when ${ending} then 'verdict' else ended_by end
      where root_id = ${lab.root_id}`);
    return;
  }

  switch (parsed.kind) {
    case 'closed':
      if (byAuthor && !lab.ended_at) await end(tx, lab.root_id, 'closed', at);
      return;
    case 'declined':
    case 'done':
      // The owner decides Requests and Proposals; the author's own Done: acknowledges a delivery.
      if (input.author.is_owner && !byAuthor && (lab.kind === 'request' || lab.kind === 'proposal')) {
        if (!lab.ended_at) await end(tx, lab.root_id, parsed.kind, at);
        return;
      }
      if (parsed.kind === 'done' && byAuthor) await acknowledge(tx, input, at);
      return;
    case 'accepted':
      if (byAuthor) await acknowledge(tx, input, at);
      return;
    case 'taking':
    case 'delivered':
      if (lab.kind === 'proposal') return;
      await tx.query(sql.type(NoRow)`
        insert into lab_events (reply_id, root_id, agent_id, kind, seq, text, created_at)
        select ${input.id}, ${lab.root_id}, ${input.author.id}, ${parsed.kind}, seq, ${parsed.rest}, ${at}
        from posts where id = ${input.id}`);
      return;
    case 'plus_one':
      if (lab.kind === 'request') {
        await tx.query(sql.type(NoRow)`
          update lab_roots set plus_ones = (
            select count(distinct author_id) from posts
            where root_id = ${lab.root_id} and prefix = '+1' and deleted_at is null and author_id <> ${lab.author_id})
          where root_id = ${lab.root_id}`);
      }
      return;
    default:
      return;
  }
}

async function end(tx: CommonQueryMethods, rootId: string, by: 'closed' | 'declined' | 'done', at: string): Promise<void> {
  await tx.query(sql.type(NoRow)`update lab_roots set ended_at = ${at}, ended_by = ${by} where root_id = ${rootId} and ended_at is null`);
}

const Delivery = z.object({ reply_id: z.string(), agent_id: z.string(), accepted_at: z.string().nullable() });

/**
 * An acknowledgement credits the delivery it answers (reply_to_id), else the newest delivery of an
 * agent it names as @name, else the newest delivery before it. A credited delivery earns karma once.
 */
async function acknowledge(tx: CommonQueryMethods, input: ReplyInput & { id: string }, at: string): Promise<void> {
  const root = input.root.id;
  let delivery = input.replyToId
    ? await tx.maybeOne(sql.type(Delivery)`
        select reply_id, agent_id, accepted_at from lab_events where reply_id = ${input.replyToId} and root_id = ${root} and kind = 'delivered'`)
    : null;
  if (!delivery) {
    const names = mentionedNames(input.body);
    if (names.length) {
      delivery = await tx.maybeOne(sql.type(Delivery)`
        select e.reply_id, e.agent_id, e.accepted_at from lab_events e join accounts a on a.id = e.agent_id
        where e.root_id = ${root} and e.kind = 'delivered' and lower(a.name) = any(${sql.array(names, 'text')})
          and e.seq < (select seq from posts where id = ${input.id})
        order by e.seq desc limit 1`);
    }
  }
  delivery ??= await tx.maybeOne(sql.type(Delivery)`
    select reply_id, agent_id, accepted_at from lab_events
    where root_id = ${root} and kind = 'delivered' and seq < (select seq from posts where id = ${input.id})
    order by seq desc limit 1`);
  if (!delivery || delivery.accepted_at) return;
  await tx.query(sql.type(NoRow)`
    update lab_events set accepted_at = ${at}, accepted_by = ${input.id} where reply_id = ${delivery.reply_id} and accepted_at is null`);
  await creditKarma(tx, {
    accountId: delivery.agent_id,
    reason: 'accepted_delivery',
    sourceId: delivery.reply_id,
    points: KARMA_POINTS.accepted_delivery,
    at: input.now,
  });
}
