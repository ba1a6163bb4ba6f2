// POST /v1/x/ingest: a batch of posts from the fetcher, each with a per-post outcome. Every post
// is stored exactly as received (its own bytes of the request body) and its normalisation is
// enqueued in the same transaction. Outside text is stored as received: SECRET_LIKE does not apply.
//
// Outcomes, in the order of the batch:
//   stored        new; normalisation queued (it is readable once normalised)
//   duplicate     already stored (or earlier in this batch); nothing changes but last_seen_at
//   strengthened  already stored under a weaker kind; the kind is raised (ours > reply > mention > talk)
//   refused       the author already has 20 posts stored in the rolling day; counted, nothing stored
//   invalid       the item does not match the payload contract; `issues` says where
import { createHash } from 'node:crypto';
import type { DatabasePool } from 'slonik';
import { DAY } from '../clock.ts';
import { enqueue } from '../jobs.ts';
import { createMirrorQueries, type NewMirrorPost, type StoredRow } from '../../sql/queries/mirror.ts';
import { assertLease } from './fetcher.ts';
import { kindStrength, strongerKind, type MirrorKind } from './kinds.ts';
import { IngestItem } from './payload.ts';

/** SPEC.md: 20 posts per external account per rolling day. */
export const INTAKE_PER_DAY = 20;
export const INTAKE_WINDOW_MS = DAY;

export type Issue = { path: string; message: string };

export type IngestOutcome =
  | { index: number; external_id: string; outcome: 'stored'; id: string; kind: MirrorKind }
  | { index: number; external_id: string; outcome: 'duplicate'; id: string; kind: MirrorKind }
  | { index: number; external_id: string; outcome: 'strengthened'; id: string; kind: MirrorKind; previous_kind: MirrorKind }
  | {
      index: number;
      external_id: string;
      outcome: 'refused';
      reason: 'intake_cap';
      author_id: string;
      retry_at: string;
      refusals: number;
    }
  | { index: number; external_id: string | null; outcome: 'invalid'; issues: Issue[] };

export type IngestResult = {
  results: IngestOutcome[];
  counts: Record<IngestOutcome['outcome'], number>;
  lease_expires_at: string;
  intake: { per_day: number; window_hours: number };
};

type Valid = { index: number; item: IngestItem; source: string };

/**
 * `values` are the parsed items of the batch and `sources` their exact source text (same order).
 * The lease is checked and locked inside the transaction, so two ingests never overlap.
 */
export async function ingestBatch(
  db: DatabasePool,
  input: { credentialId: string; leaseId: string; values: readonly unknown[]; sources: readonly string[] },
  now: Date,
): Promise<IngestResult> {
  const results: Array<IngestOutcome | undefined> = new Array(input.values.length);
  const valid: Valid[] = [];
  input.values.forEach((value, index) => {
    const parsed = IngestItem.safeParse(value);
    if (parsed.success) valid.push({ index, item: parsed.data, source: input.sources[index]! });
    else {
      const id = (value as { post?: { id?: unknown } } | null)?.post?.id;
      results[index] = {
        index,
        external_id: typeof id === 'string' ? id.slice(0, 32) : null,
        outcome: 'invalid',
        issues: parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
      };
    }
  });

  const leaseExpiresAt = await db.transaction(async (tx) => {
    // Results of an earlier attempt of this callback are discarded: slonik may retry it.
    for (const v of valid) results[v.index] = undefined;
    const lease = await assertLease(tx, input.credentialId, input.leaseId, now);
    const q = createMirrorQueries(tx);
    const externalIds = [...new Set(valid.map((v) => v.item.post.id))];
    const authorIds = [...new Set(valid.map((v) => v.item.author.id))];
    const stored = new Map<string, StoredRow>((await q.storedByExternalIds(externalIds)).map((r) => [r.external_id, r]));
    const windowStart = new Date(now.getTime() - INTAKE_WINDOW_MS);
    const intake = new Map((await q.intakeSince(authorIds, windowStart)).map((r) => [r.author_external_id, { count: r.count, oldest: r.oldest }]));

    // Decide every item in batch order; new posts of this batch are remembered as they are taken.
    const fresh = new Map<string, { valid: Valid; kind: MirrorKind }>();
    const seen: string[] = [];
    const raised = new Map<string, MirrorKind>();
    const refused: Array<{ valid: Valid }> = [];
    for (const v of valid) {
      const { post, kind } = v.item;
      const existing = stored.get(post.id);
      if (existing) {
        const current = raised.get(existing.id) ?? existing.kind;
        seen.push(existing.id);
        if (kindStrength(kind) > kindStrength(current)) {
          raised.set(existing.id, kind);
          results[v.index] = { index: v.index, external_id: post.id, outcome: 'strengthened', id: existing.id, kind, previous_kind: current };
        } else {
          results[v.index] = { index: v.index, external_id: post.id, outcome: 'duplicate', id: existing.id, kind: current };
        }
        continue;
      }
      const earlier = fresh.get(post.id);
      if (earlier) {
        // The same post twice in one batch: the first is stored, this one can only raise its kind.
        earlier.kind = strongerKind(earlier.kind, kind);
        continue; // outcome filled in after the insert, when the id is known
      }
      const author = intake.get(v.item.author.id) ?? { count: 0, oldest: now.toISOString() };
      if (author.count >= INTAKE_PER_DAY) {
        refused.push({ valid: v });
        continue;
      }
      intake.set(v.item.author.id, { count: author.count + 1, oldest: author.count === 0 ? now.toISOString() : author.oldest });
      fresh.set(post.id, { valid: v, kind });
    }

    const newPosts: NewMirrorPost[] = [...fresh.values()].map(({ valid: v, kind }) => ({
      externalId: v.item.post.id,
      kind,
      authorExternalId: v.item.author.id,
      authorVerified: v.item.author.verified === true,
      createdAt: v.item.post.created_at,
      conversationId: v.item.post.conversation_id ?? v.item.post.id,
      referencedPosts: (v.item.post.referenced_tweets ?? []).map((r) => ({ type: r.type, id: r.id })),
      original: v.source,
      originalSha256: createHash('sha256').update(v.source, 'utf8').digest(),
    }));
    const added = await q.insertPosts(newPosts, input.credentialId, now);
    // One graphile-worker batch job per ingest request, payload [{id}, ...]: the task reads and
    // writes the whole batch in two statements.
    if (added.length)
      await enqueue(
        tx,
        'mirror_post__normalize',
        added.map((r) => ({ id: r.id })),
      );
    const inserted = new Map(added.map((r) => [r.external_id, r.id]));
    if (seen.length) await q.seenAgain(seen, now);
    for (const [id, kind] of raised) await q.raiseKind(id, kind);

    for (const v of valid) {
      if (results[v.index] !== undefined) continue;
      const post = v.item.post;
      const id = inserted.get(post.id);
      const entry = fresh.get(post.id);
      if (id !== undefined && entry !== undefined) {
        // A post twice in one batch is stored once, under the strongest kind the batch gave it.
        results[v.index] = { index: v.index, external_id: post.id, outcome: entry.valid === v ? 'stored' : 'duplicate', id, kind: entry.kind };
      }
    }
    for (const { valid: v } of refused) {
      const author = intake.get(v.item.author.id)!;
      const refusals = await q.countRefusal({ externalId: v.item.post.id, authorExternalId: v.item.author.id, kind: v.item.kind, now });
      results[v.index] = {
        index: v.index,
        external_id: v.item.post.id,
        outcome: 'refused',
        reason: 'intake_cap',
        author_id: v.item.author.id,
        retry_at: new Date(new Date(author.oldest).getTime() + INTAKE_WINDOW_MS).toISOString(),
        refusals,
      };
    }
    return lease.expires_at;
  });

  const final = results.map((r, index) => {
    if (!r) throw new Error(`ingest: no outcome for item ${index}`);
    return r;
  });
  const counts = { stored: 0, duplicate: 0, strengthened: 0, refused: 0, invalid: 0 };
  for (const r of final) counts[r.outcome]++;
  return { results: final, counts, lease_expires_at: leaseExpiresAt, intake: { per_day: INTAKE_PER_DAY, window_hours: 24 } };
}
