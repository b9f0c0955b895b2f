import { describe, expect, it } from "vitest";
import { readConfig } from "@/lib/core/config";
import { clientAddress, trustedProxiesFromEnv } from "./client-address";

const from = (forwardedFor?: string) =>
  new Request("http://localhost/api/auth/sign-in/email", {
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  });

describe("the client's address, each connection's peer appended (scripts/peer-address.cjs, every server process)", () => {
  const peerAppended = true;

  it("is the connection's peer when served directly, whatever X-Forwarded-For the client sent", () => {
    expect(clientAddress(from("127.0.0.2"), 0, peerAppended)).toBe("127.0.0.2");
    expect(clientAddress(from("127.0.0.1, 127.0.0.2"), 0, peerAppended)).toBe("127.0.0.2");
    expect(clientAddress(from("198.51.100.9, 10.0.0.1, 127.0.0.2"), 0, peerAppended)).toBe("127.0.0.2");
  });

  it("is what the outermost trusted proxy saw behind proxies, ignoring what the client wrote before it", () => {
    // client header, what the proxy appended, the proxy itself (the peer)
    expect(clientAddress(from("10.9.9.9, 203.0.113.7, 192.168.0.2"), 1, peerAppended)).toBe("203.0.113.7");
    expect(clientAddress(from("10.9.9.9, 203.0.113.7, 192.168.0.3, 192.168.0.2"), 2, peerAppended)).toBe("203.0.113.7");
    // Reached directly although a proxy is configured: the first hop is the peer itself.
    expect(clientAddress(from("127.0.0.2"), 1, peerAppended)).toBe("127.0.0.2");
  });
});

describe("the client's address without the hook (a route handler called directly)", () => {
  it("is what next start recorded, and what the outermost trusted proxy saw behind proxies", () => {
    expect(clientAddress(from("203.0.113.7"), 0, false)).toBe("203.0.113.7");
    // A client's own header is ignored to the left of what the proxy appended.
    expect(clientAddress(from("10.9.9.9, 203.0.113.7"), 1, false)).toBe("203.0.113.7");
    expect(clientAddress(from("10.9.9.9, 203.0.113.7, 192.168.0.2"), 2, false)).toBe("203.0.113.7");
    expect(clientAddress(from(" 203.0.113.7 ,, "), 1, false)).toBe("203.0.113.7");
  });

  it("is one shared 'unknown' when nothing says", () => {
    expect(clientAddress(from(), 0, false)).toBe("unknown");
    expect(clientAddress(from("203.0.113.7"), 2, false)).toBe("unknown");
  });

  it("reads the number of proxies from FINGROUND_TRUSTED_PROXIES, refusing nonsense", () => {
    expect(trustedProxiesFromEnv(readConfig({}))).toBe(0);
    expect(trustedProxiesFromEnv(readConfig({ FINGROUND_TRUSTED_PROXIES: "2" }))).toBe(2);
    expect(() => trustedProxiesFromEnv(readConfig({ FINGROUND_TRUSTED_PROXIES: "yes" }))).toThrow(
      'FINGROUND_TRUSTED_PROXIES must be the number of reverse proxies in front of the app (0-10) (got "yes")',
    );
  });
});
