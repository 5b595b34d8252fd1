import pg from 'pg';

/**
 * A channel of PostgreSQL's LISTEN/NOTIFY, heard by one process (src/platform/db.ts Database.listen).
 * A notification only wakes work that a periodic poll would also find: it shortens the wait, it never
 * carries the work. So a notification lost (the connection dropped, a pooler in transaction mode that
 * does not keep LISTEN) costs only the wait until the next poll, and `hearing()` tells the poll whether
 * it may slow down.
 */
export interface Listening {
  /** True while the channel is listened to on a live connection. */
  hearing(): boolean;
  close(): Promise<void>;
}

export interface ListenOptions {
  /** Called when the connection is lost or cannot be made (the error has no secret: no URL, no password). */
  onLost?: (err: Error) => void;
  /** The first wait before connecting again (doubled up to 30 s while it keeps failing). */
  retryMs?: number;
}

const MAX_RETRY_MS = 30_000;

/** A channel name as an identifier: lower-case letters, digits and underscores only, so it is never quoted or injected. */
export function checkChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid channel name ${JSON.stringify(channel)}`);
  return channel;
}

/**
 * LISTEN on a connection of its own (never one of the pool's: a pooled connection is lent to others
 * between queries). When that connection is lost it is made again, with a growing wait, and `onNotify`
 * is called once after each (re)connection: what was notified meanwhile is then looked for.
 */
export function listenPostgres(url: string, channel: string, onNotify: () => void, options: ListenOptions = {}): Listening {
  checkChannel(channel);
  const firstRetryMs = options.retryMs ?? 1_000;
  let client: pg.Client | null = null;
  let hearing = false;
  let closed = false;
  let retryMs = firstRetryMs;
  let timer: NodeJS.Timeout | null = null;

  const lost = (c: pg.Client, err: Error) => {
    if (client !== c) return;
    client = null;
    hearing = false;
    c.removeAllListeners('notification');
    c.end().catch(() => undefined);
    if (closed) return;
    options.onLost?.(err);
    timer = setTimeout(connect, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  function connect(): void {
    timer = null;
    if (closed) return;
    const c = new pg.Client({ connectionString: url, application_name: 'idv-listen', keepAlive: true });
    client = c;
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c, new Error('the connection ended')));
    c.on('notification', (msg) => {
      if (msg.channel === channel) onNotify();
    });
    c.connect()
      .then(() => c.query(`LISTEN ${channel}`))
      .then(() => {
        if (client !== c) return;
        hearing = true;
        retryMs = firstRetryMs;
        onNotify();
      })
      .catch((err: Error) => lost(c, new Error(`could not listen: ${err.message.replace(/postgres(ql)?:\/\/\S+/gi, 'the database')}`)));
  }
  connect();

  return {
    hearing: () => hearing,
    async close() {
      closed = true;
      hearing = false;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners('notification');
        await c.end().catch(() => undefined);
      }
    },
  };
}
