// An outreach world for tests: the real app with SMTP_URL pointing at an in-process SMTP server,
// contact pages served over HTTPS with a test CA (the app's contact-page fetcher, passed in its
// deps, trusts it), optionally a real Dovecot for replies, an owner, and residents with experiments.

import { setOwner, setResident } from '../../lib/accounts/admin.ts';
import { enqueueSend } from '../../lib/outreach/jobs.ts';
import { createOutreachContactsQueries } from '../../sql/queries/outreach-contacts.ts';
import { createOutreachMessagesQueries } from '../../sql/queries/outreach-messages.ts';
import { startTestApp, type TestApp } from './app.ts';
import { startHttpsServer, type TestHttpsServer } from './https.ts';
import { startDovecot, type Dovecot } from './imap.ts';
import { startSmtpSink, type SmtpSink, type SmtpSinkOptions } from './smtp.ts';

export const OUTLETS = Array.from({ length: 12 }, (_, i) => `outlet${i + 1}.test`);
export const REPLY_DOMAIN = 'replies.board.test';
export const MAILBOX = 'agents@board.test';
export const OWNER_EMAIL = 'owner@owner.test';
export const AUTHSERV_ID = 'mx.board.test';

export const SETUP = {
  service_name: 'Agent Board',
  mailbox: MAILBOX,
  reply_domain: REPLY_DOMAIN,
  owner_name: 'Ada Owner',
  owner_email: OWNER_EMAIL,
  postal_address: 'Agent Board Ltd\n1 Example Street\nLondon',
};

export const BODY =
  'Hello, I am an AI agent of Agent Board. We run measured public experiments on how AI agents report numbers, ' +
  'each with its source and time, and I think the method may interest your readers. Would a short note on it fit your beat? ' +
  'Everything we send is public. Thank you for reading.';

export type Resident = { key: string; id: string; name: string; experimentId: string };

export type OutreachWorld = {
  app: TestApp;
  sink: SmtpSink;
  pages: TestHttpsServer;
  dovecot: Dovecot | null;
  ownerKey: string;
  /** Addresses written on every contact page. */
  published: Set<string>;
  sourceUrl(outlet: string, path?: string): string;
  resident(name?: string): Promise<Resident>;
  setup(patch?: Record<string, unknown>): Promise<void>;
  addContact(resident: Resident, email: string, extra?: Record<string, unknown>): Promise<string>;
  email(resident: Resident, contactId: string, extra?: Record<string, unknown>): Promise<import('./app.ts').TestResponse>;
  /** app.runJobs(): every due job, with its outcome recorded (`env`: configuration for this run). */
  runJobs(options?: { env?: Record<string, string> }): Promise<void>;
  stop(): Promise<void>;
};

export async function startOutreachWorld(
  options: { env?: Record<string, string>; imap?: boolean; smtp?: SmtpSinkOptions; selfBaseUrl?: boolean } = {},
): Promise<OutreachWorld> {
  const published = new Set<string>();
  const sink = await startSmtpSink(options.smtp);
  const pages = await startHttpsServer(
    {},
    {
      names: ['localhost', ...OUTLETS, ...OUTLETS.map((o) => `www.${o}`), 'other.test'],
      fallback: (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<html><body><h1>Masthead</h1>${[...published].map((a) => `<p>Reporter: <a href="mailto:${a}">${a}</a></p>`).join('')}</body></html>`);
      },
    },
  );
  const dovecot = options.imap ? await startDovecot({ users: [{ user: `replies@${REPLY_DOMAIN}`, pass: 'secret' }] }) : null;
  const app = await startTestApp(
    {
      SMTP_URL: sink.url,
      MAIL_ALLOW_PLAINTEXT: 'true',
      IMAP_AUTHSERV_ID: AUTHSERV_ID,
      POSTS_PER_DAY: '1000',
      ...(dovecot ? { IMAP_URL: dovecot.url } : {}),
      ...options.env,
    },
    {
      // The contact pages' server: its CA, loopback address and port, for this app only; a
      // deadline a loaded machine never reaches (safe-fetch's own tests cover the deadline).
      // An assistant linking over OAuth follows BASE_URL, so MCP tests serve on their own address.
      ...(options.selfBaseUrl ? { selfBaseUrl: true } : {}),
      contactPageFetch: {
        timeoutMs: 120_000,
        allowAddresses: ['127.0.0.1'],
        ca: pages.ca,
        allowedPorts: [pages.port],
        resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      },
    },
  );
  const owner = await setOwner(app.deps, `owner_${process.pid}`);
  if (!owner.apiKey) throw new Error('owner key missing');
  const ownerKey = owner.apiKey;
  let n = 0;
  const world: OutreachWorld = {
    app,
    sink,
    pages,
    dovecot,
    ownerKey,
    published,
    sourceUrl: (outlet, path = '/team') => pages.url(outlet, path),
    async resident(name) {
      const agent = await app.register(name ?? `res_${process.pid}_${++n}`);
      await setResident(app.deps, agent.name, { desk: 'outreach' });
      const post = await app.request('POST', '/v1/posts', {
        key: agent.key,
        body: {
          topic: 'svc-1m',
          title: `Experiment: pitch editors ${n}`,
          body: 'Target: science editors\nChannel: email\nAction: one pitch each\nMetric: replies\nBaseline: 0 replies\nCost: 0',
        },
      });
      if (post.status !== 201) throw new Error(`experiment: ${post.status} ${post.text}`);
      return { ...agent, experimentId: post.body.post.id as string };
    },
    async setup(patch = {}) {
      const res = await app.request('PUT', '/v1/outreach/settings', { key: ownerKey, body: { ...SETUP, ...patch } });
      if (res.status !== 200) throw new Error(`setup: ${res.status} ${res.text}`);
    },
    async addContact(resident, email, extra = {}) {
      published.add(email);
      const domain = email.split('@')[1] ?? '';
      const res = await app.request('POST', '/v1/outreach/contacts', {
        key: resident.key,
        body: { email, outlet: domain, beat: 'science', source_url: world.sourceUrl(domain), ...extra },
      });
      if (res.status !== 201 && res.status !== 200) throw new Error(`contact: ${res.status} ${res.text}`);
      return res.body.contact_id as string;
    },
    email(resident, contactId, extra = {}) {
      return app.request('POST', '/v1/outreach/email', {
        key: resident.key,
        body: { contact_id: contactId, subject: 'A measured experiment', body: BODY, experiment_id: resident.experimentId, ...extra },
      });
    },
    async runJobs(options = {}) {
      await app.runJobs(options);
    },
    async stop() {
      await app?.close();
      await sink?.stop();
      await pages?.stop();
      await dovecot?.stop();
    },
  };
  return world;
}

/** Headers of a raw message as a lowercase-name map (first occurrence, unfolded). */
export function headersOf(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const out: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) {
      const name = line.slice(0, i).toLowerCase();
      out[name] ??= line.slice(i + 1).trim();
    }
  }
  return out;
}

/**
 * Approved emails written straight to the store, each with its send job, one per address (as an
 * approval would leave them): for tests that run a real worker over many sends.
 */
export async function queueApprovedEmails(w: OutreachWorld, resident: Resident, addresses: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  await w.app.db.transaction(async (tx) => {
    const contacts = createOutreachContactsQueries(tx);
    const messages = createOutreachMessagesQueries(tx);
    for (const [i, address] of addresses.entries()) {
      const domain = address.split('@')[1]!;
      const contactId = await contacts.insert({
        address,
        outlet: 'Outlet',
        outletDomain: domain,
        name: null,
        beat: 'b',
        sourceUrl: w.sourceUrl(domain),
        addedBy: resident.id,
        now: w.app.clock.now(),
      });
      const row = await messages.insert({
        authorId: resident.id,
        contactId: contactId!,
        experimentId: resident.experimentId,
        kind: 'pitch',
        sendKind: 'first_contact',
        followUpOf: null,
        subject: `A measured experiment #${i}`,
        body: `Message ${i}. ${'A measured, public experiment. '.repeat(8)}`,
        status: 'approved',
        now: w.app.clock.now(),
      });
      await enqueueSend(tx, row.id);
      ids.push(row.id);
    }
  });
  return ids;
}
