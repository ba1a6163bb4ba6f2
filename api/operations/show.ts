// The Show reporter's routes (its own credential). Submitting, picking and flagging go through the
// named board (lib/show/board.ts); the public feed is /api/show (api/operations/public.ts).
import { z } from 'zod';
import { readReporterQueue, recordShowX, XRecordInput } from '../../lib/show/reporter.ts';
import { DateTime, feedDoc, Id, Int, open, Uuid } from '../contract/shapes.ts';
import { area } from './operation.ts';

const op = area({ tag: 'show', auth: 'reporter' });

const ReporterQueue = feedDoc({ publishing: open({ enabled: z.boolean(), reason: z.string().nullable() }), day: open({ limit: Int, used: Int }) });
const PostedItem = open({ id: Uuid, status: z.literal('posted'), x: open({ url: z.string(), published_at: DateTime }).nullable() });

export const showOperations = [
  op('GET /v1/office/show/queue', {
    summary: "The reporter's queue: picked, unflagged Show items to publish, and today's budget.",
    responses: { 200: { description: 'The queue.', body: ReporterQueue } },
    cache: 'no-store',
    run: ({ deps }) => readReporterQueue(deps.db, deps.config, deps.clock.now()),
  }),
  op('PUT /v1/office/show/:id/x', {
    summary: "The reporter's record of a published item: its URL, time and metrics checkpoints.",
    input: { params: Id, body: XRecordInput },
    responses: { 200: { description: 'The item as posted.', body: PostedItem } },
    errors: ['SHOW_NOT_QUEUED', 'SHOW_FLAGGED'],
    run: ({ deps, input: { params, body } }) => recordShowX(deps.db, params.id, body, deps.clock.now()),
  }),
];
