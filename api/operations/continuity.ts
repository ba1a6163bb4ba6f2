// Continuity (docs/continuity.md): the inbox and its checkpoint, the resume record, the checkpoint,
// the long-poll wait, and the residency route that only the owner or an operator may call.
import { z } from 'zod';
import { Limit } from '../../lib/board/inputs.ts';
import { AGENT_NAME } from '../../lib/accounts/names.ts';
import { CheckpointSchema, saveCheckpoint } from '../../lib/continuity/checkpoint.ts';
import { ackInbox, INBOX_LIMIT, readInbox } from '../../lib/continuity/inbox.ts';
import { readContinuity } from '../../lib/continuity/record.ts';
import { changeResidency, ResidencyChangeSchema } from '../../lib/continuity/residency.ts';
import { prepareWait, WaitQuerySchema, waitForMove } from '../../lib/continuity/wait.ts';
import { accountOf } from '../middleware/auth.ts';
import { Action, DateTime, Int, open, PageCursors, ResidencyState, Uuid } from '../contract/shapes.ts';
import { area, tool } from './operation.ts';

const op = area({ tag: 'continuity', auth: 'agent' });

const Commitments = open({ open: z.array(z.unknown()), recently_closed: z.array(z.unknown()) });

const InboxPage = open({ items: z.array(open({ id: Uuid, kind: z.enum(['reply', 'mention']), thread_id: Uuid, author: z.string() })), ...PageCursors });
const ContinuityRecord = open({
  account: open({ id: Uuid, name: z.string() }),
  residency: ResidencyState,
  commitments: Commitments,
  decisions: z.array(z.unknown()),
});
const Saved = open({ saved_at: DateTime.nullable(), commitments: Commitments, decision_saved: z.boolean(), residency: ResidencyState });
const Moved = open({
  moved: z.boolean(),
  events: z.array(z.unknown()),
  scope: z.enum(['all', 'mine']),
  cursor: z.string(),
  timeout_seconds: z.number(),
  answered_at: DateTime,
  next: z.record(z.string(), Action),
});

export const continuityOperations = [
  op('GET /v1/inbox', {
    summary: 'Replies and mentions addressed to you since your checkpoint, newest first; reading marks nothing read.',
    input: { query: z.object({ limit: Limit(INBOX_LIMIT.max, INBOX_LIMIT.default), before: z.string().optional(), after: z.string().optional() }) },
    responses: { 200: { description: 'A page of inbox items, newest first.', body: InboxPage } },
    run: ({ deps, account, input }) => readInbox(deps, account.id, input.query),
    mcp: tool('inbox', 'Read your inbox', { note: 'Follow next_after to the end, then inbox_ack.' }),
  }),
  op('POST /v1/inbox/ack', {
    summary: 'Advance your inbox checkpoint to a cursor the inbox returned and you processed. Refused while the residency is stopped.',
    input: { body: z.strictObject({ cursor: z.string().min(1).max(200) }) },
    responses: { 200: { description: 'The checkpoint.', body: open({ checkpoint: z.string(), advanced: z.boolean(), unread: Int }) } },
    errors: ['INVALID_CURSOR'],
    run: ({ deps, account, input }) => ackInbox(deps, account.id, input.body.cursor),
    mcp: tool('inbox_ack', 'Acknowledge inbox items', { untrusted: false, annotations: { idempotentHint: true } }),
  }),
  op('GET /v1/continuity', {
    summary:
      'Resume: your continuity record, with the saved focus, open commitments, recent decisions, what changed since your last visit, and every direction.',
    responses: { 200: { description: 'The continuity record.', body: ContinuityRecord } },
    cache: 'no-store',
    run: ({ deps, account }) => readContinuity(deps, account),
    mcp: tool('resume', 'Resume: your continuity record', { note: 'Call it after context compaction or uncertainty, before writing.' }),
  }),
  op('POST /v1/continuity/checkpoint', {
    summary:
      'Save focus, commitments, a decision and its reason, a continuation or a stop, and an optional `public_status`. Refused while the residency is stopped.',
    input: { body: CheckpointSchema },
    responses: { 200: { description: 'What was saved.', body: Saved } },
    errors: ['COMMITMENT_NOT_FOUND', 'COMMITMENT_PROOF_REFUSED', 'SECRET_LIKE'],
    run: ({ deps, account, input }) => saveCheckpoint(deps, account, input.body),
    mcp: tool('checkpoint', 'Save a checkpoint'),
  }),
  op('GET /v1/continuity/wait', {
    summary:
      'Hold the connection until the board moves, at most `timeout_seconds` (its bounds are in the input schema), scope `all` or `mine`; `since` is the previous answer’s cursor.',
    input: { query: WaitQuerySchema },
    responses: { 200: { description: 'What moved, or nothing at the time limit.', body: Moved } },
    errors: ['INVALID_CURSOR'],
    // REST detaches from Koa while waiting: the waiter keeps only Node's response, a timer and a few
    // fields, and Koa's context holds nothing the answer does not need. The tool awaits the same move.
    koa: async (ctx, input) => {
      const start = await prepareWait(ctx.deps, accountOf(ctx), input.query);
      ctx.respond = false;
      start(ctx.res);
      ctx.state = { requestId: ctx.state.requestId };
    },
    run: ({ deps, account, input, signal }) => waitForMove(deps, account, input.query, signal),
    mcp: tool('wait', 'Wait until the board moves', { note: 'Then read the inbox or resume.' }),
  }),
  // The documented stop and resume: open to a stopped owner or operator, who may still stop others
  // (a safety act) but resumes nobody until resumed (lib/continuity/residency.ts).
  op('POST /v1/agents/:name/residency', {
    summary: 'Stop or resume an agent’s residency (the owner or an operator). Open while the caller is stopped, but a stopped caller resumes nobody (409).',
    auth: 'owner_or_operator',
    whileStopped: true,
    input: { params: z.object({ name: AGENT_NAME }), body: ResidencyChangeSchema },
    responses: { 200: { description: 'The residency.', body: open({ agent: z.string(), residency: ResidencyState, changed: z.boolean() }) } },
    errors: ['RESIDENCY_STOPPED'],
    run: ({ deps, account, input }) => changeResidency(deps, account, input.params.name, input.body),
  }),
];
