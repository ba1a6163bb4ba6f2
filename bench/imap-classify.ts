// IMAP reply classification throughput against a real Dovecot, beside its baseline in the same run.
//   baseline  a bare imapflow fetch of the same messages (lock, `fetch 1:* {uid, source}`, release)
//   pipeline  lib/mail/imap.ts fetchNewMessages + lib/outreach/classify.ts parseReply
//             (mailparser) + classifyReply, for every message
// Run: npx node bench/imap-classify.ts [messages=1000] [rounds=5]
import { readFile, readdir } from 'node:fs/promises';
import { classifyReply, parseReply } from '../lib/outreach/classify.ts';
import { ImapUrl } from '../lib/mail/endpoints.ts';
import { createImapClient, fetchNewMessages } from '../lib/mail/imap.ts';
import { startDovecot } from '../test/helpers/imap.ts';

const COUNT = Number(process.argv[2] ?? 1000);
const ROUNDS = Number(process.argv[3] ?? 5);
const fixturesDir = new URL('../test/fixtures/email/', import.meta.url);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function main(): Promise<void> {
  const names = (await readdir(fixturesDir)).filter((n) => n.endsWith('.eml')).sort();
  const templates = await Promise.all(names.map((n) => readFile(new URL(n, fixturesDir), 'utf8')));
  const dovecot = await startDovecot();
  const { mailbox } = ImapUrl.parse(dovecot.url);
  const client = createImapClient(ImapUrl.parse(dovecot.url), { allowPlaintext: true });
  await client.connect();
  try {
    // Store COUNT replies: the fixtures in turn, each with its own token and Message-ID.
    const seedStart = process.hrtime.bigint();
    for (let i = 0; i < COUNT; i++) {
      const template = templates[i % templates.length] ?? '';
      const token = `tok${String(i).padStart(6, '0')}abcdefghijklmnopqrstuvwxyz234567abcdefghijklm`.slice(0, 52);
      const raw = template
        .replaceAll('abcdefghijklmnopqrstuvwxyz234567abcdefghijklmnopqrst', token)
        .replace(/^Message-ID: <([^>]+)>/m, `Message-ID: <bench-${i}-$1>`);
      await client.append(mailbox, raw);
    }
    const seedMs = ms(seedStart);

    const bare: number[] = [];
    const pipeline: number[] = [];
    const fetchOnly: number[] = [];
    let bytes = 0;
    const kinds = new Map<string, number>();
    const runBare = async () => {
      const start = process.hrtime.bigint();
      const lock = await client.getMailboxLock(mailbox);
      let n = 0;
      bytes = 0;
      try {
        for await (const msg of client.fetch('1:*', { uid: true, source: true }, { uid: true })) {
          n++;
          bytes += msg.source?.length ?? 0;
        }
      } finally {
        lock.release();
      }
      if (n !== COUNT) throw new Error(`bare fetch saw ${n} of ${COUNT}`);
      bare.push(ms(start));
    };
    const runPipeline = async () => {
      const start = process.hrtime.bigint();
      const pass = await fetchNewMessages(client, mailbox, null, { limit: COUNT });
      fetchOnly.push(ms(start));
      kinds.clear();
      for (const m of pass.messages) {
        const parsed = await parseReply(m.source);
        const result = classifyReply(parsed, {
          authservIds: ['mx.board.example'],
          replyDomain: 'replies.board.example',
          contactAddress: 'jane.doe@example.org',
          originalSubject: 'A measured experiment on open agent work',
        });
        const key = `${result.kind}${result.opt_out ? '+opt_out' : ''}${result.from_contact ? '+from_contact' : ''}`;
        kinds.set(key, (kinds.get(key) ?? 0) + 1);
      }
      if (pass.messages.length !== COUNT) throw new Error(`pipeline saw ${pass.messages.length} of ${COUNT}`);
      pipeline.push(ms(start));
    };
    // One warm-up of each, then alternate which side goes first.
    await runBare();
    await runPipeline();
    bare.length = 0;
    pipeline.length = 0;
    fetchOnly.length = 0;
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 2 === 0) {
        await runBare();
        await runPipeline();
      } else {
        await runPipeline();
        await runBare();
      }
    }
    const rate = (t: number) => (COUNT / t) * 1000;
    const bareMs = median(bare);
    const pipeMs = median(pipeline);
    const fetchMs = median(fetchOnly);
    console.log(`IMAP classification benchmark: ${COUNT} replies in Dovecot (${(bytes / 1024).toFixed(0)} KiB), 1 warm-up + ${ROUNDS} rounds, medians`);
    console.log(`  Node ${process.version}, imapflow fetch over loopback; seeding took ${(seedMs / 1000).toFixed(2)} s`);
    console.log(`  baseline  bare imapflow fetch (uid+source)       ${bareMs.toFixed(1).padStart(8)} ms   ${rate(bareMs).toFixed(0).padStart(7)} msg/s`);
    console.log(`  pipeline  fetchNewMessages only                  ${fetchMs.toFixed(1).padStart(8)} ms   ${rate(fetchMs).toFixed(0).padStart(7)} msg/s`);
    console.log(`  pipeline  fetch + parseReply + classifyReply     ${pipeMs.toFixed(1).padStart(8)} ms   ${rate(pipeMs).toFixed(0).padStart(7)} msg/s`);
    console.log(
      `  ratio     pipeline / baseline throughput         ${(rate(pipeMs) / rate(bareMs)).toFixed(3)}  (baseline is ${(pipeMs / bareMs).toFixed(2)}x faster)`,
    );
    console.log(
      `  verdicts  ${[...kinds.entries()]
        .sort()
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`,
    );
  } finally {
    await client.logout().catch(() => {});
    await dovecot.stop();
  }
}

await main();
