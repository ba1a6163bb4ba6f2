// Classifying what arrives at the reply mailbox. No well-kept npm classifier exists (see
// docs/outreach.md), so this reads the standard signals in priority order:
//   bounce  a DSN (multipart/report; report-type=delivery-status) with Action: failed or a 5.x.x
//           status, or a MAILER-DAEMON message / X-Failed-Recipients with a 5.x.x status;
//   auto    any other report, RFC 3834 Auto-Submitted (not "no"), vendor auto-reply headers,
//           Precedence bulk/junk/list/auto_reply, list and bulk-service headers, a null
//           Return-Path, or an auto-reply subject;
//   reply   everything else.
// `from_contact` is true only for a reply whose From is the contacted address and whose topmost
// Authentication-Results header from OUR receiving server (authserv-id given by the caller) says
// dmarc=pass for that From domain or an aligned dkim=pass. Opt-outs are read from the subject the
// recipient wrote and the first lines of the text they wrote, after quoted history is removed.
import type EmailReplyParserClass from 'email-reply-parser';
import type * as Mailparser from 'mailparser';
import { lazyRequire } from '../lazy.ts';
import type { ParsedMail } from 'mailparser';
import { parseAddress, registrableDomain } from './address.ts';
import { escapeRegExp } from '../text/regex.ts';

// The mail parsers are loaded by the first reply read (lib/lazy.ts).
const mailparser = lazyRequire<typeof Mailparser>('mailparser');
const replyParser = lazyRequire<{ default: typeof EmailReplyParserClass }>('email-reply-parser');

export type ReplyKind = 'auto' | 'bounce' | 'reply';

export type ReplyClassification = {
  kind: ReplyKind;
  opt_out: boolean;
  from_contact: boolean;
  /** The token of `reply+<token>@<replyDomain>`, lowercased, or null when none was found. */
  token: string | null;
  /** The first words the sender wrote (quoted history removed), whitespace collapsed. */
  excerpt: string;
  /** Which signal decided, for the owner's records and the logs. */
  reason: string;
};

export type ClassifyOptions = {
  /** authserv-id(s) of OUR receiving server; Authentication-Results from any other id are ignored. */
  authservIds: readonly string[];
  /** Domain of the reply addresses. */
  replyDomain: string;
  /** The contacted address, once the token led to the message; without it from_contact is false. */
  contactAddress?: string | null;
  /** Subject of our email, so a `Re: <our subject>` is not read as words the recipient wrote. */
  originalSubject?: string | null;
  /** Excerpt length in characters (default 240). */
  excerptMax?: number;
  /** How many non-empty, non-quoted lines at the top are searched for an opt-out (default 5). */
  optOutLines?: number;
};

// ---------------------------------------------------------------------------------------------
// Headers

type HeaderLine = { key: string; line: string };

/** Unfolded header values by lowercase name, top to bottom as they appear in the message. */
function headerValues(mail: ParsedMail, name: string): string[] {
  const lines: readonly HeaderLine[] = mail.headerLines ?? [];
  const out: string[] = [];
  for (const { key, line } of lines) {
    if (key.toLowerCase() !== name) continue;
    const colon = line.indexOf(':');
    out.push(
      line
        .slice(colon + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    );
  }
  return out;
}

function firstHeader(mail: ParsedMail, name: string): string | null {
  return headerValues(mail, name)[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Authentication-Results (RFC 8601)

export type AuthResult = { method: string; result: string; props: Record<string, string> };
export type AuthenticationResults = { authservId: string; results: AuthResult[] };

function stripComments(value: string): string {
  let out = '';
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i] ?? '';
    if (quoted) {
      out += c;
      if (c === '\\') out += value[++i] ?? '';
      else if (c === '"') quoted = false;
    } else if (c === '"' && depth === 0) {
      quoted = true;
      out += c;
    } else if (c === '(') depth++;
    else if (c === ')' && depth > 0) depth--;
    else if (depth === 0) out += c;
    else if (c === '\\') i++;
  }
  return out;
}

function splitOutsideQuotes(value: string, sep: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const c of value) {
    if (c === '"') quoted = !quoted;
    if (c === sep && !quoted) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}

/** Parses one Authentication-Results value; null when it has no authserv-id. */
export function parseAuthenticationResults(value: string): AuthenticationResults | null {
  const [head, ...rest] = splitOutsideQuotes(stripComments(value), ';');
  const authservId = (head ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  if (!authservId) return null;
  const results: AuthResult[] = [];
  for (const part of rest) {
    const tokens = part.trim().match(/(?:[^\s"=]+=(?:"(?:[^"\\]|\\.)*"|[^\s]*))|[^\s]+/g) ?? [];
    const first = tokens[0];
    if (!first || !first.includes('=')) continue; // "none" or garbage
    const eq = first.indexOf('=');
    const method = first.slice(0, eq).split('/')[0]?.toLowerCase() ?? '';
    const result = first.slice(eq + 1).toLowerCase();
    const props: Record<string, string> = {};
    for (const t of tokens.slice(1)) {
      const i = t.indexOf('=');
      if (i <= 0) continue;
      const key = t.slice(0, i).toLowerCase();
      let val = t.slice(i + 1);
      if (val.startsWith('"') && val.endsWith('"')) val = val.slice(1, -1).replace(/\\(.)/g, '$1');
      if (key === 'reason') continue;
      props[key] = val;
    }
    results.push({ method, result, props });
  }
  return { authservId, results };
}

function domainOfProp(value: string | undefined): string | null {
  if (!value) return null;
  const v = value.toLowerCase().replace(/^.*@/, '').replace(/\.$/, '');
  return v || null;
}

/**
 * Whether OUR receiving server authenticated `fromAddress`: the topmost Authentication-Results with
 * one of `authservIds` says dmarc=pass header.from=<its domain>, or dkim=pass with a signing domain
 * (header.d, or the domain of header.i) aligned with it (same registrable domain). Returns the
 * deciding result for the records, or null.
 */
export function authenticatedSender(mail: ParsedMail, fromAddress: string, authservIds: readonly string[]): string | null {
  const ids = new Set(authservIds.map((s) => s.toLowerCase()));
  const parsedFrom = parseAddress(fromAddress);
  if (!parsedFrom || ids.size === 0) return null;
  const fromOrg = parsedFrom.registrableDomain ?? parsedFrom.domain;
  for (const value of headerValues(mail, 'authentication-results')) {
    const ar = parseAuthenticationResults(value);
    if (!ar || !ids.has(ar.authservId)) continue;
    // The topmost header from our own server is the one it added; any lower one with our id came
    // from outside (RFC 8601 §5 asks the border MTA to remove those, we do not rely on it).
    for (const r of ar.results) {
      if (r.result !== 'pass') continue;
      if (r.method === 'dmarc' && domainOfProp(r.props['header.from']) === parsedFrom.domain) {
        return `${ar.authservId}: dmarc=pass header.from=${parsedFrom.domain}`;
      }
      if (r.method === 'dkim') {
        const d = domainOfProp(r.props['header.d']) ?? domainOfProp(r.props['header.i']);
        if (d && (registrableDomain(d) ?? d) === fromOrg) return `${ar.authservId}: dkim=pass header.d=${d}`;
      }
    }
    return null;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Auto-replies, bounces and list mail

const AUTO_HEADERS = [
  'x-autoreply',
  'x-autorespond',
  'x-autogenerated',
  'x-autoreply-from',
  'x-mail-autoreply',
  'x-fc-machinegenerated',
  'x-ms-exchange-generated-message-source',
];
const LIST_HEADERS = ['list-id', 'list-unsubscribe', 'feedback-id', 'x-mailing-list', 'list-post'];
const AUTO_SUBJECT =
  /^\s*(?:\[[^\]]*\]\s*)?(?:auto(?:matic)?[ _-]?(?:reply|response|antwort|risposta|respuesta)|autoreply|out of (?:the )?office|ooo\b|on vacation|away from (?:the |my )?office|abwesenheit|absence|undeliver(?:ed|able)|delivery status notification|mail delivery (?:failed|failure|subsystem)|failure notice|returned mail|delivery failure|message not delivered)/i;
const DSN_STATUS = /^\s*status:\s*([245])\.(\d{1,3})\.(\d{1,3})/gim;
const DSN_ACTION = /^\s*action:\s*(failed|delayed|delivered|relayed|expanded)/gim;
const SMTP_5XX = /\b(5\.\d{1,3}\.\d{1,3})\b/;

function contentType(mail: ParsedMail): { type: string; reportType: string | null } {
  const raw = firstHeader(mail, 'content-type') ?? '';
  const type = (raw.split(';')[0] ?? '').trim().toLowerCase();
  const report = /report-type\s*=\s*"?([a-z0-9_-]+)"?/i.exec(raw);
  return { type, reportType: report?.[1]?.toLowerCase() ?? null };
}

/** Text of the message plus any delivery-status or rfc822-headers parts mailparser kept as attachments. */
function reportText(mail: ParsedMail): string {
  const parts = [mail.text ?? ''];
  for (const a of mail.attachments ?? []) {
    const ct = (a.contentType ?? '').toLowerCase();
    if (ct === 'message/delivery-status' || ct === 'message/global-delivery-status' || ct === 'text/rfc822-headers' || ct === 'message/rfc822-headers') {
      parts.push(a.content.toString('utf8'));
    }
  }
  return parts.join('\n');
}

function dsnVerdict(text: string): { permanent: boolean; status: string | null } {
  const statuses = [...text.matchAll(DSN_STATUS)].map((m) => `${m[1]}.${m[2]}.${m[3]}`);
  const actions = [...text.matchAll(DSN_ACTION)].map((m) => (m[1] ?? '').toLowerCase());
  const permanentStatus = statuses.find((s) => s.startsWith('5.')) ?? null;
  const failed = actions.includes('failed');
  return { permanent: permanentStatus !== null || (failed && !statuses.some((s) => s.startsWith('4.'))), status: permanentStatus ?? statuses[0] ?? null };
}

function fromAddresses(mail: ParsedMail): string[] {
  return (mail.from?.value ?? []).map((a) => (a.address ?? '').toLowerCase()).filter(Boolean);
}

type AutoVerdict = { kind: 'auto' | 'bounce'; reason: string; optOut?: boolean } | null;

function autoVerdict(mail: ParsedMail): AutoVerdict {
  const ct = contentType(mail);
  if (ct.type === 'multipart/report') {
    if (ct.reportType === 'delivery-status' || ct.reportType === 'global-delivery-status') {
      const v = dsnVerdict(reportText(mail));
      return v.permanent
        ? { kind: 'bounce', reason: `DSN (multipart/report; delivery-status) status ${v.status ?? 'failed'}` }
        : { kind: 'auto', reason: `DSN (multipart/report; delivery-status) not permanent (${v.status ?? 'no status'})` };
    }
    if (ct.reportType === 'feedback-report') {
      // An ARF spam complaint: the recipient marked our email as spam. Treat it as an opt-out.
      return { kind: 'auto', reason: 'abuse report (multipart/report; feedback-report)', optOut: true };
    }
    return { kind: 'auto', reason: `multipart/report; report-type=${ct.reportType ?? 'unknown'}` };
  }
  const from = fromAddresses(mail);
  const daemon = from.some((a) => /^(mailer-daemon|postmaster|mail-daemon|mailerdaemon)@/.test(a));
  const failedRecipients = firstHeader(mail, 'x-failed-recipients');
  if (daemon || failedRecipients !== null) {
    const text = reportText(mail);
    const v = dsnVerdict(text);
    const smtp = SMTP_5XX.exec(text);
    if (v.permanent || smtp) {
      return { kind: 'bounce', reason: `${daemon ? 'MAILER-DAEMON' : 'X-Failed-Recipients'} message with status ${v.status ?? smtp?.[1] ?? '5.x.x'}` };
    }
    return { kind: 'auto', reason: `${daemon ? 'MAILER-DAEMON' : 'X-Failed-Recipients'} message without a permanent status` };
  }
  const autoSubmitted = firstHeader(mail, 'auto-submitted');
  if (autoSubmitted !== null && !/^no\b/i.test(autoSubmitted)) {
    return { kind: 'auto', reason: `Auto-Submitted: ${autoSubmitted}` };
  }
  for (const h of AUTO_HEADERS) {
    const v = firstHeader(mail, h);
    if (v !== null && !/^(?:no|false|0)$/i.test(v)) return { kind: 'auto', reason: `${h}: ${v}` };
  }
  for (const h of ['precedence', 'x-precedence']) {
    const v = firstHeader(mail, h);
    if (v !== null && /^(?:auto[_-]?reply|bulk|junk|list)\b/i.test(v)) return { kind: 'auto', reason: `${h}: ${v}` };
  }
  if (headerValues(mail, 'delivered-to').some((v) => /^autoresponder\b/i.test(v))) {
    return { kind: 'auto', reason: 'Delivered-To: Autoresponder' };
  }
  for (const h of LIST_HEADERS) {
    const v = firstHeader(mail, h);
    if (v !== null) return { kind: 'auto', reason: `list or bulk service (${h})` };
  }
  const returnPath = firstHeader(mail, 'return-path');
  if (returnPath !== null && /^<\s*>$/.test(returnPath)) return { kind: 'auto', reason: 'null Return-Path <>' };
  if (AUTO_SUBJECT.test(mail.subject ?? '')) return { kind: 'auto', reason: `auto-reply subject: ${mail.subject ?? ''}` };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Tokens, quoted history, opt-outs

const TOKEN_HEADERS = ['delivered-to', 'x-original-to', 'envelope-to', 'x-envelope-to', 'x-delivered-to', 'to', 'cc'];

function tokenRegex(replyDomain: string): RegExp {
  return new RegExp(`(?<![a-z0-9._%+-])reply\\+([a-z0-9]{8,100})@${escapeRegExp(replyDomain)}(?![a-z0-9.-])`, 'i');
}

/**
 * The reply token from the address the message was delivered to (Delivered-To, X-Original-To,
 * Envelope-To, then To and Cc). For bounces, the token may also be read from the returned headers
 * of our own email inside the report (`searchBody`).
 */
export function extractReplyToken(mail: ParsedMail, replyDomain: string, searchBody = false): string | null {
  const re = tokenRegex(replyDomain);
  for (const h of TOKEN_HEADERS) {
    for (const v of headerValues(mail, h)) {
      const m = re.exec(v);
      if (m?.[1]) return m[1].toLowerCase();
    }
  }
  if (searchBody) {
    const m = re.exec(reportText(mail));
    if (m?.[1]) return m[1].toLowerCase();
  }
  return null;
}

const QUOTE_HEADER =
  /^(?:-{2,}\s*(?:original|forwarded) message\s*-{2,}|_{8,}|on\b.{0,200}\bwrote:$|le\b.{0,200}\ba écrit\s*:?$|am\b.{0,200}\bschrieb\b.*$|from:\s.+$|de\s?:\s.+$|von:\s.+$)/i;
// Our own footer, should it come back unmarked (a client that quotes without `>`).
const OWN_FOOTER = /\bAI agent of\b|\/outreach\/stop\/|reply STOP or open\b/i;

/** The text the sender wrote: quoted history and signatures removed (email-reply-parser), top lines. */
export function visibleReplyText(text: string): string {
  let visible: string;
  try {
    visible = new (replyParser().default)().read(text.replace(/\r\n?/g, '\n')).getVisibleText();
  } catch {
    visible = text;
  }
  const kept: string[] = [];
  for (const line of visible.split('\n')) {
    const t = line.trim();
    if (QUOTE_HEADER.test(t) || OWN_FOOTER.test(t) || t === '--' || t === '-- ') break;
    if (t.startsWith('>')) continue;
    kept.push(line);
  }
  return kept.join('\n').trim();
}

export const OPT_OUT =
  /(?<![\p{L}\p{N}_])(?:stop|unsubscribe|unsubscribed|opt[ -]?out|opt me out|remove me|take me off|do not (?:e-?mail|contact|write to) me|don[’']?t (?:e-?mail|contact|write to) me|not interested|leave me alone)(?![\p{L}\p{N}_])/iu;

const REPLY_PREFIX = /^\s*(?:(?:re|fwd?|aw|wg|sv|vs|antw|rif|r|tr|ref)\s*(?:\[\d+\])?\s*:\s*)+/i;

/** The part of the subject that the recipient wrote: reply prefixes and our own subject removed. */
export function recipientSubject(subject: string, originalSubject?: string | null): string {
  let s = subject.replace(REPLY_PREFIX, '').trim();
  if (originalSubject) {
    const ours = originalSubject.trim();
    const at = ours ? s.toLowerCase().indexOf(ours.toLowerCase()) : -1;
    if (at >= 0) s = `${s.slice(0, at)} ${s.slice(at + ours.length)}`;
    s = s
      .replace(REPLY_PREFIX, '')
      .replace(/\s*(?:re|fwd?|aw|sv)\s*:\s*$/i, '')
      .trim();
  }
  return s;
}

function topLines(visible: string, n: number): string[] {
  return visible
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('>'))
    .slice(0, n);
}

function excerptOf(text: string, max: number): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  const chars = [...collapsed];
  return chars.length <= max
    ? collapsed
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

// ---------------------------------------------------------------------------------------------

/**
 * Parses a raw message for classification with mailparser, skipping what classification never
 * reads (text-to-HTML conversion, link detection); HTML-only replies still get a `text`.
 */
export function parseReply(source: Buffer | string): Promise<ParsedMail> {
  return mailparser().simpleParser(source, { skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
}

/** Classifies a message parsed by `parseReply` (or mailparser's `simpleParser`). Pure: no network, no clock. */
export function classifyReply(mail: ParsedMail, options: ClassifyOptions): ReplyClassification {
  const excerptMax = options.excerptMax ?? 240;
  const auto = autoVerdict(mail);
  const token = extractReplyToken(mail, options.replyDomain, auto !== null);
  const text = mail.text ?? '';
  const visible = visibleReplyText(text);
  const excerpt = excerptOf(visible || mail.subject || '', excerptMax);
  if (auto) {
    return { kind: auto.kind, opt_out: auto.optOut ?? false, from_contact: false, token, excerpt, reason: auto.reason };
  }
  const reasons: string[] = ['reply'];
  const subjectWords = recipientSubject(mail.subject ?? '', options.originalSubject);
  const lines = topLines(visible, options.optOutLines ?? 5);
  const subjectHit = OPT_OUT.exec(subjectWords);
  const lineHit = lines.map((l) => OPT_OUT.exec(l)).find((m) => m !== null) ?? null;
  const opt_out = subjectHit !== null || lineHit !== null;
  if (subjectHit) reasons.push(`opt-out in subject: "${subjectHit[0]}"`);
  else if (lineHit) reasons.push(`opt-out near the top: "${lineHit[0]}"`);

  let from_contact = false;
  const contact = options.contactAddress ? parseAddress(options.contactAddress) : null;
  const from = fromAddresses(mail);
  if (contact && from.length === 1 && from[0] === contact.address) {
    const auth = authenticatedSender(mail, contact.address, options.authservIds);
    if (auth) {
      from_contact = true;
      reasons.push(`from_contact (${auth})`);
    } else reasons.push('sender not authenticated by our server');
  } else if (contact) {
    reasons.push('From is not the contacted address');
  }
  return { kind: 'reply', opt_out, from_contact, token, excerpt, reason: reasons.join('; ') };
}
