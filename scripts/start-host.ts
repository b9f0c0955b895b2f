// Where `npm start` listens. The demo accounts' password is published in the README, so a server that
// lets them sign in listens on the loopback interface only, unless the operator names an address
// (HOST, or next start's own -H/--hostname).
import { demoAccountsEnabled } from "@/lib/auth/demo-accounts";
import type { Config } from "@/lib/core/config";

const LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "::1"];

export interface ListenPlan {
  /** The arguments for `next start`, with -H added when HOST or the demo default chose the address. */
  args: string[];
  /** What to tell the operator at start, when the demo accounts are on. */
  notice?: string;
}

export function planListen(config: Config, args: readonly string[]): ListenPlan {
  const hostArg = args.findIndex((arg) => arg === "-H" || arg === "--hostname" || arg.startsWith("--hostname="));
  const hostFromArgs =
    hostArg < 0 ? undefined : args[hostArg]!.includes("=") ? args[hostArg]!.split("=")[1] : args[hostArg + 1];
  const operatorHost = hostFromArgs ?? config.HOST;
  const demo = demoAccountsEnabled(config);
  const host = operatorHost ?? (demo ? LOOPBACK_HOSTS[0] : undefined);
  const plannedArgs = hostArg < 0 && host ? [...args, "-H", host] : [...args];
  if (!demo) return { args: plannedArgs };
  if (!operatorHost) {
    return {
      args: plannedArgs,
      notice: `FinGround demo accounts are enabled: listening on ${host} only (set HOST=0.0.0.0 to listen on every interface).`,
    };
  }
  if (LOOPBACK_HOSTS.includes(operatorHost))
    return { args: plannedArgs, notice: `FinGround demo accounts are enabled: listening on ${operatorHost} only.` };
  return {
    args: plannedArgs,
    notice:
      `FinGround demo accounts are enabled and the server listens on ${operatorHost}: anyone who reaches it can sign in ` +
      "with the README's demo password (FINGROUND_DEMO_ACCOUNTS=0 turns them off).",
  };
}
