// SMTP_URL and IMAP_URL, parsed whole when the configuration is read (lib/config.ts): a value the
// mail adapters could not use stops the process at start with the problem named, not a job later.
//   smtp://user:pass@host:587   submission with STARTTLS (required unless MAIL_ALLOW_PLAINTEXT)
//   smtps://user:pass@host:465  implicit TLS
//   imaps://user:pass@host:993/INBOX, imap://user:pass@host:143/INBOX (STARTTLS); the path names
//   the mailbox (default INBOX). User, password and mailbox are percent-decoded.
import { z } from 'zod';

export type SmtpEndpoint = { host: string; port: number; secure: boolean; user: string | null; password: string | null };
export type ImapEndpoint = { host: string; port: number; secure: boolean; user: string; password: string; mailbox: string };

type Parts = { secure: boolean; host: string; port: number; user: string | null; password: string | null; path: string };

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The parts of a mail URL, or the problem with it. */
function parts(value: string, schemes: { plain: string; tls: string; plainPort: number; tlsPort: number }): Parts | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `not a URL (expected ${schemes.plain}//user:pass@host:${schemes.plainPort} or ${schemes.tls}//user:pass@host:${schemes.tlsPort})`;
  }
  const secure = url.protocol === schemes.tls;
  if (!secure && url.protocol !== schemes.plain) return `must use ${schemes.plain} or ${schemes.tls}, not ${url.protocol}`;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) return 'needs a host';
  // `new URL` refuses ports above 65535; port 0 is not a port to connect to.
  const port = url.port ? Number(url.port) : secure ? schemes.tlsPort : schemes.plainPort;
  if (!Number.isInteger(port) || port < 1 || port > 65535) return `port ${url.port} is not a port`;
  if (url.search || url.hash) return 'takes no query or fragment';
  return {
    secure,
    host,
    port,
    user: url.username ? decode(url.username) : null,
    password: url.username ? decode(url.password) : null,
    path: decode(url.pathname.replace(/^\/+/, '')),
  };
}

export const SmtpUrl = z.string().transform((value, ctx): SmtpEndpoint => {
  const p = parts(value, { plain: 'smtp:', tls: 'smtps:', plainPort: 587, tlsPort: 465 });
  const problem = typeof p === 'string' ? p : p.path ? 'takes no path' : null;
  if (problem !== null || typeof p === 'string') {
    ctx.addIssue({ code: 'custom', message: `${problem ?? 'invalid'} (smtp://user:pass@host:587 or smtps://user:pass@host:465)` });
    return z.NEVER;
  }
  return { host: p.host, port: p.port, secure: p.secure, user: p.user, password: p.password };
});

export const ImapUrl = z.string().transform((value, ctx): ImapEndpoint => {
  const p = parts(value, { plain: 'imap:', tls: 'imaps:', plainPort: 143, tlsPort: 993 });
  const problem = typeof p === 'string' ? p : p.user === null ? 'needs a user name' : null;
  if (problem !== null || typeof p === 'string' || p.user === null) {
    ctx.addIssue({ code: 'custom', message: `${problem ?? 'invalid'} (imaps://user:pass@host:993/INBOX)` });
    return z.NEVER;
  }
  return { host: p.host, port: p.port, secure: p.secure, user: p.user, password: p.password ?? '', mailbox: p.path || 'INBOX' };
});
