import { describe, expect, it } from "vitest";
import { readConfig } from "@/lib/core/config";
import { agentEndpointTokenFromEnv, chatAgentFromEnv, localAgentFromEnv } from "./agent-from-env";

describe("choosing the agent from the environment", () => {
  it("uses the built-in parser by default", () => {
    expect(chatAgentFromEnv(readConfig({})).name).toBe("rules");
    expect(localAgentFromEnv(readConfig({ AGENT_BASE_URL: "", AGENT_MODEL: "" })).name).toBe("rules");
  });

  it("uses an LLM agent when AGENT_BASE_URL and AGENT_MODEL are set", () => {
    expect(
      localAgentFromEnv(readConfig({ AGENT_BASE_URL: "http://127.0.0.1:8000/v1", AGENT_MODEL: "finbloom-7b" })).name,
    ).toBe("llm:finbloom-7b");
  });

  it("delegates the chat to a remote agent endpoint, but never serves one from another", () => {
    const env = {
      AGENT_ENDPOINT_URL: "http://agent.internal:3000/api/agent",
      AGENT_BASE_URL: "http://127.0.0.1:8000/v1",
      AGENT_MODEL: "m",
    };
    expect(chatAgentFromEnv(readConfig(env)).name).toBe("remote:http://agent.internal:3000/api/agent");
    expect(localAgentFromEnv(readConfig(env)).name).toBe("llm:m");
  });

  it("reports a malformed setting clearly", () => {
    expect(() =>
      localAgentFromEnv(readConfig({ AGENT_BASE_URL: "http://x/v1", AGENT_MODEL: "m", AGENT_TIMEOUT_MS: "soon" })),
    ).toThrow(/AGENT_TIMEOUT_MS/);
    expect(() => agentEndpointTokenFromEnv(readConfig({ AGENT_ENDPOINT_TOKEN: "short" }))).toThrow(
      "AGENT_ENDPOINT_TOKEN must be at least 32 characters",
    );
    expect(agentEndpointTokenFromEnv(readConfig({ AGENT_ENDPOINT_TOKEN: " " }))).toBeNull();
  });
});
