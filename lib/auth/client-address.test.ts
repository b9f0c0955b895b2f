import { describe, expect, it } from "vitest";
import { readConfig } from "@/lib/core/config";
import { clientAddress, trustedProxiesFromEnv } from "./client-address";

const from = (forwardedFor?: string) =>
  new Request("http://localhost/api/auth/sign-in/email", {
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  });

describe("the client's address", () => {
  it("is what next start recorded when served directly, and what the outermost trusted proxy saw behind proxies", () => {
    expect(clientAddress(from("203.0.113.7"), 0)).toBe("203.0.113.7");
    // A client's own header is ignored to the left of what the proxy appended.
    expect(clientAddress(from("10.9.9.9, 203.0.113.7"), 1)).toBe("203.0.113.7");
    expect(clientAddress(from("10.9.9.9, 203.0.113.7, 192.168.0.2"), 2)).toBe("203.0.113.7");
    expect(clientAddress(from(" 203.0.113.7 ,, "), 1)).toBe("203.0.113.7");
  });

  it("is one shared 'unknown' when nothing says", () => {
    expect(clientAddress(from(), 0)).toBe("unknown");
    expect(clientAddress(from("203.0.113.7"), 2)).toBe("unknown");
  });

  it("reads the number of proxies from FINGROUND_TRUSTED_PROXIES, refusing nonsense", () => {
    expect(trustedProxiesFromEnv(readConfig({}))).toBe(0);
    expect(trustedProxiesFromEnv(readConfig({ FINGROUND_TRUSTED_PROXIES: "2" }))).toBe(2);
    expect(() => trustedProxiesFromEnv(readConfig({ FINGROUND_TRUSTED_PROXIES: "yes" }))).toThrow(
      'FINGROUND_TRUSTED_PROXIES must be the number of reverse proxies in front of the app (0-10) (got "yes")',
    );
  });
});
