// Emails: acceptance (every rule of SPEC.md, then one row plus its send job in one transaction), the
// caller's sent list, the owner's decisions, and suppression (reply opt-outs, the stop link, the
// owner). Sending itself is the email__send task (lib/outreach/sending.ts).
import { createHash } from 'node:crypto';
import type { CommonQueryMethods } from 'slonik';
import { decodeCursor, encodeCursor } from '../cursor.ts';
import { fail, type AppError } from '../errors.ts';
import { assertNoSecrets } from '../text/secret-like.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { createOutreachContactsQueries } from '../../sql/queries/outreach-contacts.ts';
import { createOutreachMessagesQueries, type MessageRow } from '../../sql/queries/outreach-messages.ts';
import { createOutreachRepliesQueries, type ReplyRow } from '../../sql/queries/outreach-replies.ts';
import { createOutreachSuppressionsQueries, type SuppressionReason } from '../../sql/queries/outreach-suppressions.ts';
import { createOutreachTokensQueries } from '../../sql/queries/outreach-tokens.ts';
import { assertOwnExperiment, type OutreachDeps } from './access.ts';
import { assertRole } from '../auth/roles.ts';
import { addressInvalid, parseAddress } from './address.ts';
import { checkAgentDayCap, checkEmailText, checkFleetDayCap, checkOutletWeekCap, checkSend, moscowDayBounds, OUTREACH_LIMITS, sendKindOf } from './limits.ts';
import { enqueueSend } from './jobs.ts';
import { listedReplyKind } from './reply-kind.ts';
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

/**
 * 503 until the owner finished the setup; 409 in mode off, except for an open letter, which waits
 * for the owner in every mode (SPEC.md) and so is queued in mode off too, with nothing sent.
 */
export function assertCanSend(state: OutreachState, kind: EmailInput['kind']): void {
  if (!state.configured) {
    throw fail(
      'OUTREACH_NOT_CONFIGURED',
      'Outreach is not set up yet: the owner has not configured the sending domain, mailbox, postal address and mode. Nothing can be sent; contacts can still be added and listed.',
      { missing: state.missing },
    );
  }
  if (state.settings.mode === 'off' && kind !== 'letter') {
    throw fail(
      'OUTREACH_MODE_OFF',
      'Outreach mode is off: nothing is sent and nothing was stored. Contacts can still be added and listed; an open letter (kind letter) is still queued for the owner.',
      {
        mode: 'off',
      },
    );
  }
}

export function publicUrlOf(deps: OutreachDeps, id: string): string {
  return `${deps.config.siteUrl}/outreach/${id}`;
}

/**
 * Accepts an email: queued for the owner (mode review, or an open letter in any mode, off included)
 * or approved and handed to the sending task at once (mode auto). Refusals store nothing.
 */
export async function submitEmail(deps: OutreachDeps, account: Account, input: EmailInput) {
  assertRole(account, 'resident');
  assertNoSecrets({ subject: input.subject, body: input.body });
  const now = deps.clock.now();
  const state = await readOutreachState(deps.db, deps.config);
  assertCanSend(state, input.kind);
  await assertOwnExperiment(deps.db, account.id, input.experiment_id);
  const badText = checkEmailText({ subject: input.subject, body: input.body }, linkPolicyOf(state.settings, deps.config));
  if (badText) throw badText;

  const row = await deps.db.transaction(async (tx) => {
    const messages = createOutreachMessagesQueries(tx);
    // One lock for every acceptance: the fleet cap, the outlet cap and "one first contact per
    // address" are counts over everybody's rows.
    await messages.lockAcceptance();
    const contact = await createOutreachContactsQueries(tx).find({ id: input.contact_id });
    if (!contact) throw fail('NOT_FOUND', 'No contact with that contact_id; add it with POST /v1/outreach/contacts.', { contact_id: input.contact_id });
    const facts = await messages.sendFacts(contact.id);
    const ref = input.follow_up_of ? await messages.authorAndContactOf(input.follow_up_of) : null;
    const sendFacts = {
      contactStatus: contact.suppressed ? ('suppressed' as const) : contact.bounced_at ? ('bounced' as const) : ('active' as const),
      firstContact: facts.first_contact_created_at ? { sentAt: facts.first_contact_sent_at ? new Date(facts.first_contact_sent_at) : null } : null,
      followUpOf: input.follow_up_of ? { found: ref !== null, ownMessage: ref?.author_id === account.id, sameContact: ref?.contact_id === contact.id } : null,
      followUpsAccepted: facts.follow_ups,
      repliesFromAnyone: facts.replies_any,
      repliesFromContact: facts.replies_contact,
      answersAccepted: facts.answers,
    };
    const sendKind = sendKindOf(sendFacts);
    const { start, end } = moscowDayBounds(now);
    const refused =
      checkSend(sendFacts, now) ??
      checkAgentDayCap(await messages.countAcceptedByAuthorBetween(account.id, start, end), now) ??
      checkFleetDayCap(await messages.countAcceptedBetween(start, end), state.settings.fleet_cap, now) ??
      (sendKind === 'first_contact'
        ? checkOutletWeekCap(
            contact.outlet_domain,
            (await messages.outletFirstContactTimesSince(contact.outlet_domain, new Date(now.getTime() - OUTREACH_LIMITS.outletWindowMs))).map(
              (t) => new Date(t),
            ),
            now,
          )
        : null);
    if (refused) throw refused;
    const status = state.settings.mode === 'auto' && input.kind !== 'letter' ? 'approved' : 'queued';
    const inserted = await messages.insert({
      authorId: account.id,
      contactId: contact.id,
      experimentId: input.experiment_id,
      kind: input.kind,
      sendKind,
      followUpOf: input.follow_up_of ?? null,
      subject: input.subject.trim(),
      body: input.body.trim(),
      status,
      now,
    });
    if (status === 'approved') await enqueueSend(tx, inserted.id);
    return { ...inserted, send_kind: sendKind };
  });
  return {
    message_id: row.id,
    status: row.status,
    send_kind: row.send_kind,
    public_url: publicUrlOf(deps, row.id),
    ...(row.status === 'queued'
      ? {
          note:
            input.kind !== 'letter'
              ? 'Mode review: the owner approves or rejects every email.'
              : state.settings.mode === 'off'
                ? 'Open letters always wait for the owner. Outreach mode is off: nothing is sent until the owner approves it and turns outreach on.'
                : 'Open letters always wait for the owner.',
        }
      : {}),
  };
}

function presentReply(r: ReplyRow) {
  return { reply_id: r.id, ...listedReplyKind(r.kind), from_contact: r.from_contact, opt_out: r.opt_out, excerpt: r.excerpt, received_at: r.received_at };
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
  assertRole(account, 'resident');
  const beforeSeq = query.before !== undefined ? decodeCursor('osent', query.before, 'before') : null;
  const rows = await createOutreachMessagesQueries(deps.db).listByAuthor(account.id, beforeSeq, query.limit);
  const items = rows.slice(0, query.limit);
  const replies = items.length ? await createOutreachRepliesQueries(deps.db).listForMessages(items.map((m) => m.id)) : [];
  const last = items.at(-1);
  return {
    messages: items.map((m) => presentMessage(deps, m, replies)),
    next_before: rows.length > query.limit && last ? encodeCursor('osent', last.seq) : null,
    content_is_untrusted: true,
  };
}

// ---------------------------------------------------------------------------------------------
// The owner's decisions

/** Messages in a state the owner acts on, with their recipients (the owner's queue). */
export async function listOwnerQueue(deps: OutreachDeps, query: { status: 'queued' | 'unknown' | 'approved' | 'sending'; limit: number }) {
  const rows = await createOutreachMessagesQueries(deps.db).listForOwner([query.status], query.limit);
  return {
    messages: rows.map((m) => ({ ...presentMessage(deps, m, []), agent: m.author_name, to: m.to, source_url: m.source_url, attempts: m.attempts })),
    content_is_untrusted: true,
  };
}

async function messageOr404(q: ReturnType<typeof createOutreachMessagesQueries>, id: string): Promise<MessageRow> {
  const m = await q.find(id);
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
    const q = createOutreachMessagesQueries(tx);
    const m = await messageOr404(q, id);
    if (m.status !== 'queued') throw stateError(m, 'queued');
    const contact = await createOutreachContactsQueries(tx).find({ id: m.contact_id });
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
  assertNoSecrets({ reason });
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const q = createOutreachMessagesQueries(tx);
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
    const q = createOutreachMessagesQueries(tx);
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
  input: { address: string; reason: SuppressionReason; messageId: string | null; now: Date },
): Promise<{ newly: boolean; cancelled: string[] }> {
  const address = input.address.trim().toLowerCase();
  const inserted = await createOutreachSuppressionsQueries(tx).insert({ ...input, address });
  const contact = await createOutreachContactsQueries(tx).find({ address });
  const cancelled = contact ? await createOutreachMessagesQueries(tx).cancelPendingTo(contact.id, 'the address opted out', input.now) : [];
  return { newly: inserted !== null, cancelled: [...cancelled] };
}

/** The owner suppresses an address (the owner's route and the admin CLI). */
export async function suppressByOwner(deps: OutreachDeps, email: string) {
  const parsed = parseAddress(email);
  if (!parsed) throw addressInvalid();
  const now = deps.clock.now();
  const result = await deps.db.transaction((tx) => suppressContactAddress(tx, { address: parsed.address, reason: 'owner', messageId: null, now }));
  return { address: parsed.address, ...result };
}

const STOP_TOKEN = /^[a-z2-7]{20,80}$/i;

/** The stop link: which message and outlet a token belongs to (null when unknown). */
export async function stopTokenInfo(deps: OutreachDeps, token: string) {
  if (!STOP_TOKEN.test(token)) return null;
  const found = await createOutreachTokensQueries(deps.db).messageOf(hashToken(token), 'stop');
  if (!found) return null;
  const suppressed = await createOutreachSuppressionsQueries(deps.db).exists(found.address);
  return { messageId: found.message_id, outlet: found.outlet, suppressed };
}

/** The stop link's one-click POST: suppresses the address for every agent. Null for an unknown token. */
export async function stopByToken(deps: OutreachDeps, token: string) {
  if (!STOP_TOKEN.test(token)) return null;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const found = await createOutreachTokensQueries(tx).messageOf(hashToken(token), 'stop');
    if (!found) return null;
    const result = await suppressContactAddress(tx, { address: found.address, reason: 'stop_link', messageId: found.message_id, now });
    return { ...result, outlet: found.outlet };
  });
}
