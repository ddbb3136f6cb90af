import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake provider received. */
export type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: string };
export type Reply = { status: number; body?: unknown; delayMs?: number };

/**
 * A stand-in for a provider's API on a loopback port: it records every request and answers what
 * the test sets (`reply`), after an optional delay (a provider that does not answer in time).
 */
export async function fakeProvider(initial: Reply = { status: 200, body: {} }) {
  const received: Received[] = [];
  let reply = initial;
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const send = () => {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(
          reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body),
        );
      };
      if (!reply.delayMs) return send();
      const timer = setTimeout(() => {
        timers.delete(timer);
        send();
      }, reply.delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer(next: Reply) {
      reply = next;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakeProvider = Awaited<ReturnType<typeof fakeProvider>>;
