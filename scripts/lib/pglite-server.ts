// A PostgreSQL wire-protocol server in front of PGlite that is safe for many client
// connections. PGlite has ONE backend session; pglite-socket 0.2.17 queues single protocol
// messages from all connections into it, so two pooled connections interleave inside a
// Parse/Bind/Execute/Sync batch or a transaction (electric-sql/pglite#1046): wrong
// prepared statements, lost portals, and rows of another connection's query.
//
// Here a connection owns the session from its first message until PGlite reports
// ReadyForQuery with status "idle": a whole extended-protocol batch and a whole transaction
// run without any other connection's messages in between, as on a real server where each
// connection has its own backend. Others wait their turn in arrival order.
import { createServer, type Server, type Socket } from "node:net";
import type { PGlite } from "@electric-sql/pglite";

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const TERMINATE = 0x58; // 'X'
const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I': ReadyForQuery outside a transaction block

/** Like PostgreSQL's idle_in_transaction_session_timeout: a client that keeps the session
 *  inside a transaction without sending anything is disconnected (and rolled back). */
const IDLE_IN_TRANSACTION_MS = 60_000;

const SYNC_MESSAGE = Buffer.from([0x53, 0, 0, 0, 4]); // 'S'
const ROLLBACK_QUERY = (() => {
  const sql = Buffer.from("ROLLBACK\0", "utf8");
  const header = Buffer.alloc(5);
  header[0] = 0x51; // 'Q'
  header.writeInt32BE(4 + sql.length, 1);
  return Buffer.concat([header, sql]);
})();

/** The transaction status byte of the last ReadyForQuery in a response, or null if it has none. */
export function lastReadyForQueryStatus(response: Uint8Array): number | null {
  let status: number | null = null;
  let offset = 0;
  while (offset + 5 <= response.length) {
    const length = (response[offset + 1] << 24) | (response[offset + 2] << 16) | (response[offset + 3] << 8) | response[offset + 4];
    if (response[offset] === READY_FOR_QUERY && length === 5 && offset + 5 < response.length) status = response[offset + 5];
    offset += 1 + length;
  }
  return status;
}

/** Who may use PGlite's single session now; the rest queue in arrival order. */
class SessionOwnership {
  private owner: Connection | null = null;
  private readonly waiting: { connection: Connection; grant: (granted: boolean) => void }[] = [];

  isOwner(connection: Connection) {
    return this.owner === connection;
  }

  /** Resolves true once `connection` owns the session, false if it was forgotten while waiting. */
  acquire(connection: Connection): Promise<boolean> | boolean {
    if (this.owner === connection) return true;
    if (!this.owner) {
      this.owner = connection;
      return true;
    }
    return new Promise<boolean>((grant) => this.waiting.push({ connection, grant }));
  }

  release(connection: Connection) {
    if (this.owner !== connection) return;
    const next = this.waiting.shift();
    this.owner = next?.connection ?? null;
    next?.grant(true);
  }

  /** A closed connection leaves the queue. */
  forget(connection: Connection) {
    const index = this.waiting.findIndex((entry) => entry.connection === connection);
    if (index >= 0) this.waiting.splice(index, 1)[0].grant(false);
  }
}

class Connection {
  private buffer = Buffer.alloc(0);
  private started = false;
  private closed = false;
  private idleTimer: NodeJS.Timeout | null = null;
  /** This connection's tasks, one after another, so its messages stay in order. */
  work: Promise<void> = Promise.resolve();

  constructor(
    private readonly socket: Socket,
    private readonly db: PGlite,
    private readonly session: SessionOwnership,
  ) {
    socket.setNoDelay(true);
    socket.on("data", (chunk) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.schedule(() => this.processMessages());
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      this.closed = true;
      this.clearIdleTimer();
      this.session.forget(this);
      this.schedule(() => this.abandonSession());
    });
  }

  private schedule(task: () => Promise<void>) {
    this.work = this.work.then(task).catch((error) => {
      console.error("[pglite] Error en una conexión de la base embebida:", error);
      this.socket.destroy();
    });
  }

  destroy() {
    this.socket.destroy();
  }

  private async processMessages() {
    while (!this.closed) {
      if (!this.started) {
        if (!(await this.handleStartupPhase())) return;
        continue;
      }
      const batch = this.takeCompleteMessages();
      if (!batch) return;
      if (batch === "terminate") {
        this.socket.end();
        return;
      }
      await this.run(batch);
    }
  }

  /** SSL/GSS negotiation, cancel requests and the startup message. False when more bytes are needed. */
  private async handleStartupPhase(): Promise<boolean> {
    if (this.buffer.length < 8) return false;
    const length = this.buffer.readInt32BE(0);
    const code = this.buffer.readInt32BE(4);
    if (length < 8 || length > 10_000) {
      this.socket.destroy();
      return false;
    }
    if (this.buffer.length < length) return false;
    const message = this.buffer.subarray(0, length);
    this.buffer = this.buffer.subarray(length);
    if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
      this.socket.write("N"); // no encryption on loopback
      return true;
    }
    if (code === CANCEL_REQUEST) {
      this.socket.end(); // PGlite has no backend to signal
      return false;
    }
    // The startup message: PGlite answers with AuthenticationOk … ReadyForQuery.
    if (!(await this.session.acquire(this))) return false;
    try {
      this.write(await this.db.execProtocolRaw(new Uint8Array(message)));
    } finally {
      this.session.release(this);
    }
    this.started = true;
    return true;
  }

  /** Every complete typed message buffered so far (PGlite runs them as one batch). */
  private takeCompleteMessages(): Buffer | "terminate" | null {
    let end = 0;
    while (end + 5 <= this.buffer.length) {
      if (this.buffer[end] === TERMINATE) {
        if (end === 0) return "terminate";
        break;
      }
      const next = end + 1 + this.buffer.readInt32BE(end + 1);
      if (next > this.buffer.length) break;
      end = next;
    }
    if (end === 0) return null;
    const batch = this.buffer.subarray(0, end);
    this.buffer = this.buffer.subarray(end);
    return batch;
  }

  private async run(messages: Buffer) {
    this.clearIdleTimer();
    if (!(await this.session.acquire(this))) return;
    const response = await this.db.execProtocolRaw(new Uint8Array(messages));
    this.write(response);
    const status = lastReadyForQueryStatus(response);
    if (status === IDLE) {
      this.session.release(this);
    } else if (!this.closed) {
      // Inside a transaction or an unfinished batch: keep the session until it is idle.
      this.idleTimer = setTimeout(() => this.socket.destroy(), IDLE_IN_TRANSACTION_MS);
      this.idleTimer.unref();
    }
  }

  /** A connection that went away while owning the session: end its batch and roll back, as PostgreSQL does. */
  private async abandonSession() {
    if (!this.session.isOwner(this)) return;
    try {
      let status = lastReadyForQueryStatus(await this.db.execProtocolRaw(new Uint8Array(SYNC_MESSAGE)));
      if (status !== IDLE) status = lastReadyForQueryStatus(await this.db.execProtocolRaw(new Uint8Array(ROLLBACK_QUERY)));
    } catch (error) {
      console.error("[pglite] No se pudo deshacer la transacción de una conexión cerrada:", error);
    } finally {
      this.session.release(this);
    }
  }

  private write(data: Uint8Array) {
    if (data.length && !this.closed && this.socket.writable) this.socket.write(data);
  }

  private clearIdleTimer() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}

export interface PGliteServer {
  /** "127.0.0.1:PORT" */
  address: string;
  stop(): Promise<void>;
}

/** Serves `db` on host:port (0 picks a free port) to any number of PostgreSQL clients. */
export async function servePGlite(db: PGlite, { host, port }: { host: string; port: number }): Promise<PGliteServer> {
  const session = new SessionOwnership();
  const connections = new Set<Connection>();
  const server: Server = createServer((socket) => {
    const connection = new Connection(socket, db, session);
    connections.add(connection);
    socket.on("close", () => {
      // Keep it until its rollback is done, so stop() can wait for it.
      void connection.work.finally(() => connections.delete(connection));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port: boundPort } = server.address() as { port: number };
  return {
    address: `${host}:${boundPort}`,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const connection of connections) connection.destroy();
      await Promise.allSettled([...connections].map((connection) => connection.work));
      await closed;
    },
  };
}
