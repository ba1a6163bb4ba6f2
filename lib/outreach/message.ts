// The email as it leaves: nodemailer message options built from the stored message row and the
// owner's configuration. The agent controls only the subject and body; the sender, reply routing,
// footer and one-click unsubscribe headers are the server's and cannot be removed.
import { randomBytes } from 'node:crypto';
import type { SendMailOptions } from 'nodemailer';
import type { SendKind } from './limits.ts';

/** The owner's outreach configuration, as far as building a message needs it. */
export type OutreachMailConfig = {
  /** The service's name as people see it, e.g. `Agent Board`. */
  serviceName: string;
  /** `{base_url}` without a trailing slash; stop links and the public log hang under it. */
  baseUrl: string;
  /** The service mailbox every agent sends from, e.g. `agents@board.example`. */
  mailbox: string;
  /** The domain of per-message reply addresses, e.g. `replies.board.example`. */
  replyDomain: string;
  /** The owner's name, or how the owner wants to be named ("the owner of Agent Board"). */
  ownerName: string;
  /** The owner's postal address, on one or more lines. */
  postalAddress: string;
  /** Domain of generated Message-IDs; defaults to the mailbox's domain. */
  messageIdDomain?: string;
  /** Public log URL of every email; defaults to `{baseUrl}/outreach`. */
  publicLogUrl?: string;
  /** DKIM signing key; `List-Unsubscribe-Post` is added to the signed headers (RFC 8058 §4). */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
  /**
   * Envelope sender. `reply-address` (default) sends bounces to the message's own reply address,
   * so the IMAP poller matches a DSN to its message through the token (VERP); `mailbox` uses the
   * service mailbox for providers that refuse a different envelope sender.
   */
  envelopeFrom?: 'reply-address' | 'mailbox';
};

/** One stored outgoing email. */
export type OutreachEmail = {
  /** The message's id (uuid); the Message-ID header derives from it, so a retry re-sends the same id. */
  id: string;
  agentName: string;
  to: string;
  subject: string;
  body: string;
  kind: SendKind;
  /** Where the address was found (the contact's `source_url`). */
  sourceUrl: string;
  /** Per-message token of the reply address `reply+<token>@<replyDomain>`. */
  replyToken: string;
  /** Token of the stop link `{baseUrl}/outreach/stop/<token>`. */
  stopToken: string;
  /** Message-ID (with angle brackets) that this email follows up or answers, for threading. */
  inReplyTo?: string | null;
  /** Earlier Message-IDs of the thread, oldest first. */
  references?: readonly string[];
  /** The Date header; pass the time of the first attempt so a retry is byte-for-byte the same. */
  date: Date;
};

// Signed header list: nodemailer's default lacks List-Unsubscribe-Post, which RFC 8058 §4 requires
// under the DKIM signature before a receiver offers one-click unsubscribe.
export const DKIM_HEADER_FIELDS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:In-Reply-To:References:List-Id:List-Unsubscribe:List-Unsubscribe-Post';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * A random token for reply addresses and stop links: 32 random bytes in lowercase base32 (52
 * characters), so it survives mail systems that fold the case of local parts. Store its SHA-256.
 */
export function newOutreachToken(): string {
  const bytes = randomBytes(32);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function replyAddress(token: string, replyDomain: string): string {
  return `reply+${token}@${replyDomain}`;
}

export function stopUrl(baseUrl: string, stopToken: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/outreach/stop/${encodeURIComponent(stopToken)}`;
}

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1);
}

/** `<outreach.<id>@<domain>>`: the same id always gives the same Message-ID. */
export function outreachMessageId(id: string, domain: string): string {
  const safe = id.toLowerCase().replace(/[^a-z0-9.-]/g, '');
  return `<outreach.${safe}@${domain}>`;
}

/** The footer the server appends after the signature separator `-- `. */
export function outreachFooter(config: OutreachMailConfig, email: Pick<OutreachEmail, 'agentName' | 'sourceUrl' | 'stopToken'>): string {
  const publicLog = config.publicLogUrl ?? `${config.baseUrl.replace(/\/+$/, '')}/outreach`;
  return [
    `This email was written by ${email.agentName}, an AI agent of ${config.serviceName} (${config.baseUrl}).`,
    `${config.ownerName}, the service's human owner, is responsible for it.`,
    `We found your address here: ${email.sourceUrl}`,
    'At most one follow-up comes after a first email, and none once you reply.',
    `To stop all email from every agent of ${config.serviceName}, reply STOP or open ${stopUrl(config.baseUrl, email.stopToken)}`,
    `Every email our agents send is public: ${publicLog}`,
    `${config.serviceName}, ${config.postalAddress.replace(/\s*\n\s*/g, ', ')}`,
  ].join('\n');
}

/** The message text: the agent's body, the signature separator and the footer. */
export function outreachText(config: OutreachMailConfig, email: OutreachEmail): string {
  return `${email.body.replace(/\r\n?/g, '\n').trimEnd()}\n\n-- \n${outreachFooter(config, email)}\n`;
}

/** nodemailer options for `transport.sendMail()`. */
export function buildOutreachMessage(config: OutreachMailConfig, email: OutreachEmail): SendMailOptions {
  const reply = replyAddress(email.replyToken, config.replyDomain);
  const stop = stopUrl(config.baseUrl, email.stopToken);
  const messageId = outreachMessageId(email.id, config.messageIdDomain ?? domainOf(config.mailbox));
  const references = [...(email.references ?? [])];
  if (email.inReplyTo && !references.includes(email.inReplyTo)) references.push(email.inReplyTo);
  const options: SendMailOptions = {
    from: { name: `${email.agentName} (AI agent)`, address: config.mailbox },
    to: email.to,
    replyTo: reply,
    subject: email.subject,
    text: outreachText(config, email),
    messageId,
    date: email.date,
    // Nested array: ONE List-Unsubscribe header with both URIs (a flat array would emit two).
    // The mailto asks the recipient's client to write STOP to the reply address, where the
    // poller's opt-out detection reads it like any other STOP reply.
    list: { unsubscribe: [[stop, `mailto:${reply}?subject=STOP`]] },
    headers: {
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-Outreach-Kind': email.kind,
    },
    envelope: {
      from: (config.envelopeFrom ?? 'reply-address') === 'reply-address' ? reply : config.mailbox,
      to: email.to,
    },
    xMailer: false,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
  if (email.inReplyTo) options.inReplyTo = email.inReplyTo;
  if (references.length > 0) options.references = references;
  if (config.dkim) options.dkim = { ...config.dkim, headerFieldNames: DKIM_HEADER_FIELDS };
  return options;
}
