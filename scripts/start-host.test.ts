import { describe, expect, it } from "vitest";
import { readConfig } from "@/lib/core/config";
import { planListen } from "./start-host";

const demo = { FINGROUND_DEMO_ACCOUNTS: "1" };

describe("where npm start listens", () => {
  it("with the demo accounts on and no address named: loopback only, and says so", () => {
    const plan = planListen(readConfig(demo), []);
    expect(plan.args).toEqual(["-H", "127.0.0.1"]);
    expect(plan.notice).toContain("listening on 127.0.0.1 only (set HOST=0.0.0.0");
  });

  it("keeps the operator's address from HOST or from -H/--hostname, and warns when it is not loopback", () => {
    expect(planListen(readConfig({ ...demo, HOST: "0.0.0.0" }), ["-p", "4000"])).toEqual({
      args: ["-p", "4000", "-H", "0.0.0.0"],
      notice: expect.stringContaining("listens on 0.0.0.0: anyone who reaches it can sign in"),
    });
    expect(planListen(readConfig(demo), ["-H", "192.0.2.7"]).args).toEqual(["-H", "192.0.2.7"]);
    expect(planListen(readConfig({ ...demo, HOST: "0.0.0.0" }), ["--hostname=::1"])).toEqual({
      args: ["--hostname=::1"],
      notice: "FinGround demo accounts are enabled: listening on ::1 only.",
    });
  });

  it("without the demo accounts: next start's own default (every interface) unless HOST names one, silently", () => {
    expect(planListen(readConfig({ FINGROUND_DEMO_ACCOUNTS: "0" }), [])).toEqual({ args: [] });
    expect(planListen(readConfig({}), ["-p", "4000"])).toEqual({ args: ["-p", "4000"] });
    expect(planListen(readConfig({ HOST: "10.0.0.5" }), [])).toEqual({ args: ["-H", "10.0.0.5"] });
  });
});
