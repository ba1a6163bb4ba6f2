// The SMTP adapter (outreach sends and the owner's forwards).
// - `smtpTransportOptions(endpoint, options)`: connection options for the parsed SMTP_URL.
// - `buildRawMessage(options)`: the exact bytes of a message as nodemailer builds them (List-*
//   headers, DKIM, Message-ID). Build once per message; a retry sends the same bytes.
// - `deliverRaw(smtpOptions, raw)`: one SMTP transaction on its own connection, whose outcome is
//   classified so the sending task can be exactly-once:
//     sent       the server accepted the message (2xx after the final dot);
//     permanent  the server refused it for good (5xx except 503): mark the message failed;
//     transient  nothing was accepted and trying again is safe (4xx, 503, or any failure before
//                the server answered DATA with 354): retry with backoff;
//     unknown    the connection broke after the message data was handed over and before the
//                server's answer: it may have been delivered, so the task must NOT re-send blindly.
//   nodemailer's pooled/transport layer reads the message before DATA and labels every socket
//   failure `CONN`, so the send runs on an SMTPConnection, where the message stream is only read
//   after 354 and its end marks "data handed over".
import { Readable } from 'node:stream';
import type Nodemailer from 'nodemailer';
import type SMTPConnectionClass from 'nodemailer/lib/smtp-connection';
import type { SendMailOptions, SMTPTransportOptions } from 'nodemailer';
import { lazyRequire } from '../lazy.ts';
import type { SmtpEndpoint } from './endpoints.ts';

export type SmtpOptions = {
  /** EHLO name; defaults to nodemailer's (the machine's host name). */
  name?: string;
  /** Tests and local relays only (MAIL_ALLOW_PLAINTEXT): `smtp://` without STARTTLS. Production requires TLS. */
  allowPlaintext?: boolean;
  /** Extra trusted root (PEM) for a private relay; verification stays on. */
  ca?: string;
  connectionTimeoutMs?: number;
  greetingTimeoutMs?: number;
  socketTimeoutMs?: number;
};

/** Connection options for SMTP_URL: STARTTLS required on `smtp://` unless plaintext is allowed. */
export function smtpTransportOptions(endpoint: SmtpEndpoint, options: SmtpOptions = {}): SMTPTransportOptions {
  const plaintext = options.allowPlaintext === true && !endpoint.secure;
  const transport: SMTPTransportOptions = {
    host: endpoint.host,
    port: endpoint.port,
    secure: endpoint.secure,
    requireTLS: !endpoint.secure && !plaintext,
    ignoreTLS: plaintext,
    connectionTimeout: options.connectionTimeoutMs ?? 30_000,
    greetingTimeout: options.greetingTimeoutMs ?? 30_000,
    socketTimeout: options.socketTimeoutMs ?? 60_000,
    logger: false,
    debug: false,
  };
  if (options.name) transport.name = options.name;
  if (options.ca) transport.tls = { ca: options.ca };
  if (endpoint.user !== null) transport.auth = { user: endpoint.user, pass: endpoint.password ?? '' };
  return transport;
}

/** The exact bytes of a message and its envelope. */
export type RawMessage = { raw: Buffer; envelope: { from: string; to: string[] }; messageId: string };

// nodemailer is loaded by the first message built or sent (lib/lazy.ts).
const nodemailer = lazyRequire<typeof Nodemailer>('nodemailer');
const SMTPConnection = lazyRequire<typeof SMTPConnectionClass>('nodemailer/lib/smtp-connection');
let builder: ReturnType<typeof Nodemailer.createTransport> | null = null;

/** Builds the message once through nodemailer's full pipeline (List-* headers, DKIM signing). */
export async function buildRawMessage(message: SendMailOptions): Promise<RawMessage> {
  builder ??= nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await builder.sendMail(message);
  const raw = Buffer.isBuffer(info.message) ? info.message : Buffer.from(String(info.message));
  const envelope = info.envelope as { from?: string | false; to?: string[] };
  return { raw, envelope: { from: envelope.from || '', to: envelope.to ?? [] }, messageId: info.messageId };
}

export type SendOutcome =
  | { status: 'sent'; messageId: string; accepted: string[]; rejected: string[]; response: string }
  | { status: 'permanent' | 'transient' | 'unknown'; error: string; code: string | null; responseCode: number | null };

type SmtpError = { code?: unknown; responseCode?: unknown; permanent?: unknown; message?: unknown };

/** How a failed send ended; `dataSent` says whether the whole message had been handed over. */
export function classifySendError(err: unknown, dataSent: boolean): 'permanent' | 'transient' | 'unknown' {
  const e = (typeof err === 'object' && err !== null ? err : {}) as SmtpError;
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : null;
  if (responseCode !== null) {
    // A reply was read, so the server's verdict is known.
    if (e.permanent === true) return 'permanent';
    if (e.permanent === false) return 'transient';
    return responseCode >= 500 && responseCode !== 503 ? 'permanent' : 'transient';
  }
  if (dataSent) return 'unknown';
  const code = typeof e.code === 'string' ? e.code : '';
  // Problems of the message itself, found before any byte of it left.
  if (['EMESSAGE', 'EFILEACCESS', 'EURLACCESS', 'EMAXRECIPIENTS', 'EOTP'].includes(code)) return 'permanent';
  return 'transient';
}

function failure(err: unknown, dataSent: boolean): SendOutcome & { status: 'permanent' | 'transient' | 'unknown' } {
  const e = (typeof err === 'object' && err !== null ? err : {}) as SmtpError;
  return {
    status: classifySendError(err, dataSent),
    error: typeof e.message === 'string' ? e.message : String(err),
    code: typeof e.code === 'string' ? e.code : null,
    responseCode: typeof e.responseCode === 'number' ? e.responseCode : null,
  };
}

export type DeliverOptions = {
  /**
   * Called once, after the server answered DATA with 354 and before the first byte of the message
   * leaves. Resolving false (or rejecting) aborts the send before any data is written: the outcome
   * is then `transient`, and nothing was delivered. The sending task records "data started" here.
   */
  beforeData?: () => Promise<boolean>;
};

/** One SMTP transaction for one built message, on its own connection. Never throws. */
export function deliverRaw(smtp: SMTPTransportOptions, message: RawMessage, options: DeliverOptions = {}): Promise<SendOutcome> {
  return new Promise<SendOutcome>((resolve) => {
    let dataSent = false;
    let settled = false;
    const connection = new (SMTPConnection())(smtp);
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      if (outcome.status === 'sent') connection.quit();
      else connection.close();
      resolve(outcome);
    };
    connection.once('error', (err: unknown) => finish(failure(err, dataSent)));
    connection.once('end', () => finish(failure(Object.assign(new Error('Connection closed'), { code: 'ECONNECTION' }), dataSent)));
    connection.connect((connectErr) => {
      if (connectErr) return finish(failure(connectErr, false));
      const afterLogin = () => {
        // Read only after the server answered DATA with 354; its end means the data was handed over.
        let started = false;
        const stream = new Readable({
          read() {
            if (started) return;
            started = true;
            const gate = options.beforeData ? options.beforeData() : Promise.resolve(true);
            gate.then(
              (ok) => {
                if (!ok) return this.destroy(Object.assign(new Error('the send was withdrawn before the data left'), { code: 'EFENCED' }));
                this.push(message.raw);
                this.push(null);
              },
              (err: unknown) => this.destroy(err instanceof Error ? err : new Error(String(err))),
            );
          },
        });
        stream.once('end', () => {
          dataSent = true;
        });
        connection.send({ from: message.envelope.from, to: message.envelope.to, size: message.raw.length }, stream, (err, info) => {
          if (err) return finish(failure(err, dataSent));
          const accepted = (info?.accepted ?? []).map(String);
          const rejected = (info?.rejected ?? []).map(String);
          if (accepted.length === 0) {
            return finish({ status: 'permanent', error: `every recipient was rejected: ${info?.response ?? ''}`, code: 'EENVELOPE', responseCode: null });
          }
          finish({ status: 'sent', messageId: message.messageId, accepted, rejected, response: String(info?.response ?? '') });
        });
      };
      if (smtp.auth && 'user' in smtp.auth && smtp.auth.user) {
        connection.login({ user: smtp.auth.user, pass: 'pass' in smtp.auth ? smtp.auth.pass : undefined }, (loginErr) => {
          if (loginErr) return finish(failure(loginErr, false));
          afterLogin();
        });
      } else afterLogin();
    });
  });
}

/** Builds (unless given built bytes) and delivers one message. Never throws. */
export async function sendMail(smtp: SMTPTransportOptions, message: SendMailOptions | RawMessage, options: DeliverOptions = {}): Promise<SendOutcome> {
  let built: RawMessage;
  try {
    built = isRaw(message) ? message : await buildRawMessage(message);
  } catch (err) {
    return { ...failure(err, false), status: 'permanent' };
  }
  return deliverRaw(smtp, built, options);
}

function isRaw(message: SendMailOptions | RawMessage): message is RawMessage {
  return Buffer.isBuffer((message as RawMessage).raw) && typeof (message as RawMessage).messageId === 'string';
}
