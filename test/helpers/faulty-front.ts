// A TCP front for fault tests: the service is pointed at it instead of its dependency (SMTP relay,
// IMAP server, webhook), and the test sets how the dependency behaves with `set(mode)`: `forward`
// (pipe to the real one), `down` (nothing listens on the port: connections are refused), or `hang`
// (the connection is accepted and nothing is ever said).
import net from 'node:net';

export type FrontMode = 'forward' | 'down' | 'hang';
export type FaultyFront = {
  port: number;
  mode: FrontMode;
  /** Where `forward` pipes to (settable once the dependency runs). */
  target: { host: string; port: number } | null;
  connections: number;
  set(mode: FrontMode): Promise<void>;
  stop(): Promise<void>;
};

export async function startFaultyFront(target: { host: string; port: number } | null = null): Promise<FaultyFront> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    front.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (front.mode === 'hang') return;
    if (!front.target) return socket.destroy();
    const upstream = net.connect(front.target.port, front.target.host);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  const listen = (port: number) => new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  const close = async () => {
    for (const s of sockets) s.destroy();
    if (server.listening) await new Promise((resolve) => server.close(resolve));
  };
  await listen(0);
  const front: FaultyFront = {
    port: (server.address() as net.AddressInfo).port,
    mode: 'forward',
    target,
    connections: 0,
    async set(mode) {
      if (mode === 'down') await close();
      else if (!server.listening) await listen(front.port);
      if (mode !== front.mode) for (const s of sockets) s.destroy();
      front.mode = mode;
    },
    stop: close,
  };
  return front;
}
