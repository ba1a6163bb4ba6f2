// Emails: acceptance (every rule of SPEC.md, then one row plus its send job in one transaction), the
// caller's sent list, the owner's decisions, and suppression (reply opt-outs, the stop link, the
// owner). Sending itself is the email__send task (lib/outreach/sending.ts).
import { createHash } from 'node:crypto';
import type { CommonQueryMethods } from 'slonik';
import type { Account } from '../../sql/queries/accounts.ts';
import { createOutreachQueries, type MessageRow, type ReplyRow } from '../../sql/queries/outreach.ts';
import { fail, type AppError } from '../errors.ts';
import { assertNoSecrets } from '../text/secret-like.ts';
import { assertOwnExperiment, type OutreachDeps } from './access.ts';
import { decodeCursor, encodeCursor } from '../cursor.ts';
import {
  checkAgentDayCap,
  checkEmailText,
  checkFleetDayCap,
  checkOutletWeekCap,
  decideSendKind,
  moscowDayBounds,
  OUTREACH_LIMITS,
} from './limits.ts';
import { enqueueSend } from './jobs.ts';
import { linkPolicyOf, readOutreachState, type OutreachState } from './settings.ts';

export type EmailInput = {
  contact_id: string;
  subject: string;
  body: string;
  experiment_id: string;
  kind: 'pitch' | 'letter';
  follow_up_of?: string | undefined;
};

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token.trim().toLowerCase(), 'utf8').digest();
}

/** 503 until the owner finished the setup; 409 in mode off. */
export function assertCanSend(state: OutreachState): void {
  if (!state.configured) {
    throw fail(
      'OUTREACH_NOT_CONFIGURED',
      'Outreach is not set up yet: the owner has not configured the sending domain, mailbox, postal address and mode. Nothing can be sent; contacts can still be added and listed.',
      { missing: state.missing },
    );
  }
  if (state.settings.mode === 'off') {
    throw fail('OUTREACH_MODE_OFF', 'Outreach mode is off: nothing is sent and nothing was stored. Contacts can still be added and listed.', {
      mode: 'off',
    });
  }
}

function throwIf(error: AppError | null): void {
  if (error) throw error;
}

export function publicUrlOf(deps: OutreachDeps, id: string): string {
  return `${deps.config.siteUrl}/outreach/${id}`;
}

/**
 * Accepts an email: queued for the owner (mode review, or any open letter) or approved and handed
 * to the sending task at once (mode auto). Refusals store nothing.
 */
export async function submitEmail(deps: OutreachDeps, account: Account, input: EmailInput) {
  assertNoSecrets({ subject: input.subject, body: input.body });
  const now = deps.clock.now();
  const state = await readOutreachState(deps.db, deps.config);
  assertCanSend(state);
  await assertOwnExperiment(deps.db, account.id, input.experiment_id);
  throwIf(checkEmailText({ subject: input.subject, body: input.body }, linkPolicyOf(state.settings, deps.config)));

  const row = await deps.db.transaction(async (tx) => {
    const q = createOutreachQueries(tx);
    // One lock for every acceptance: the fleet cap, the outlet cap and "one first contact per
    // address" are counts over everybody's rows.
    await q.lock('send');
    const contact = await q.contact(input.contact_id);
    if (!contact) throw fail('NOT_FOUND', 'No contact with that contact_id; add it with POST /v1/outreach/contacts.', { contact_id: input.contact_id });
    const facts = await q.sendFacts(contact.id);
    const ref = input.follow_up_of ? await q.messageRef(input.follow_up_of) : null;
    const decision = decideSendKind(
      {
        contactStatus: contact.suppressed ? 'suppressed' : contact.bounced_at ? 'bounced' : 'active',
        firstContact: facts.first_contact_created_at ? { sentAt: facts.first_contact_sent_at ? new Date(facts.first_contact_sent_at) : null } : null,
        followUpOf: input.follow_up_of
          ? { found: ref !== null, ownMessage: ref?.author_id === account.id, sameContact: ref?.contact_id === contact.id }
          : null,
        followUpsAccepted: facts.follow_ups,
        repliesFromAnyone: facts.replies_any,
        repliesFromContact: facts.replies_contact,
        answersAccepted: facts.answers,
      },
      now,
    );
    if (!decision.ok) throw decision.error;
    const { start, end } = moscowDayBounds(now);
    throwIf(checkAgentDayCap(await q.acceptedByAuthorBetween(account.id, start, end), now));
    throwIf(checkFleetDayCap(await q.acceptedBetween(start, end), state.settings.fleet_cap, now));
    if (decision.kind === 'first_contact') {
      const times = await q.outletFirstContactsSince(contact.outlet_domain, new Date(now.getTime() - OUTREACH_LIMITS.outletWindowMs));
      throwIf(checkOutletWeekCap(contact.outlet_domain, times.map((t) => new Date(t)), now));
    }
    const status = state.settings.mode === 'auto' && input.kind !== 'letter' ? 'approved' : 'queued';
    const inserted = await q.insertMessage({
      authorId: account.id,
      contactId: contact.id,
      experimentId: input.experiment_id,
      kind: input.kind,
      sendKind: decision.kind,
      followUpOf: input.follow_up_of ?? null,
      subject: input.subject.trim(),
      body: input.body.trim(),
      status,
      now,
    });
    if (status === 'approved') await enqueueSend(tx, inserted.id);
    return { ...inserted, send_kind: decision.kind };
  });
  return {
    message_id: row.id,
    status: row.status,
    send_kind: row.send_kind,
    public_url: publicUrlOf(deps, row.id),
    ...(row.status === 'queued'
      ? { note: input.kind === 'letter' ? 'Open letters always wait for the owner.' : 'Mode review: the owner approves or rejects every email.' }
      : {}),
  };
}

function presentReply(r: ReplyRow) {
  return { reply_id: r.id, kind: r.kind, from_contact: r.from_contact, opt_out: r.opt_out, excerpt: r.excerpt, received_at: r.received_at };
}

export function presentMessage(deps: OutreachDeps, m: MessageRow, replies: readonly ReplyRow[]) {
  return {
    message_id: m.id,
    contact_id: m.contact_id,
    outlet: m.outlet,
    experiment_id: m.experiment_id,
    kind: m.kind,
    send_kind: m.send_kind,
    follow_up_of: m.follow_up_of,
    subject: m.subject,
    body: m.body,
    status: m.status,
    status_reason: m.status_reason,
    created_at: m.created_at,
    sent_at: m.sent_at,
    public_url: publicUrlOf(deps, m.id),
    replies: replies.filter((r) => r.message_id === m.id).map(presentReply),
  };
}

export async function listSent(deps: OutreachDeps, account: Account, query: { before?: string | undefined; limit: number }) {
  const beforeSeq = query.before !== undefined ? decodeCursor('osent', query.before, 'before') : null;
  const q = createOutreachQueries(deps.db);
  const rows = await q.sentBy(account.id, beforeSeq, query.limit);
  const items = rows.slice(0, query.limit);
  const replies = items.length ? await q.repliesTo(items.map((m) => m.id)) : [];
  const last = items.at(-1);
  return {
    messages: items.map((m) => presentMessage(deps, m, replies)),
    next_before: rows.length > query.limit && last ? encodeCursor('osent', last.seq) : null,
    content_is_untrusted: true,
  };
}

// ---------------------------------------------------------------------------------------------
// The owner's decisions

async function messageOr404(q: ReturnType<typeof createOutreachQueries>, id: string): Promise<MessageRow> {
  const m = await q.message(id);
  if (!m) throw fail('OUTREACH_MESSAGE_STATE', 'No outreach message with that id.', { message_id: id, status: null });
  return m;
}

function stateError(m: MessageRow, need: string): AppError {
  return fail('OUTREACH_MESSAGE_STATE', `The message is ${m.status}; this needs ${need}.`, { message_id: m.id, status: m.status, needs: need });
}

/** queued → approved (and its send job), or cancelled when the address opted out or bounced meanwhile. */
export async function approveMessage(deps: OutreachDeps, ownerId: string | null, id: string) {
  const now = deps.clock.now();
  const state = await readOutreachState(deps.db, deps.config);
  if (!state.configured) {
    throw fail('OUTREACH_NOT_CONFIGURED', 'Outreach is not set up yet; nothing can be approved for sending.', { missing: state.missing });
  }
  return deps.db.transaction(async (tx) => {
    const q = createOutreachQueries(tx);
    const m = await messageOr404(q, id);
    if (m.status !== 'queued') throw stateError(m, 'queued');
    const contact = await q.contact(m.contact_id);
    const decided = await q.decide(id, 'approved', ownerId ? 'approved by the owner' : 'approved by the owner (admin CLI)', ownerId, now);
    if (!decided) throw stateError(m, 'queued');
    if (contact?.suppressed || contact?.bounced_at) {
      await q.cancelPendingTo(m.contact_id, contact.suppressed ? 'the address opted out' : 'the address bounced', now);
      return { message_id: id, status: 'cancelled' as const };
    }
    await enqueueSend(tx, id);
    return { message_id: id, status: 'approved' as const };
  });
}

export async function rejectMessage(deps: OutreachDeps, ownerId: string | null, id: string, reason: string | null) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const q = createOutreachQueries(tx);
    const m = await messageOr404(q, id);
    const decided = await q.decide(id, 'rejected', reason ?? 'rejected by the owner', ownerId, now);
    if (!decided) throw stateError(m, 'queued');
    return { message_id: id, status: 'rejected' as const };
  });
}

export type Resolution = 'sent' | 'failed' | 'resend';

/**
 * The owner's answer for an `unknown` message (handed to the SMTP server, no answer): `sent` when
 * the relay's log shows it was accepted, `failed` when it shows it was not, `resend` to send it
 * again knowingly (same Message-ID, so a receiving system may drop the duplicate).
 */
export async function resolveMessage(deps: OutreachDeps, ownerId: string | null, id: string, outcome: Resolution) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const q = createOutreachQueries(tx);
    const m = await messageOr404(q, id);
    const to = outcome === 'resend' ? 'approved' : outcome;
    const done = await q.resolveUnknown(id, to, `resolved by the owner: ${outcome}`, ownerId, now);
    if (!done) throw stateError(m, 'unknown');
    if (to === 'approved') await enqueueSend(tx, id);
    return { message_id: id, status: to };
  });
}

// ---------------------------------------------------------------------------------------------
// Suppression: for every agent at once, and every email to the address that has not left is cancelled.

export async function suppressContactAddress(
  tx: CommonQueryMethods,
  input: { address: string; reason: 'reply' | 'stop_link' | 'complaint' | 'owner'; messageId: string | null; now: Date },
): Promise<{ newly: boolean; cancelled: string[] }> {
  const q = createOutreachQueries(tx);
  const address = input.address.trim().toLowerCase();
  const inserted = await q.suppress({ ...input, address });
  const contact = await q.contactByAddress(address);
  const cancelled = contact ? await q.cancelPendingTo(contact.id, 'the address opted out', input.now) : [];
  return { newly: inserted !== null, cancelled: [...cancelled] };
}

/** The stop link: which message and outlet a token belongs to (null when unknown). */
export async function stopTokenInfo(deps: OutreachDeps, token: string) {
  if (!/^[a-z2-7]{20,80}$/i.test(token)) return null;
  const found = await createOutreachQueries(deps.db).messageByToken(hashToken(token), 'stop');
  if (!found) return null;
  const suppressed = await createOutreachQueries(deps.db).isSuppressed(found.address);
  return { messageId: found.message_id, outlet: found.outlet, suppressed };
}

/** The stop link's one-click POST: suppresses the address for every agent. Null for an unknown token. */
export async function stopByToken(deps: OutreachDeps, token: string) {
  if (!/^[a-z2-7]{20,80}$/i.test(token)) return null;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const found = await createOutreachQueries(tx).messageByToken(hashToken(token), 'stop');
    if (!found) return null;
    const result = await suppressContactAddress(tx, { address: found.address, reason: 'stop_link', messageId: found.message_id, now });
    return { ...result, outlet: found.outlet };
  });
}
