// The IMAP adapter (the reply poller): an imapflow client for the parsed IMAP_URL, and one pass
// that fetches the messages that arrived since a stored checkpoint.
// Discipline (imapflow #159, #284 and the notes): hold the mailbox lock in try/finally; inside
// `for await (client.fetch())` only collect (no other command runs inside the loop); act after it.
// UIDs are only meaningful under one UIDVALIDITY: when it changes, the checkpoint resets to 0 and
// the caller dedupes by Message-ID. `N:*` returns the highest message even when its UID is below
// N, so every UID <= last is skipped.
import type { ImapFlow, ImapFlowOptions } from 'imapflow';
import { lazyRequire } from '../lazy.ts';
import type { ImapEndpoint } from './endpoints.ts';

// imapflow is loaded by the first mailbox read (lib/lazy.ts).
const imapflow = lazyRequire<typeof import('imapflow')>('imapflow');

export type ImapOptions = {
  /** Tests and local servers only (MAIL_ALLOW_PLAINTEXT): `imap://` without STARTTLS. Production requires STARTTLS or `imaps://`. */
  allowPlaintext?: boolean;
  /** Extra trusted root (PEM) for a private server; verification stays on. */
  ca?: string;
  /** Connecting and the server's greeting, each; default 30 s and imapflow's 16 s. */
  connectionTimeoutMs?: number;
  /** Default 5 min. */
  socketTimeoutMs?: number;
};

/** A client for IMAP_URL that is not connected yet: `await client.connect()`, and `logout()` when done. */
export function createImapClient(endpoint: ImapEndpoint, options: ImapOptions = {}): ImapFlow {
  const plaintext = options.allowPlaintext === true && !endpoint.secure;
  const imapOptions: ImapFlowOptions = {
    host: endpoint.host,
    port: endpoint.port,
    secure: endpoint.secure,
    doSTARTTLS: plaintext ? false : endpoint.secure ? undefined : true,
    auth: { user: endpoint.user, pass: endpoint.password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: options.connectionTimeoutMs ?? 30_000,
    ...(options.connectionTimeoutMs ? { greetingTimeout: options.connectionTimeoutMs } : {}),
    socketTimeout: options.socketTimeoutMs ?? 5 * 60_000,
    clientInfo: { name: 'agent-board outreach poller' },
  };
  if (options.ca) imapOptions.tls = { ca: options.ca };
  return new (imapflow().ImapFlow)(imapOptions);
}

/** Per mailbox, stored in Postgres: `uidValidity` as a decimal string (it is a 32-bit unsigned). */
export type ImapCheckpoint = { uidValidity: string; lastUid: number };

export type FetchedMessage = { uid: number; source: Buffer };

export type NewMessages = {
  uidValidity: string;
  /** True when the stored UIDVALIDITY differs: everything is new again (dedupe by Message-ID). */
  reset: boolean;
  /** Sorted by UID, all above the checkpoint. */
  messages: FetchedMessage[];
  /** The checkpoint after every returned message was handled. */
  checkpoint: ImapCheckpoint;
};

/** `1,2,3,5,7,8` → `1:3,5,7:8` */
export function uidRanges(uids: readonly number[]): string {
  const sorted = [...new Set(uids)].sort((a, b) => a - b);
  const parts: string[] = [];
  let start: number | undefined;
  let prev: number | undefined;
  for (const uid of sorted) {
    if (start === undefined || prev === undefined) {
      start = uid;
    } else if (uid !== prev + 1) {
      parts.push(start === prev ? `${start}` : `${start}:${prev}`);
      start = uid;
    }
    prev = uid;
  }
  if (start !== undefined && prev !== undefined) parts.push(start === prev ? `${start}` : `${start}:${prev}`);
  return parts.join(',');
}

/**
 * One pass over `mailbox` of a connected client: every message with a UID above the checkpoint
 * (all of them after a UIDVALIDITY change), oldest first, at most `limit` (default 500) so a pass
 * stays bounded; call again while `messages.length === limit`.
 */
export async function fetchNewMessages(
  client: ImapFlow,
  mailbox: string,
  checkpoint: ImapCheckpoint | null,
  options: { limit?: number } = {},
): Promise<NewMessages> {
  const limit = options.limit ?? 500;
  const lock = await client.getMailboxLock(mailbox);
  try {
    const box = client.mailbox;
    if (!box) throw new Error(`IMAP mailbox ${mailbox} is not open`);
    const uidValidity = box.uidValidity.toString();
    const reset = checkpoint !== null && checkpoint.uidValidity !== uidValidity;
    const last = checkpoint !== null && !reset ? checkpoint.lastUid : 0;
    const empty: NewMessages = { uidValidity, reset, messages: [], checkpoint: { uidValidity, lastUid: last } };
    // Gate on EXISTS, not on uidNext: uidNext is set at SELECT and not updated by IDLE's EXISTS.
    if (box.exists === 0) return empty;

    const messages: FetchedMessage[] = [];
    if (box.exists <= limit) {
      // The mailbox holds no more than `limit` messages in all: one fetch of the sources is enough.
      for await (const msg of client.fetch(`${last + 1}:*`, { uid: true, source: true }, { uid: true })) {
        if (msg.uid > last && msg.source) messages.push({ uid: msg.uid, source: msg.source });
      }
    } else {
      // Phase 1: which UIDs are new (cheap), so the pass stays bounded.
      const uids: number[] = [];
      for await (const msg of client.fetch(`${last + 1}:*`, { uid: true }, { uid: true })) {
        if (msg.uid > last) uids.push(msg.uid);
      }
      uids.sort((a, b) => a - b);
      const wanted = uids.slice(0, limit);
      if (wanted.length === 0) return empty;
      // Phase 2: their sources.
      const wantedSet = new Set(wanted);
      for await (const msg of client.fetch(uidRanges(wanted), { uid: true, source: true }, { uid: true })) {
        if (wantedSet.has(msg.uid) && msg.source) messages.push({ uid: msg.uid, source: msg.source });
      }
    }
    messages.sort((a, b) => a.uid - b.uid);
    const lastUid = messages.reduce((m, x) => Math.max(m, x.uid), last);
    return { uidValidity, reset, messages, checkpoint: { uidValidity, lastUid } };
  } finally {
    lock.release();
  }
}
