// A real SMTP server in the test process (npm smtp-server): it records every message it accepts,
// and can be told to refuse recipients or to stall after DATA, so send outcomes can be tested.
import { SMTPServer } from 'smtp-server';
import type { SMTPServerAddress, SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { NEVER_MS } from './until.ts';

export type ReceivedMail = {
  from: string;
  to: string[];
  raw: Buffer;
  /** Raw headers and body as text (the message is ASCII after MIME encoding). */
  text: string;
};

export type SmtpSinkOptions = {
  /** Answer a RCPT TO for this address with an error (e.g. `{ code: 550, message: 'No such user' }`). */
  rejectRecipient?: (address: string) => { code: number; message: string } | null;
  /** After reading the whole message, never answer (the client then times out: outcome unknown). */
  stallAfterData?: () => boolean;
  /** Close the connection as soon as MAIL FROM arrives (nothing was sent: transient). */
  dropAtMailFrom?: () => boolean;
};

export type SmtpSink = {
  host: string;
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Resolves once `count` messages arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
};

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onMailFrom(_address: SMTPServerAddress, _session: SMTPServerSession, callback: (err?: Error | null) => void) {
      if (options.dropAtMailFrom?.()) {
        // Destroy the client sockets: the client sees a closed connection before any data.
        for (const conn of connections) conn.destroy();
        return;
      }
      callback();
    },
    onRcptTo(address: SMTPServerAddress, _session: SMTPServerSession, callback: (err?: Error | null) => void) {
      const refusal = options.rejectRecipient?.(address.address) ?? null;
      if (refusal) {
        const err = new Error(refusal.message) as Error & { responseCode: number };
        err.responseCode = refusal.code;
        callback(err);
        return;
      }
      callback();
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null) => void) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (options.stallAfterData?.()) return; // never answer
        const raw = Buffer.concat(chunks);
        const envelope = session.envelope;
        messages.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          raw,
          text: raw.toString('utf8'),
        });
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  const connections = new Set<import('node:net').Socket>();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const netServer = server.server;
  netServer.on('connection', (socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
  });
  server.on('error', () => {});
  const port = (netServer.address() as AddressInfo).port;
  return {
    host: '127.0.0.1',
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(count, timeoutMs = NEVER_MS) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`SMTP sink: ${messages.length} of ${count} messages after ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, Math.min(left, 200));
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
      return messages.slice(0, count);
    },
    async stop() {
      for (const c of connections) c.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
