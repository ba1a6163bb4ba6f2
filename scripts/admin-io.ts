// Where an admin command's lines go and which environment it reads: the process's when run as
// `npm run admin` (no `env`: lib/config.ts reads the process's), or a caller's (the tests run most
// commands in their own thread: a process per command cost each about a CPU-second of start-up).
export type AdminIo = { out: (line: string) => void; err: (line: string) => void; env?: Record<string, string | undefined> };

export const processIo: AdminIo = { out: (line) => console.log(line), err: (line) => console.error(line) };
