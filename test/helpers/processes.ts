// The service's own processes (api/main.ts, workers/main.ts) as operators run them from the
// Procfile: real child processes over one database, with their JSON log lines collected.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export type ServiceProcess = { child: ChildProcess; lines: Array<Record<string, unknown>>; stop: () => Promise<void> };

const ENTRIES = { web: '../../api/main.ts', worker: '../../workers/main.ts' } as const;

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts one process and resolves once it logged `ready` (e.g. 'web listening', 'worker running').
 * `nodeFlags` go to node itself (for flags NODE_OPTIONS refuses, such as --trace-gc).
 */
export async function startProcess(kind: keyof typeof ENTRIES, env: Record<string, string>, ready: string, nodeFlags: string[] = []): Promise<ServiceProcess> {
  const child = spawn(process.execPath, [...nodeFlags, fileURLToPath(new URL(ENTRIES[kind], import.meta.url))], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Array<Record<string, unknown>> = [];
  const started = new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${kind} exited (${code}) before it was ready`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        lines.push(entry);
        if (entry.msg === ready) resolve();
      } catch {
        // not a log line
      }
    });
  });
  await started;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    child,
    lines,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
