// Liveness and the database's state, answered at once from the last background probe (lib/db/health.ts): a
// health check never waits behind other work for a database round trip.
import { connection } from "next/server";
import { publicError } from "@/lib/core/errors";
import { processSlot } from "@/lib/core/process-wide";
import { getDatabase } from "@/lib/db/client";
import { HealthProbe } from "@/lib/db/health";

interface HealthOk {
  status: "ok";
  database: "postgres" | "pglite";
  companies: number;
}

interface HealthError {
  status: "error" | "starting";
  message: string;
}

const probe = processSlot<HealthProbe<Omit<HealthOk, "status">>>("health-probe");

export async function GET(): Promise<Response> {
  await connection();
  probe.value ??= new HealthProbe(async () => {
    const database = await getDatabase();
    return { database: database.kind, companies: await database.prisma.company.count() };
  });
  const health = probe.value.current();
  const headers = { "Cache-Control": "no-store" };
  if (health.state === "ok") return Response.json({ status: "ok", ...health.value } satisfies HealthOk, { headers });
  const body: HealthError =
    health.state === "starting"
      ? { status: "starting", message: "FinGround is starting: the database is being checked. Try again in a moment." }
      : {
          status: "error",
          message: publicError(
            health.state === "failed" ? health.error : new Error("database probe hung"),
            "health",
            "DATABASE_UNAVAILABLE",
          ).message,
        };
  return Response.json(body, { status: 503, headers });
}
