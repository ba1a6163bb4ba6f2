// SMTP_URL and IMAP_URL are parsed once, at start (lib/config.ts): a bad value stops the process
// with the problem listed, instead of a job failing later.
import test from 'ava';
import { ConfigError, loadConfig } from '../../../lib/config.ts';
import { NEVER_MS } from '../../helpers/until.ts';

test('SMTP_URL yields host, port, secure, user and password (percent-decoded); the port defaults by scheme', (t) => {
  const submission = loadConfig({ SMTP_URL: 'smtp://user%40board.example:p%40ss@smtp.example.net:2587' }).outreach.smtp;
  t.deepEqual(submission, { host: 'smtp.example.net', port: 2587, secure: false, user: 'user@board.example', password: 'p@ss' });
  t.deepEqual(loadConfig({ SMTP_URL: 'smtps://smtp.example.net' }).outreach.smtp, {
    host: 'smtp.example.net',
    port: 465,
    secure: true,
    user: null,
    password: null,
  });
  t.like(loadConfig({ SMTP_URL: 'smtp://[::1]' }).outreach.smtp, { host: '::1', port: 587 });
  t.is(loadConfig({}).outreach.smtp, null);
});

test('IMAP_URL yields host, port, secure, user, password and mailbox (default INBOX)', (t) => {
  t.deepEqual(loadConfig({ IMAP_URL: 'imaps://replies%40board.example:s%20cret@imap.example.net/Outreach%20Replies' }).outreach.imap, {
    host: 'imap.example.net',
    port: 993,
    secure: true,
    user: 'replies@board.example',
    password: 's cret',
    mailbox: 'Outreach Replies',
  });
  t.like(loadConfig({ IMAP_URL: 'imap://u:p@127.0.0.1:1143' }).outreach.imap, { port: 1143, secure: false, mailbox: 'INBOX' });
  t.is(loadConfig({}).outreach.imap, null);
});

test('a bad SMTP_URL or IMAP_URL stops the start, each problem listed', (t) => {
  const bad: Array<[Record<string, string>, RegExp]> = [
    [{ SMTP_URL: 'http://smtp.example.net' }, /SMTP_URL: .*smtp: or smtps:/],
    [{ SMTP_URL: 'smtp://smtp.example.net:99999' }, /SMTP_URL: /],
    [{ SMTP_URL: 'smtp://user:pass@' }, /SMTP_URL: /],
    [{ SMTP_URL: 'smtp://u:p@smtp.example.net/extra' }, /SMTP_URL: .*path/],
    [{ SMTP_URL: 'not a url' }, /SMTP_URL: /],
    [{ IMAP_URL: 'imaps://imap.example.net/INBOX' }, /IMAP_URL: .*user/],
    [{ IMAP_URL: 'pop3://u:p@imap.example.net' }, /IMAP_URL: .*imap: or imaps:/],
    [{ IMAP_URL: 'imaps://u:p@imap.example.net:0' }, /IMAP_URL: /],
  ];
  for (const [env, message] of bad) {
    const error = t.throws(() => loadConfig(env), { instanceOf: ConfigError }, JSON.stringify(env));
    t.regex(error?.message ?? '', message, JSON.stringify(env));
  }
  const both = t.throws(() => loadConfig({ SMTP_URL: 'http://x', IMAP_URL: 'imaps://host' }), { instanceOf: ConfigError });
  t.regex(both?.message ?? '', /SMTP_URL[^]*IMAP_URL|IMAP_URL[^]*SMTP_URL/);
});

test('a bad SMTP_URL stops the worker and web processes at start, naming the variable', async (t) => {
  const { spawn } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const run = (entry: string) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, [fileURLToPath(new URL(entry, import.meta.url))], {
        env: { ...process.env, NODE_ENV: 'test', PORT: '0', SMTP_URL: 'smtp://u:p@relay.example:99999', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      // A process that started anyway is stopped here and the assertions then fail. Not a claim
      // about speed: loading the whole service on a loaded machine can take tens of seconds.
      const timer = setTimeout(() => child.kill('SIGKILL'), NEVER_MS);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });
  // Both at once, each given as long as it needs (ava's own 120 s would otherwise end the test).
  t.timeout(NEVER_MS + 60_000);
  const entries = ['../../../workers/main.ts', '../../../api/main.ts'];
  const results = await Promise.all(entries.map(run));
  for (const [i, entry] of entries.entries()) {
    const { code, output } = results[i]!;
    t.not(code, 0, entry);
    t.not(code, null, `${entry} exited by itself`);
    t.regex(output, /SMTP_URL/, entry);
  }
});
