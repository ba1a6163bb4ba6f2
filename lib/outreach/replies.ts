// Reading the reply mailbox (the mailbox__poll task): new messages by UID from the stored checkpoint
// (UIDVALIDITY respected), each parsed, matched to its email through the reply-address token,
// classified, and recorded in ONE transaction with its effects and the checkpoint:
//   - an opt-out suppresses the address for every agent (and cancels what has not left yet);
//   - a bounce marks the contact bounced (never emailed again);
//   - a real reply is queued for forwarding to the owner (outreach_reply__forward).
// A crash between two messages re-reads only the unfinished one; the unique (mailbox, uidvalidity,
// uid) and (mailbox, Message-ID) keys make a second pass over the same message a no-op.
import type { ParsedMail } from 'mailparser';
import { createImapClient, fetchNewMessages } from '../mail/imap.ts';
import { createOutreachContactsQueries } from '../../sql/queries/outreach-contacts.ts';
import { createOutreachMailboxCheckpointsQueries } from '../../sql/queries/outreach-mailbox-checkpoints.ts';
import { createOutreachMessagesQueries } from '../../sql/queries/outreach-messages.ts';
import { createOutreachRepliesQueries } from '../../sql/queries/outreach-replies.ts';
import { createOutreachTokensQueries, type TokenMessage } from '../../sql/queries/outreach-tokens.ts';
import type { OutreachDeps } from './access.ts';
import { classifyReply, parseReply, type ReplyClassification } from './classify.ts';
import { hashToken, suppressContactAddress } from './emails.ts';
import { enqueueForward } from './jobs.ts';
import { readOutreachState } from './settings.ts';

export type Incoming = { mailbox: string; uidValidity: string; uid: number; source: Buffer };

function fromAddress(mail: ParsedMail): string | null {
  const from = mail.from?.value?.[0]?.address;
  return typeof from === 'string' && from.includes('@') ? from.trim().toLowerCase() : null;
}

export async function handleIncoming(deps: OutreachDeps, incoming: Incoming, replyDomain: string): Promise<{ id: string | null; kind: string }> {
  const now = deps.clock.now();
  const authservIds = deps.config.outreach.authservIds;
  let parsed: ParsedMail | null = null;
  try {
    parsed = await parseReply(incoming.source);
  } catch {
    parsed = null;
  }
  let cls: ReplyClassification;
  let match: TokenMessage | null = null;
  let contact: { id: string; address: string } | null = null;
  if (parsed) {
    const first = classifyReply(parsed, { authservIds, replyDomain });
    match = first.token ? await createOutreachTokensQueries(deps.db).messageOf(hashToken(first.token), 'reply') : null;
    if (match) {
      contact = { id: match.contact_id, address: match.address };
      // Only a person's reply depends on the contact (from_contact, the subject's opt-out); an auto
      // reply or a bounce is classified already.
      cls = first.kind === 'reply' ? classifyReply(parsed, { authservIds, replyDomain, contactAddress: match.address, originalSubject: match.subject }) : first;
    } else {
      cls = first;
      // No token of ours: a person may still have written from a contact's address (an opt-out to
      // the service mailbox). It unlocks nothing, but a STOP from that address is honoured.
      const from = fromAddress(parsed);
      const known = from ? await createOutreachContactsQueries(deps.db).find({ address: from }) : null;
      if (known) contact = { id: known.id, address: known.address };
    }
  } else {
    cls = {
      kind: 'reply',
      opt_out: false,
      from_contact: false,
      token: null,
      excerpt: '(the message could not be parsed; see the forwarded original)',
      reason: 'unparseable',
    };
  }
  const rfcMessageId = parsed?.messageId ? parsed.messageId.slice(0, 500) : null;
  return deps.db.transaction(async (tx) => {
    const id = await createOutreachRepliesQueries(tx).insert({
      messageId: match?.message_id ?? null,
      contactId: contact?.id ?? null,
      mailbox: incoming.mailbox,
      uidValidity: incoming.uidValidity,
      uid: incoming.uid,
      rfcMessageId,
      subject: (parsed?.subject ?? '').slice(0, 500),
      kind: cls.kind,
      optOut: cls.opt_out,
      fromContact: cls.from_contact,
      excerpt: cls.excerpt,
      reason: `${cls.reason}${match ? '' : '; no message of ours matched'}`.slice(0, 1000),
      raw: incoming.source,
      now,
      forward: cls.kind === 'reply',
    });
    if (id) {
      if (cls.opt_out && contact) {
        await suppressContactAddress(tx, {
          address: contact.address,
          reason: cls.kind === 'reply' ? 'reply' : 'complaint',
          messageId: match?.message_id ?? null,
          now,
        });
      }
      if (cls.kind === 'bounce' && contact) {
        await createOutreachContactsQueries(tx).markBounced(contact.id, now);
        await createOutreachMessagesQueries(tx).cancelPendingTo(contact.id, 'the address bounced', now);
      }
      if (cls.kind === 'reply') await enqueueForward(tx, id);
    }
    await createOutreachMailboxCheckpointsQueries(tx).save(incoming.mailbox, incoming.uidValidity, incoming.uid, now);
    return { id, kind: cls.kind };
  });
}

/** One run of the poller: up to `rounds` passes of `limit` messages. */
export async function pollMailbox(deps: OutreachDeps, options: { limit?: number; rounds?: number } = {}) {
  const imap = deps.config.outreach.imap;
  if (!imap) return { skipped: 'IMAP_URL is not set', processed: 0 };
  const state = await readOutreachState(deps.db, deps.config);
  const replyDomain = state.settings.reply_domain;
  if (!replyDomain) return { skipped: 'the owner has not set the reply domain', processed: 0 };
  const limit = options.limit ?? 200;
  const rounds = options.rounds ?? 10;
  const mailbox = imap.mailbox;
  const client = createImapClient(imap, { allowPlaintext: deps.config.outreach.allowPlaintext, connectionTimeoutMs: deps.config.outreach.imapTimeoutMs });
  client.on('error', (err: unknown) => deps.logger?.warn({ err }, 'imap connection error'));
  await client.connect();
  const checkpoints = createOutreachMailboxCheckpointsQueries(deps.db);
  let processed = 0;
  const kinds: Record<string, number> = {};
  try {
    for (let round = 0; round < rounds; round++) {
      const cp = await checkpoints.find(mailbox);
      const pass = await fetchNewMessages(client, mailbox, cp ? { uidValidity: cp.uid_validity, lastUid: cp.last_uid } : null, { limit });
      if (pass.messages.length === 0) {
        await checkpoints.save(mailbox, pass.checkpoint.uidValidity, pass.checkpoint.lastUid, deps.clock.now());
        break;
      }
      for (const m of pass.messages) {
        const result = await handleIncoming(deps, { mailbox, uidValidity: pass.uidValidity, uid: m.uid, source: m.source }, replyDomain);
        kinds[result.kind] = (kinds[result.kind] ?? 0) + 1;
        processed++;
      }
      if (pass.messages.length < limit) break;
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  return { processed, kinds };
}
