// A real IMAP server for tests and benchmarks: Debian's Dovecot (`apt-get install dovecot-imapd`),
// started in a temp dir on a loopback port with a passwd-file of test users. It starts in about
// 70 ms; stop() sends SIGTERM and removes the directory.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NEVER_MS } from './until.ts';

export type DovecotUser = { user: string; pass: string };

export type Dovecot = {
  host: string;
  port: number;
  dir: string;
  users: DovecotUser[];
  /** `imap://user:pass@127.0.0.1:port/INBOX` for the first user (use with allowPlaintext). */
  url: string;
  /** Lines Dovecot wrote to stderr, for failing tests. */
  log: string[];
  stop(): Promise<void>;
};

const CONFIG = `base_dir = @DIR@/run
state_dir = @DIR@/state
instance_name = test-@PORT@
log_path = /dev/stderr
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:@DIR@/mail/%n
mail_uid = dovecot
mail_gid = dovecot
first_valid_uid = 1
mail_fsync = never
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u @DIR@/users
}
userdb {
  driver = static
  args = uid=dovecot gid=dovecot home=@DIR@/mail/%n
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = @PORT@
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
`;

export function dovecotBinary(): string | null {
  for (const candidate of ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot']) {
    try {
      execFileSync(candidate, ['--version'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // try the next
    }
  }
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForGreeting(port: number, deadline: number, exited: () => boolean): Promise<void> {
  for (;;) {
    if (exited()) throw new Error('dovecot exited during start');
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.setTimeout(500);
      socket.once('data', (d) => {
        socket.destroy();
        resolve(d.toString().startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`dovecot did not answer on port ${port}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Starts Dovecot. Throws (with its log) when the binary is missing or it does not come up. */
export async function startDovecot(options: { users?: DovecotUser[]; timeoutMs?: number } = {}): Promise<Dovecot> {
  const binary = dovecotBinary();
  if (!binary) throw new Error('dovecot is not installed: apt-get install -y dovecot-imapd');
  const users = options.users ?? [{ user: 'replies@example.test', pass: 'secret' }];
  for (let attempt = 0; ; attempt++) {
    const dir = await mkdtemp(path.join(tmpdir(), 'dovecot-'));
    // mkdtemp makes 0700; Dovecot's unprivileged auth process must read the users file.
    await chmod(dir, 0o755);
    await mkdir(path.join(dir, 'mail'));
    await mkdir(path.join(dir, 'run'));
    await mkdir(path.join(dir, 'state'));
    execFileSync('chown', ['-R', 'dovecot:dovecot', path.join(dir, 'mail')]);
    await writeFile(path.join(dir, 'users'), users.map((u) => `${u.user}:{PLAIN}${u.pass}`).join('\n') + '\n', { mode: 0o644 });
    const port = await freePort();
    const config = CONFIG.replaceAll('@DIR@', dir).replaceAll('@PORT@', String(port));
    const configPath = path.join(dir, 'dovecot.conf');
    await writeFile(configPath, config, { mode: 0o644 });
    const log: string[] = [];
    const child: ChildProcess = spawn(binary, ['-F', '-c', configPath], { stdio: ['ignore', 'ignore', 'pipe'] });
    let exited = false;
    const exitedPromise = new Promise<void>((resolve) => {
      child.once('exit', () => {
        exited = true;
        resolve();
      });
    });
    child.stderr?.on('data', (d: Buffer) => log.push(...d.toString().split('\n').filter(Boolean)));
    try {
      // Dovecot starting on a loaded machine can take a while; a failed start is seen when it exits.
      await waitForGreeting(port, Date.now() + (options.timeoutMs ?? NEVER_MS), () => exited);
    } catch (err) {
      child.kill('SIGTERM');
      await exitedPromise;
      await rm(dir, { recursive: true, force: true });
      // Another process may have taken the port between freePort() and bind: try again.
      if (attempt < 2 && log.some((l) => /Address already in use/i.test(l))) continue;
      throw new Error(`${(err as Error).message}\n${log.join('\n')}`);
    }
    const first = users[0];
    return {
      host: '127.0.0.1',
      port,
      dir,
      users,
      url: first ? `imap://${encodeURIComponent(first.user)}:${encodeURIComponent(first.pass)}@127.0.0.1:${port}/INBOX` : '',
      log,
      async stop() {
        if (!exited) {
          child.kill('SIGTERM');
          await Promise.race([exitedPromise, new Promise((r) => setTimeout(r, 3000))]);
          if (!exited) child.kill('SIGKILL');
          await exitedPromise;
        }
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
}
