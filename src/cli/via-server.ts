import { LOCAL_CONTROL_HEADER, LOCAL_CONTROL_PATHS } from '../admin/local-control.routes.js';
import type { DemoAccount } from '../demo.js';
import type { LocalControl } from '../platform/data-dir-lock.js';

/** The server refused or failed a call: its envelope's message and field errors, said like a local failure. */
export class ServerCallError extends Error {
  constructor(
    message: string,
    readonly errors?: Array<{ field: string; message: string }>,
  ) {
    super(message);
    this.name = 'ServerCallError';
  }
}

interface OutboxItem {
  id: string;
  channel: string;
  to: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

/** What the CLI can do through the server that holds the embedded database. */
export interface RunningServer {
  createApiKey(input: { organisationId: string; type: 'test' | 'live'; name: string; rateLimit?: number | undefined; expiresInDays?: number | undefined }): Promise<unknown>;
  createDemo(): Promise<DemoAccount>;
  outbox(query: { to?: string | undefined; limit: number }): Promise<{ items: OutboxItem[] }>;
}

/**
 * Calls the running `idv serve` on loopback with the control token from its lock file (DESIGN.md §9):
 * the commands a developer needs while the server holds DATA_DIR, through its own services.
 */
export function viaServer(control: LocalControl, pid: number): RunningServer {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    let res: Response;
    try {
      res = await fetch(`${control.url}${path}`, {
        method,
        headers: { [LOCAL_CONTROL_HEADER]: control.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        redirect: 'error',
        signal: AbortSignal.timeout(60_000),
      });
    } catch (err) {
      throw new ServerCallError(
        `the idv server (pid ${pid}) holds DATA_DIR but did not answer at ${control.url} (${(err as Error).message}); if it is stopping, run this again once it has stopped`,
      );
    }
    const envelope = (await res.json().catch(() => null)) as { success?: boolean; message?: string; data?: T; errors?: Array<{ field: string; message: string }> } | null;
    if (!res.ok || !envelope || envelope.success !== true) {
      throw new ServerCallError(envelope?.message ?? `the idv server at ${control.url} answered ${res.status}`, envelope?.errors);
    }
    return envelope.data as T;
  };
  return {
    createApiKey: (input) => call('POST', LOCAL_CONTROL_PATHS.apiKeys, input),
    createDemo: () => call('POST', LOCAL_CONTROL_PATHS.demo, {}),
    outbox: (query) => {
      const params = new URLSearchParams({ limit: String(query.limit) });
      if (query.to !== undefined) params.set('to', query.to);
      return call('GET', `/v1/notifications/outbox?${params.toString()}`);
    },
  };
}
