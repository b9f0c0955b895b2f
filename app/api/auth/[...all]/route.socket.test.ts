// Sign-in limits by address over real connections: the auth route behind a real HTTP server in this process
// with the hook every server process loads (scripts/peer-address.cjs), reached from loopback source
// addresses (127.0.0.1, .2, .3). A client's X-Forwarded-For names no address when no proxy is configured: rotating it buys no
// guesses, and six wrong passwords sent "as" the owner's address lock out only the sender.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installTestConfig } from "@/test/config";
import { installTestApp, signUpTestUser, type SignedInUser } from "@/test/auth";
import { migrate } from "@/lib/db/migrate";
import { testBackends, type TestDatabase } from "@/test/db";
import { POST } from "./route";

createRequire(import.meta.url)("../../../../scripts/peer-address.cjs");

const OWNER_ADDRESS = "127.0.0.1";
const ATTACKER_ADDRESS = "127.0.0.2";
const SPRAYER_ADDRESS = "127.0.0.3";

/** The route answering a Node request, as next start hands it a Request (which also writes the peer into
 * X-Forwarded-For when the request has none: base-server.ts). */
function serveRoute(): Promise<Server> {
  const server = createServer(async (incoming: IncomingMessage, outgoing) => {
    incoming.headers["x-forwarded-for"] ??= incoming.socket.remoteAddress;
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers))
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    const request = new Request(`http://${incoming.headers.host}${incoming.url}`, {
      method: incoming.method,
      headers,
      body: Readable.toWeb(incoming) as ReadableStream<Uint8Array>,
      duplex: "half",
    } as RequestInit);
    const response = await POST(request);
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  });
  return new Promise((resolve) => server.listen(0, OWNER_ADDRESS, () => resolve(server)));
}

function signIn(
  port: number,
  from: string,
  body: { email: string; password: string },
  forwardedFor?: string,
): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: OWNER_ADDRESS,
        port,
        localAddress: from,
        method: "POST",
        path: "/api/auth/sign-in/email",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          origin: `http://${OWNER_ADDRESS}:${port}`,
          ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on("error", reject);
    sent.end(payload);
  });
}

describe.each(testBackends())("sign-in limits by the connection's address on $name", (backend) => {
  let test: TestDatabase;
  let owner: SignedInUser;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    test = await backend.open();
    await migrate(test.db);
    const auth = installTestApp(test.db);
    owner = await signUpTestUser(auth, "investor", "Owner");
    server = await serveRoute();
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    installTestConfig();
    await new Promise((resolve) => server?.close(resolve));
    await test?.dispose();
  });

  it("locks out the sender, never the owner whose address the sender wrote into X-Forwarded-For", async () => {
    installTestConfig({ FINGROUND_TRUSTED_PROXIES: "0", FINGROUND_SIGNIN_RATE_LIMIT: "5/300" });
    const statuses = [];
    for (let attempt = 1; attempt <= 6; attempt += 1)
      statuses.push(
        await signIn(port, ATTACKER_ADDRESS, { email: owner.email, password: `wrong-${attempt}` }, OWNER_ADDRESS),
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(await signIn(port, OWNER_ADDRESS, { email: owner.email, password: owner.password })).toBe(200);
    // The sender stays locked out whatever address it claims next.
    expect(await signIn(port, ATTACKER_ADDRESS, { email: owner.email, password: owner.password }, "198.51.100.1")).toBe(
      429,
    );
  });

  it("gives no fresh guesses for a rotated X-Forwarded-For", async () => {
    installTestConfig({ FINGROUND_TRUSTED_PROXIES: "0", FINGROUND_SIGNIN_ADDRESS_RATE_LIMIT: "4/300" });
    const statuses = [];
    for (let attempt = 1; attempt <= 6; attempt += 1)
      statuses.push(
        await signIn(
          port,
          SPRAYER_ADDRESS,
          { email: `nobody-${attempt}@example.com`, password: "guess" },
          `203.0.113.${attempt}`,
        ),
      );
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    // Another address is not held back by it.
    expect(await signIn(port, OWNER_ADDRESS, { email: "nobody@example.com", password: "guess" })).toBe(401);
  });
});
