import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type ReceiverHandler = (req: ReceivedRequest, res: ServerResponse) => void | Promise<void>;

/**
 * A webhook receiver on 127.0.0.1 (a free port) for the delivery tests: it records every request and
 * answers through the handler of its path (default: 200 "ok").
 */
export async function startReceiver() {
  const received: ReceivedRequest[] = [];
  const handlers = new Map<string, ReceiverHandler>();
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: ReceivedRequest = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(r);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      res.on('close', () => inFlight--);
      const handler = handlers.get(r.path) ?? ((_r, response) => void response.end('ok'));
      void Promise.resolve(handler(r, res)).catch(() => res.destroy());
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    on(path: string, handler: ReceiverHandler) {
      handlers.set(path, handler);
    },
    to: (path: string) => received.filter((r) => r.path === path),
    get maxInFlight() {
      return maxInFlight;
    },
    resetMaxInFlight() {
      maxInFlight = inFlight;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
