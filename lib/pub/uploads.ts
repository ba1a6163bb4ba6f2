// Uploads for envelopes larger than one request: start with the expected size and SHA-256, send
// base64 parts (the limit counts decoded bytes), then commit. The commit checks the complete bytes
// and hash and runs the ordinary submission, so admission, keys, quotas and review all still apply.
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { LibDeps } from '../deps.ts';
import { SECOND } from '../clock.ts';
import { fail } from '../errors.ts';
import { findForbiddenText } from '../text/text-rule.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { createPubUploadsQueries, type PubUpload } from '../../sql/queries/pub-uploads.ts';
import { createPubItemsQueries } from '../../sql/queries/pub-items.ts';
import { reviseArticle, submitArticle, ownWork } from './articles.ts';
import { postComment } from './comments.ts';
import { ArticleEnvelope, CommentEnvelope } from './envelope.ts';
import { assertHeld } from './quota.ts';

export const UPLOAD_MAX_PARTS = 10_000;
/** Part bytes one upload may take in all, rewrites included, as a multiple of `expected_bytes`. */
export const UPLOAD_WRITE_FACTOR = 2;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

type UploadStart = {
  expected_hash: string;
  expected_bytes: number;
  metadata: { kind: 'post' | 'revision' | 'comment'; itemId?: string | undefined; postId?: string | undefined };
};

function urls(deps: LibDeps, id: string) {
  return { parts_url: `${deps.config.baseUrl}/v1/pub/uploads/${id}/parts`, commit_url: `${deps.config.baseUrl}/v1/pub/uploads/${id}/commit` };
}

/** The upload bounds capabilities print: the configured limits and what the account holds now. */
export async function uploadLimits(deps: LibDeps, accountId: string) {
  const c = deps.config.pub;
  const open = await createPubUploadsQueries(deps.db).open({ accountId }, deps.clock.now());
  return {
    max_bytes: c.uploadMaxBytes,
    part_max_bytes: c.uploadPartMaxBytes,
    max_parts: UPLOAD_MAX_PARTS,
    ttl_seconds: c.uploadTtlSeconds,
    hash: 'sha256',
    bytes_written_factor: UPLOAD_WRITE_FACTOR,
    open_per_account: c.uploadsOpenPerAccount,
    open_bytes_per_account: c.uploadOpenBytesPerAccount,
    open_per_network: c.uploadsOpenPerNetwork,
    open_bytes_per_network: c.uploadOpenBytesPerNetwork,
    open_now: { uploads: open.length, bytes: open.reduce((n, u) => n + u.expected_bytes, 0), next_expiry: open[0]?.expires_at ?? null },
  };
}

/**
 * POST /v1/pub/uploads. Open uploads (uncommitted, unexpired) are bounded per account and per caller
 * network, in count and in reserved bytes (`expected_bytes`: parts can never exceed it); the bound is
 * checked and the row inserted under advisory locks of both, so concurrent starts cannot pass it.
 */
export async function startUpload(deps: LibDeps, account: Account, input: UploadStart, network: string) {
  const c = deps.config.pub;
  const max = c.uploadMaxBytes;
  if (input.expected_bytes > max) throw fail('PAYLOAD_TOO_LARGE', `An upload is at most ${max} bytes.`, { max_bytes: max });
  let targetId: string | null = null;
  if (input.metadata.kind === 'revision') targetId = (await ownWork(deps, account, input.metadata.itemId!)).id;
  if (input.metadata.kind === 'comment') {
    const item = await createPubItemsQueries(deps.db).item(input.metadata.postId!);
    if (!item) throw fail('NOT_FOUND', 'No work with that id.');
    targetId = item.id;
  }
  const now = deps.clock.now();
  const upload = await deps.db.transaction(async (tx) => {
    const q = createPubUploadsQueries(tx);
    await q.lockStarts(account.id, network);
    await q.pruneExpiredOf(account.id, network, now);
    for (const [scope, held, maxOpen, maxBytes] of [
      ['account', await q.open({ accountId: account.id }, now), c.uploadsOpenPerAccount, c.uploadOpenBytesPerAccount],
      ['network', await q.open({ network }, now), c.uploadsOpenPerNetwork, c.uploadOpenBytesPerNetwork],
    ] as const) {
      const who = scope === 'account' ? 'this account' : 'your network';
      assertHeld(
        'PUB_UPLOAD_LIMIT',
        `Too many open uploads for ${who}`,
        held.map((u) => ({ expires_at: u.expires_at, amount: 1 })),
        maxOpen,
        1,
        now,
        { scope, bound: 'open_uploads' },
      );
      assertHeld(
        'PUB_UPLOAD_LIMIT',
        `Too many open upload bytes for ${who}`,
        held.map((u) => ({ expires_at: u.expires_at, amount: u.expected_bytes })),
        maxBytes,
        input.expected_bytes,
        now,
        {
          scope,
          bound: 'open_upload_bytes',
        },
      );
    }
    return q.insert({
      accountId: account.id,
      network,
      kind: input.metadata.kind,
      targetId,
      expectedHash: input.expected_hash.toLowerCase().replace(/^sha256:/, ''),
      expectedBytes: input.expected_bytes,
      now,
      expiresAt: new Date(now.getTime() + c.uploadTtlSeconds * SECOND),
    });
  });
  return { upload_id: upload.id, ...urls(deps, upload.id), expires_at: upload.expires_at, part_max_bytes: c.uploadPartMaxBytes, max_parts: UPLOAD_MAX_PARTS };
}

/** The caller's open upload, or why it cannot take more. */
function assertOpen(upload: PubUpload | null, account: Account, now: Date): asserts upload is PubUpload {
  if (!upload || upload.account_id !== account.id) throw fail('NOT_FOUND', 'No upload of yours with that id.');
  if (upload.committed_at !== null) throw fail('PUB_UPLOAD_STATE', 'The upload was already committed.', { reason: 'committed' });
  if (new Date(upload.expires_at) <= now) throw fail('PUB_UPLOAD_STATE', 'The upload expired; start a new one.', { reason: 'expired' });
}

/** POST parts_url: `{part_number, data}`; sending a part number again replaces it. */
export async function putUploadPart(deps: LibDeps, account: Account, uploadId: string, input: { part_number: number; data: string }) {
  const now = deps.clock.now();
  const max = deps.config.pub.uploadPartMaxBytes;
  if (!BASE64.test(input.data) || input.data.length % 4 !== 0) {
    throw fail('VALIDATION_FAILED', '`data` is not base64.', { issues: [{ where: 'body', path: 'data', message: 'standard base64 with padding' }] });
  }
  const data = Buffer.from(input.data, 'base64');
  if (data.length > max) throw fail('PUB_UPLOAD_PART_TOO_LARGE', `A part decodes to at most ${max} bytes.`, { max_bytes: max, part_bytes: data.length });
  return deps.db.transaction(async (tx) => {
    const q = createPubUploadsQueries(tx);
    const upload = await q.upload(uploadId, true);
    assertOpen(upload, account, now);
    const others = (await q.partSizes(uploadId)).filter((p) => p.part_number !== input.part_number).reduce((n, p) => n + p.bytes, 0);
    if (others + data.length > upload.expected_bytes) {
      throw fail('PUB_UPLOAD_PART_TOO_LARGE', 'The parts would exceed `expected_bytes`.', {
        max_bytes: upload.expected_bytes,
        part_bytes: data.length,
        received_bytes: others,
      });
    }
    // Rewriting a part leaves the old bytes for vacuum: the total written per upload is bounded too.
    const allowance = UPLOAD_WRITE_FACTOR * upload.expected_bytes;
    if (upload.bytes_written + data.length > allowance) {
      throw fail('PUB_UPLOAD_STATE', `An upload takes at most ${allowance} part bytes in all (rewrites included); start a new upload.`, {
        reason: 'rewrites_exhausted',
        bytes_written: upload.bytes_written,
        allowance,
      });
    }
    await q.putPart(uploadId, input.part_number, data);
    await q.addWritten(uploadId, data.length);
    return {
      upload_id: uploadId,
      part_number: input.part_number,
      bytes: data.length,
      received_bytes: others + data.length,
      expected_bytes: upload.expected_bytes,
    };
  });
}

/** POST commit_url: checks parts 1..n, the size and the hash, then submits the envelope like every other submission. */
export async function commitUpload(deps: LibDeps, account: Account, uploadId: string) {
  const now = deps.clock.now();
  const q = createPubUploadsQueries(deps.db);
  // A commit racing this one may have taken the parts away: then its stored result is the answer.
  const stored = (u: PubUpload | null) =>
    u && u.account_id === account.id && u.committed_at !== null ? { upload_id: uploadId, committed: true, result: u.result } : null;
  const committed = async () => stored(await q.upload(uploadId));
  const upload = await q.upload(uploadId);
  const done = stored(upload);
  if (done) return done;
  assertOpen(upload, account, now);
  const parts = await q.parts(uploadId);
  const missing = parts.map((p, i) => (p.part_number !== i + 1 ? i + 1 : null)).filter((n) => n !== null);
  if (parts.length === 0 || missing.length > 0) {
    const raced = await committed();
    if (raced) return raced;
    throw fail('PUB_UPLOAD_STATE', 'Parts must be numbered 1, 2, 3, ... without gaps.', {
      reason: 'missing_parts',
      missing: parts.length === 0 ? [1] : missing.slice(0, 10),
    });
  }
  const bytes = Buffer.concat(parts.map((p) => p.data));
  if (bytes.length !== upload.expected_bytes) {
    throw fail('PUB_UPLOAD_SIZE_MISMATCH', 'The parts do not add up to `expected_bytes`.', {
      expected_bytes: upload.expected_bytes,
      received_bytes: bytes.length,
    });
  }
  const received = createHash('sha256').update(bytes).digest('hex');
  if (received !== upload.expected_hash)
    throw fail('PUB_UPLOAD_HASH_MISMATCH', 'The SHA-256 of the parts differs from `expected_hash`.', {
      expected_hash: upload.expected_hash,
      received_hash: received,
    });
  const envelope = parseEnvelope(bytes, upload.kind);
  const result =
    upload.kind === 'post'
      ? await submitArticle(deps, account, envelope as z.infer<typeof ArticleEnvelope>)
      : upload.kind === 'revision'
        ? await reviseArticle(deps, account, upload.target_id!, envelope as z.infer<typeof ArticleEnvelope>)
        : await postComment(deps, account, upload.target_id!, envelope as z.infer<typeof CommentEnvelope>);
  await deps.db.transaction(async (tx) => {
    await createPubUploadsQueries(tx).commit(uploadId, result, deps.clock.now());
    await createPubUploadsQueries(tx).dropParts(uploadId);
  });
  return (await committed()) ?? { upload_id: uploadId, committed: true, result };
}

function parseEnvelope(bytes: Buffer, kind: PubUpload['kind']): unknown {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw fail('PUB_UPLOAD_INVALID', 'The uploaded bytes are not UTF-8 JSON.', { problems: [{ path: '', message: 'not UTF-8 JSON' }] });
  }
  const fault = findForbiddenText(value);
  if (fault !== null)
    throw fail('PUB_UPLOAD_INVALID', `The envelope holds ${fault.code_point}, which no text accepts.`, {
      problems: [{ path: fault.path, message: `holds ${fault.code_point} (${fault.problem})` }],
    });
  const parsed = (kind === 'comment' ? CommentEnvelope : ArticleEnvelope).safeParse(value);
  if (!parsed.success) {
    throw fail('PUB_UPLOAD_INVALID', `The uploaded bytes are not a ${kind === 'comment' ? 'comment' : 'article'} envelope.`, {
      problems: parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
    });
  }
  return parsed.data;
}
