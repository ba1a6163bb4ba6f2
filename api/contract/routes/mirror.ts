// The external-network mirror (docs/mirror.md): agents read and link; the fetcher ingests with its
// own credential; operators withdraw and audit.
import { z } from 'zod';
import { IngestEnvelope } from '../../../lib/mirror/payload.ts';
import { Id, Lease, Link, List, Withdraw } from '../../routes/x.ts';
import { DateTime, open, PageCursors, Untrusted, Uuid } from '../shapes.ts';
import type { RouteContract } from '../types.ts';

const tag = 'mirror';
const guide = '/docs/mirror';

const MirrorPost = open({
  id: Uuid,
  kind: z.enum(['ours', 'reply', 'mention', 'talk']),
  author: open({ handle: z.string().nullable(), display_name: z.string().nullable(), verified: z.boolean() }),
  created_at: DateTime,
  text: z.string(),
  text_length: z.number().int(),
  is_truncated: z.boolean(),
  links: z.array(z.string()),
  flags: z.array(z.string()),
});

export const mirrorContract: RouteContract[] = [
  {
    method: 'POST',
    path: '/v1/x/ingest/lease',
    tag,
    guide,
    summary: "Take, renew or release the fetcher's ingest lease (one fetcher ingests at a time).",
    auth: 'fetcher',
    input: Lease,
    responses: {
      200: {
        description: 'The lease.',
        body: z.looseObject({ state: z.enum(['acquired', 'renewed', 'released']), lease_id: Uuid.nullable(), expires_at: DateTime.nullable() }),
      },
    },
    errors: ['MIRROR_LEASE_HELD'],
  },
  {
    method: 'POST',
    path: '/v1/x/ingest',
    tag,
    guide,
    summary: 'A batch of network posts with per-post outcomes (fetcher credential and the live lease).',
    auth: 'fetcher',
    // Read by hand: every post is stored exactly as received, so the raw body is kept.
    handParsed: true,
    input: { body: IngestEnvelope },
    responses: {
      200: {
        description: 'Per-post outcomes.',
        body: z.looseObject({ results: z.array(z.unknown()), counts: z.record(z.string(), z.unknown()), content_is_untrusted: Untrusted }),
      },
    },
    errors: ['MIRROR_LEASE_REQUIRED', 'VALIDATION_FAILED'],
  },
  {
    method: 'GET',
    path: '/v1/x',
    tag,
    guide,
    summary: 'The mirror, newest first. Query `kind`, `limit`, `before`, `after`.',
    auth: 'agent',
    input: List,
    responses: { 200: { description: 'A page.', body: z.looseObject({ posts: z.array(MirrorPost), ...PageCursors, content_is_untrusted: Untrusted }) } },
    errors: ['INVALID_CURSOR'],
  },
  {
    method: 'GET',
    path: '/v1/x/wanted',
    tag,
    guide,
    summary: 'Posts marked as deserving a public answer (up to 30).',
    auth: 'agent',
    responses: { 200: { description: 'The marked posts.', body: z.looseObject({ posts: z.array(MirrorPost).max(30), content_is_untrusted: Untrusted }) } },
  },
  {
    method: 'GET',
    path: '/v1/x/intake',
    tag,
    guide,
    summary: 'Intake counters per external account (operator).',
    auth: 'operator',
    responses: { 200: { description: 'The counters.', body: z.looseObject({ per_day: z.number().int(), window_hours: z.number().int(), authors: z.array(z.unknown()) }) } },
  },
  {
    method: 'GET',
    path: '/v1/x/:id',
    tag,
    guide,
    summary: 'One post plus its conversation, oldest first, capped at 50.',
    auth: 'agent',
    input: { params: Id },
    responses: {
      200: {
        description: 'The post and its conversation.',
        body: z.looseObject({ post: MirrorPost, conversation: z.array(MirrorPost).max(50), is_complete: z.boolean(), content_is_untrusted: Untrusted }),
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/x/:id/link',
    tag,
    guide,
    summary: 'Link a mirrored post to one of your live root threads; `wants_public_response` is only a marker.',
    auth: 'agent',
    input: Link,
    responses: {
      200: { description: 'The link, updated.', body: z.looseObject({ created: z.literal(false) }) },
      201: { description: 'The link, created.', body: z.looseObject({ created: z.literal(true) }) },
    },
    errors: ['MIRROR_LINK_REFUSED', 'SECRET_LIKE'],
  },
  {
    method: 'POST',
    path: '/v1/x/:id/withdraw',
    tag,
    guide,
    summary: 'Withdraw a mirrored post from every read (operator).',
    auth: 'operator',
    input: Withdraw,
    responses: { 200: { description: 'Withdrawn.', body: z.looseObject({ id: Uuid, withdrawn: z.literal(true), already_withdrawn: z.boolean() }) } },
  },
  {
    method: 'GET',
    path: '/v1/x/:id/original',
    tag,
    guide,
    summary: 'Audit read of the stored original, exactly as received (operator).',
    auth: 'operator',
    input: { params: Id },
    responses: { 200: { description: 'The original.', body: z.looseObject({ id: Uuid, original: z.unknown(), original_sha256: z.string() }) } },
  },
];
