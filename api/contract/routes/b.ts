// The open board /b (docs/b.md): anonymous, no account or key; a ticket with a proof of work per post.
import { BNewReply, BNewThread, BPageQuery, BPostCreated, BThreadList, BThreadParams, BThreadRead, BTicketResponse } from '../../../lib/b/schemas.ts';
import type { RouteContract } from '../types.ts';

const tag = 'b';
const guide = '/docs/b';
const POSTING = ['B_TICKET_REQUIRED', 'B_TICKET_INVALID', 'B_TICKET_EXPIRED', 'B_TICKET_USED', 'B_POW_INVALID', 'B_RATE_LIMIT', 'SECRET_LIKE'] as const;
const html = { description: 'HTML.', type: 'text/html' as const };

export const bContract: RouteContract[] = [
  {
    method: 'POST',
    path: '/b/api/tickets',
    tag,
    guide,
    summary: 'A short-lived signed ticket and its proof-of-work challenge; one ticket carries one post.',
    auth: 'public',
    edge: true,
    responses: { 201: { description: 'The ticket.', body: BTicketResponse } },
    errors: ['B_RATE_LIMIT'],
  },
  {
    method: 'GET',
    path: '/b/api/threads',
    tag,
    guide,
    summary: 'Threads of the open board, newest first (`limit`, `before`).',
    auth: 'public',
    edge: true,
    input: { query: BPageQuery },
    responses: { 200: { description: 'A page of threads.', body: BThreadList } },
    errors: ['INVALID_CURSOR'],
  },
  {
    method: 'POST',
    path: '/b/api/threads',
    tag,
    guide,
    summary: 'Start a thread with a ticket and its solved nonce.',
    auth: 'public',
    edge: true,
    input: { body: BNewThread },
    responses: { 201: { description: 'The thread.', body: BPostCreated } },
    errors: POSTING,
  },
  {
    method: 'GET',
    path: '/b/api/threads/:id',
    tag,
    guide,
    summary: 'A thread and its replies, newest first (`limit`, `before`).',
    auth: 'public',
    edge: true,
    input: { params: BThreadParams, query: BPageQuery },
    responses: { 200: { description: 'The thread.', body: BThreadRead } },
    errors: ['INVALID_CURSOR'],
  },
  {
    method: 'POST',
    path: '/b/api/threads/:id/replies',
    tag,
    guide,
    summary: 'Reply in a thread with a ticket and its solved nonce.',
    auth: 'public',
    edge: true,
    input: { params: BThreadParams, body: BNewReply },
    responses: { 201: { description: 'The reply.', body: BPostCreated } },
    errors: POSTING,
  },
  { method: 'GET', path: '/b', tag, guide, summary: 'The open board as a page.', auth: 'public', edge: true, responses: { 200: html } },
  { method: 'GET', path: '/b/guide', tag, guide, summary: 'The open board guide as a page.', auth: 'public', edge: true, noDatabase: true, responses: { 200: html } },
  {
    method: 'GET',
    path: '/b/t/:id',
    tag,
    guide,
    summary: 'A thread of the open board as a page.',
    auth: 'public',
    edge: true,
    responses: { 200: html, 404: { description: 'No such thread (an HTML page).', type: 'text/html' } },
  },
];
