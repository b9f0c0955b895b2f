// PGlite over the wire protocol to several node-postgres connections, as npm start's server processes use it.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEmbeddedPglite } from "./embedded";
import { servePgliteOverSocket, type ServedPglite } from "./pglite-wire";

describe("PGlite served over a Unix socket", () => {
  let embedded: Awaited<ReturnType<typeof openEmbeddedPglite>>;
  let served: ServedPglite;
  const clients: pg.Client[] = [];

  async function connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: served.url });
    await client.connect();
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    embedded = await openEmbeddedPglite(null);
    served = await servePgliteOverSocket(embedded.pglite);
    await embedded.pglite.exec("CREATE TABLE entries (n int)");
  });

  afterAll(async () => {
    for (const client of clients) await client.end().catch(() => {});
    await served.close();
    await embedded.close();
  });

  it("answers many connections' parameterized queries at once, each with its own result", async () => {
    const pool = new pg.Pool({ connectionString: served.url, max: 8 });
    try {
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          pool.query<{ twice: number; text: string }>("SELECT $1::int * 2 AS twice, $2::text AS text", [i, `q${i}`]),
        ),
      );
      expect(results.map((r) => r.rows[0])).toEqual(
        Array.from({ length: 200 }, (_, i) => ({ twice: i * 2, text: `q${i}` })),
      );
    } finally {
      await pool.end();
    }
  });

  it("runs another connection's statement only after a transaction ends", async () => {
    const [writer, reader] = [await connect(), await connect()];
    await writer.query("BEGIN");
    await writer.query("INSERT INTO entries VALUES ($1)", [1]);
    let readerDone = false;
    const counted = reader.query<{ count: string }>("SELECT count(*) FROM entries").then((result) => {
      readerDone = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readerDone).toBe(false);
    await writer.query("INSERT INTO entries VALUES ($1)", [2]);
    await writer.query("COMMIT");
    expect((await counted).rows[0]!.count).toBe("2");
    await writer.query("DELETE FROM entries");
  });

  it("keeps a failed transaction's connection in charge until it rolls back", async () => {
    const [failing, other] = [await connect(), await connect()];
    await failing.query("BEGIN");
    await failing.query("INSERT INTO entries VALUES (7)");
    await expect(failing.query("SELECT no_such_column FROM entries")).rejects.toThrow(/no_such_column/);
    const counted = other.query<{ count: string }>("SELECT count(*) FROM entries");
    await failing.query("ROLLBACK");
    expect((await counted).rows[0]!.count).toBe("0");
  });

  it("rolls back the transaction of a connection that goes away, and the others go on", async () => {
    const [leaving, staying] = [await connect(), await connect()];
    await leaving.query("BEGIN");
    await leaving.query("INSERT INTO entries VALUES (9)");
    const counted = staying.query<{ count: string }>("SELECT count(*) FROM entries");
    // The socket closes without a Terminate, as when a server process is killed.
    leaving.on("error", () => {});
    (leaving as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    expect((await counted).rows[0]!.count).toBe("0");
  });

  it("keeps the session settings the owner made when other connections start", async () => {
    await connect();
    const client = await connect();
    const { rows } = await client.query<{ ef_search: string }>("SELECT current_setting('hnsw.ef_search') AS ef_search");
    expect(rows[0]!.ef_search).toBe("100");
  });
});
