// The JSON error responses by the visibility rule: a real database error (from a real PGlite or
// PostgreSQL) never reaches the response text, and the reference in the response is the one logged
// beside the detail; a user-facing error is answered as written.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FinGroundError } from "@/lib/core/errors";
import { testBackends, type TestDatabase } from "@/test/db";
import type { ApiError } from "./api";
import { databaseUnavailable, errorResponse } from "./http";

describe.each(testBackends())("JSON error responses ($name)", (backend) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await backend.open();
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it("answers a database error with 503, a generic message and the reference of the logged detail", async () => {
    const failure = await test.db.prisma
      .$queryRawUnsafe("SELECT secret_column FROM no_such_table")
      .catch((error: unknown) => error);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = databaseUnavailable(failure);
      expect(response.status).toBe(503);
      const text = await response.text();
      expect(text).not.toMatch(/no_such_table|secret_column|relation|prisma|42P01/i);
      const { error } = JSON.parse(text) as ApiError;
      expect(error.code).toBe("DATABASE_UNAVAILABLE");
      expect(error.reference).toMatch(/^[0-9a-f]{8}$/);
      expect(error.message).toBe(
        `The database is not available right now. Try again in a moment. (reference ${error.reference})`,
      );
      expect(logged).toHaveBeenCalledTimes(1);
      expect(logged.mock.calls[0]![0]).toBe(`[api] DATABASE_UNAVAILABLE (reference ${error.reference}):`);
      expect(String(logged.mock.calls[0]![1])).toContain("no_such_table");
    } finally {
      logged.mockRestore();
    }
  });

  it("recognizes a Prisma error as a database error even where other failures count as internal", async () => {
    const failure = await test.db.prisma
      .$queryRawUnsafe("SELECT * FROM no_such_table")
      .catch((error: unknown) => error);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = errorResponse(failure, "chat");
      expect(response.status).toBe(503);
      expect(((await response.json()) as ApiError).error.code).toBe("DATABASE_UNAVAILABLE");
      const internal = errorResponse(new Error("undefined is not a function at renderSlice"), "chat", "MISCONFIGURED");
      expect(internal.status).toBe(500);
      const { error } = (await internal.json()) as ApiError;
      expect(error).toMatchObject({
        code: "MISCONFIGURED",
        message: expect.stringContaining(`(reference ${error.reference})`),
      });
      expect(error.message).not.toContain("renderSlice");
    } finally {
      logged.mockRestore();
    }
  });

  it("answers a user-facing error as written, with its status and no reference, and logs nothing", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = errorResponse(
        new FinGroundError("NOT_ALLOWED", "This answer is not one of your clients'."),
        "review",
      );
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: { code: "NOT_ALLOWED", message: "This answer is not one of your clients'." },
      });
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });
});
