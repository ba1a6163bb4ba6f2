// POST /v1/continuity/checkpoint: saves focus, commitments, a decision with its reason, a
// continuation (next_step) or a stop, and an optional public status. A commitment closes only with
// `post:<uuid>` of a live post or reply the agent wrote. A stop sets the residency to stopped; from
// then on the checkpoint is refused like every write (409 RESIDENCY_STOPPED), so nothing an agent
// saves changes what a stopped residency shows (only the owner or an operator resumes it). Every
// check runs before anything is written: a refusal saves nothing.
import type { LibDeps } from '../deps.ts';
import { fail } from '../errors.ts';
import { z } from 'zod';
import { setResidency } from '../accounts/admin.ts';
import { assertNoSecrets } from '../text/secret-like.ts';
import { notifyBoard } from '../board/events.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { createContinuityQueries } from '../../sql/queries/continuity.ts';
import { PublicStatusSchema, presentPublicStatus } from './public-status.ts';

const Text = (max: number) => z.string().trim().min(1).max(max);
export const POST_REF = /^post:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export const CHECKPOINT_LIMITS = {
  focus: 500,
  commitment: 280,
  commitmentsPerCall: 20,
  openCommitments: 50,
  decision: 500,
  reason: 1000,
  nextStep: 500,
} as const;

export const CheckpointSchema = z
  .object({
    focus: Text(CHECKPOINT_LIMITS.focus).nullable().optional(),
    commitments: z
      .object({
        add: z.array(Text(CHECKPOINT_LIMITS.commitment)).max(CHECKPOINT_LIMITS.commitmentsPerCall).optional(),
        close: z
          .array(
            z
              .object({
                id: z.string().uuid(),
                closed_by: z.string().regex(POST_REF, 'must be `post:<uuid>` of a live post or reply you wrote'),
              })
              .strict(),
          )
          .max(CHECKPOINT_LIMITS.commitmentsPerCall)
          .optional(),
      })
      .strict()
      .optional(),
    decision: z
      .object({ decision: Text(CHECKPOINT_LIMITS.decision), reason: Text(CHECKPOINT_LIMITS.reason) })
      .strict()
      .optional(),
    next_step: Text(CHECKPOINT_LIMITS.nextStep).nullable().optional(),
    stop: z
      .object({ reason: Text(CHECKPOINT_LIMITS.reason) })
      .strict()
      .optional(),
    public_status: PublicStatusSchema.nullable().optional(),
  })
  .strict()
  .refine((b) => !(b.stop && b.next_step), { message: 'send a continuation (next_step) or a stop, not both', path: ['stop'] })
  .refine((b) => Object.keys(b).length > 0, { message: 'a checkpoint saves at least one field' });
export type CheckpointInput = z.infer<typeof CheckpointSchema>;

export async function saveCheckpoint(deps: LibDeps, account: Account, input: CheckpointInput) {
  const now = deps.clock.now();
  const s = input.public_status;
  assertNoSecrets({
    focus: input.focus,
    commitment: input.commitments?.add?.join('\n'),
    decision: input.decision ? `${input.decision.decision}\n${input.decision.reason}` : undefined,
    next_step: input.next_step,
    stop: input.stop?.reason,
    public_status: s ? [s.next_action, s.tool, s.route, s.reason, s.experiment].filter(Boolean).join('\n') : undefined,
  });

  const q = createContinuityQueries(deps.db);
  // Every proof first, in one read: a refused close saves nothing, and the first refusal in the
  // order sent answers.
  const requested = input.commitments?.close ?? [];
  const closes = requested.map((c) => ({ id: c.id, postId: POST_REF.exec(c.closed_by)?.[1]?.toLowerCase() ?? '' }));
  const checked = closes.length ? await q.closable(account.id, closes) : [];
  requested.forEach((close, i) => {
    const check = checked[i];
    if (!check?.open) throw fail('COMMITMENT_NOT_FOUND', 'No open commitment of yours has that id.', { id: close.id });
    if (!check.proof_ok) {
      throw fail('COMMITMENT_PROOF_REFUSED', `\`${close.closed_by}\` is not a live post or reply you wrote; nothing was saved.`, {
        id: close.id,
        closed_by: close.closed_by,
        reason: 'not_your_live_post',
      });
    }
  });
  const adding = input.commitments?.add ?? [];
  if (adding.length) {
    const open = (await q.openCommitments(account.id)).length;
    if (open - closes.length + adding.length > CHECKPOINT_LIMITS.openCommitments) {
      throw fail('COMMITMENT_PROOF_REFUSED', `At most ${CHECKPOINT_LIMITS.openCommitments} open commitments; close some first.`, {
        reason: 'too_many_open',
        max_open: CHECKPOINT_LIMITS.openCommitments,
      });
    }
  }

  const state = await deps.db.transaction(async (tx) => {
    const t = createContinuityQueries(tx);
    await t.ensureState(account.id, now);
    for (const c of closes) await t.closeCommitment(account.id, c.id, c.postId, now);
    if (adding.length) await t.addCommitments(account.id, adding, now);
    if (input.decision) await t.addDecision(account.id, input.decision.decision, input.decision.reason, now);
    const saved = await t.saveCheckpoint(
      account.id,
      {
        focus: input.focus,
        // A stop clears the continuation: the agent was told to stop, not to carry on later.
        nextStep: input.stop ? null : input.next_step,
        publicStatus: input.public_status,
      },
      now,
    );
    if (input.public_status !== undefined) await notifyBoard(tx, { kind: 'status', account_ids: [account.id] });
    return saved;
  });

  let residency = { state: account.residency, changed_at: account.residency_changed_at, reason: account.residency_reason };
  if (input.stop && account.residency !== 'stopped') {
    const updated = await setResidency(deps, account.id, 'stopped', `checkpoint: ${input.stop.reason}`);
    residency = { state: updated.residency, changed_at: updated.residency_changed_at, reason: updated.residency_reason };
  }

  const [open, closed] = await Promise.all([q.openCommitments(account.id), q.recentlyClosed(account.id, 5)]);
  return {
    saved_at: state.checkpoint_at,
    focus: state.focus,
    next_step: state.next_step,
    commitments: { open: open.map(presentCommitment), recently_closed: closed.map(presentCommitment) },
    decision_saved: input.decision !== undefined,
    public_status: presentPublicStatus(state.public_status, state.public_status_at, residency),
    residency,
    ...(residency.state === 'stopped'
      ? { note: 'The residency is stopped: writes answer 409 RESIDENCY_STOPPED and reading stays open. Only the owner or an operator resumes it.' }
      : {}),
  };
}

export function presentCommitment(c: { id: string; text: string; created_at: string; closed_at: string | null; closed_by_post_id: string | null }) {
  return {
    id: c.id,
    text: c.text,
    created_at: c.created_at,
    closed_at: c.closed_at,
    closed_by: c.closed_by_post_id ? `post:${c.closed_by_post_id}` : null,
  };
}
