import { connection } from "next/server";
import { publicError } from "@/lib/core/errors";
import { getDatabase } from "@/lib/db/client";

interface HealthOk {
  status: "ok";
  database: "postgres" | "pglite";
  companies: number;
}

interface HealthError {
  status: "error";
  message: string;
}

export async function GET(): Promise<Response> {
  await connection();
  try {
    const database = await getDatabase();
    const companies = await database.prisma.company.count();
    return Response.json({ status: "ok", database: database.kind, companies } satisfies HealthOk, {
      headers: { "Cache-Control": "no-store" },
    });
  } catch (error) {
    const { message } = publicError(error, "health", "DATABASE_UNAVAILABLE");
    return Response.json({ status: "error", message } satisfies HealthError, {
      status: 503,
      headers: { "Cache-Control": "no-store" },
    });
  }
}
