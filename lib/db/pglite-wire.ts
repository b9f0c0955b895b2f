// The embedded database for several server processes: npm start's primary opens PGlite and serves it over the
// PostgreSQL wire protocol on a Unix socket, and each server process connects as it would to PostgreSQL. PGlite
// is one session, so the connections take turns: a unit (a connection's messages up to a Sync, a simple Query,
// a Flush or the end of a COPY) runs whole, and a connection whose unit leaves a transaction or an extended-query
// sequence open keeps the database until its ReadyForQuery says idle again. A connection that goes away inside a
// transaction has it rolled back. (pglite-socket's multiplexer runs each message on its own, so two clients'
// Parse and Bind could interleave on the one session's unnamed statement.)
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/** Startup-phase request codes (no type byte): SSL and GSS encryption are declined, a cancel is dropped. */
const SSL_REQUEST = 80877103;
const GSS_ENCRYPTION_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;

/** Message types that end a unit: Sync, Query, Flush, CopyDone, CopyFail. Terminate ends the connection. */
const UNIT_ENDS = new Set([0x53, 0x51, 0x48, 0x63, 0x66]);
const TERMINATE = 0x58;
const READY_FOR_QUERY = 0x5a;
const IDLE = 0x49;

interface Unit {
  connection: number;
  bytes: Uint8Array;
  /** Called with PGlite's reply, or with null when PGlite failed on it. */
  done(reply: Uint8Array | null): void;
}

export interface ServedPglite {
  /** The connection string server processes use. */
  url: string;
  /** Stops accepting connections and drops those open; the PGlite instance stays open (its owner closes it). */
  close(): Promise<void>;
}

/** Serves `pglite` on a Unix socket in a new private folder (mode 0700: only this user can connect). */
export async function servePgliteOverSocket(pglite: PGlite): Promise<ServedPglite> {
  const folder = mkdtempSync(path.join(tmpdir(), "finground-db-"));
  chmodSync(folder, 0o700);
  const port = 5432;
  const queue: Unit[] = [];
  /** The connection inside a transaction (or an unfinished extended-query sequence), if any. */
  let owner: number | null = null;
  let running = false;

  async function runQueue(): Promise<void> {
    if (running) return;
    running = true;
    try {
      for (;;) {
        const next = owner === null ? (queue.length > 0 ? 0 : -1) : queue.findIndex((u) => u.connection === owner);
        if (next < 0) return;
        const unit = queue.splice(next, 1)[0]!;
        let reply: Uint8Array | null;
        try {
          reply = await pglite.execProtocolRaw(unit.bytes);
        } catch {
          reply = null;
        }
        owner = reply && endsIdle(reply) ? null : unit.connection;
        unit.done(reply);
      }
    } finally {
      running = false;
    }
  }

  /** Runs `bytes` as `connection`'s next unit, in turn. */
  const run = (connection: number, bytes: Uint8Array) =>
    new Promise<Uint8Array | null>((resolve) => {
      queue.push({ connection, bytes, done: resolve });
      void runQueue();
    });

  const sockets = new Set<net.Socket>();
  let nextConnection = 1;
  const server = net.createServer((socket) => {
    const connection = nextConnection++;
    sockets.add(socket);
    let buffered = Buffer.alloc(0);
    let unitMessages: Buffer[] = [];
    let started = false;
    // A connection's units run in the order they arrived, each after the previous one's reply.
    let previous: Promise<unknown> = Promise.resolve();
    const submit = (bytes: Buffer) => {
      previous = previous.then(async () => {
        const reply = await run(connection, new Uint8Array(bytes));
        if (reply === null) socket.destroy();
        else if (!socket.destroyed) socket.write(reply);
      });
    };

    socket.on("data", (data) => {
      buffered = Buffer.concat([buffered, data]);
      for (;;) {
        if (!started) {
          if (buffered.length < 8) return;
          const length = buffered.readInt32BE(0);
          if (buffered.length < length) return;
          const code = buffered.readInt32BE(4);
          const message = Buffer.from(buffered.subarray(0, length));
          buffered = buffered.subarray(length);
          if (code === SSL_REQUEST || code === GSS_ENCRYPTION_REQUEST) socket.write("N");
          else if (code === CANCEL_REQUEST || code !== PROTOCOL_3) socket.destroy();
          else {
            started = true;
            submit(message);
          }
          if (socket.destroyed) return;
          continue;
        }
        if (buffered.length < 5) return;
        const length = 1 + buffered.readInt32BE(1);
        if (buffered.length < length) return;
        const type = buffered[0]!;
        const message = Buffer.from(buffered.subarray(0, length));
        buffered = buffered.subarray(length);
        if (type === TERMINATE) {
          socket.end();
          return;
        }
        unitMessages.push(message);
        if (UNIT_ENDS.has(type)) {
          submit(Buffer.concat(unitMessages));
          unitMessages = [];
        }
      }
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      sockets.delete(socket);
      // After its last unit: a transaction it left open would hold every other connection.
      previous = previous.then(async () => {
        if (owner !== connection) return;
        await run(connection, simpleQuery("ROLLBACK"));
        if (owner === connection) owner = null;
        void runQueue();
      });
    });
  });

  const socketPath = path.join(folder, `.s.PGSQL.${port}`);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    url: `postgresql://postgres@localhost:${port}/postgres?host=${encodeURIComponent(folder)}`,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Whether PGlite's reply ends with ReadyForQuery in the idle state ('Z', length 5, 'I'). */
function endsIdle(reply: Uint8Array): boolean {
  return reply.length >= 6 && reply[reply.length - 6] === READY_FOR_QUERY && reply[reply.length - 1] === IDLE;
}

/** A simple-protocol Query message. */
function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`, "utf8");
  const message = Buffer.alloc(5 + text.length);
  message[0] = 0x51;
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return new Uint8Array(message);
}

/** What a server process tells npm start's primary once it has prepared the database. Over this socket the
 * prepare lock (a session's advisory lock) cannot keep processes apart, since every connection is the one
 * session: the primary starts the other server processes after the first has prepared. */
const DATABASE_PREPARED = { fingroundDatabasePrepared: true } as const;

/** Called by a server process once its database is prepared (or could not be); a no-op outside npm start's cluster. */
export function tellPrimaryDatabasePrepared(): void {
  process.send?.(DATABASE_PREPARED);
}

export function isDatabasePrepared(message: unknown): boolean {
  return typeof message === "object" && message !== null && "fingroundDatabasePrepared" in message;
}
