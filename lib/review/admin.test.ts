import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { testBackends, type TestDatabase } from "@/test/db";
import { advisorOf } from "./links";
import { claimOwnerlessConversations, linkByEmail, listUsers, setRoleByEmail, unlinkByEmail } from "./admin";
import { createTestUser } from "@/test/auth";

describe.each(testBackends())("account administration on $name", (backend) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await backend.open();
    await migrate(test.db);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it("links and unlinks an advisor's client by email, with an audit entry, and refuses wrong roles", async () => {
    const advisor = await createTestUser(test.db.prisma, "advisor", "Ada");
    const client = await createTestUser(test.db.prisma, "investor", "Carl");
    await linkByEmail(test.db.prisma, advisor.email.toUpperCase(), client.email);
    expect(await advisorOf(test.db.prisma, client.id)).toEqual({ id: advisor.id, name: "Ada" });
    expect(await test.db.prisma.auditEntry.count({ where: { action: "link_client", subjectId: client.id } })).toBe(1);
    expect((await listUsers(test.db.prisma)).find((u) => u.email === client.email)?.advisor).toBe(advisor.email);

    await expect(linkByEmail(test.db.prisma, client.email, advisor.email)).rejects.toThrow(
      `${client.email} is an investor, not an advisor.`,
    );
    await expect(linkByEmail(test.db.prisma, "nobody@example.com", client.email)).rejects.toThrow(
      "No user has the email nobody@example.com.",
    );
    expect(await unlinkByEmail(test.db.prisma, client.email)).toBe(true);
    expect(await advisorOf(test.db.prisma, client.id)).toBeNull();
    expect(await unlinkByEmail(test.db.prisma, client.email)).toBe(false);
  });

  it("changes a role by email, and refuses while the user has advisor links", async () => {
    const investor = await createTestUser(test.db.prisma, "investor");
    expect(await setRoleByEmail(test.db.prisma, investor.email.toUpperCase(), "advisor")).toBe(true);
    expect((await test.db.prisma.user.findUniqueOrThrow({ where: { id: investor.id } })).role).toBe("advisor");
    expect(await setRoleByEmail(test.db.prisma, investor.email, "advisor")).toBe(false);

    const client = await createTestUser(test.db.prisma, "investor");
    await linkByEmail(test.db.prisma, investor.email, client.email);
    await expect(setRoleByEmail(test.db.prisma, investor.email, "investor")).rejects.toThrow(
      `${investor.email} has advisor links; unlink them first.`,
    );
    await expect(setRoleByEmail(test.db.prisma, client.email, "advisor")).rejects.toThrow("unlink them first");
    await expect(setRoleByEmail(test.db.prisma, "nobody@example.com", "advisor")).rejects.toThrow(
      "No user has the email nobody@example.com.",
    );
  });

  it("gives conversations stored before accounts to an investor, and only those", async () => {
    const investor = await createTestUser(test.db.prisma, "investor");
    const other = await createTestUser(test.db.prisma, "investor");
    const legacy = [randomUUID(), randomUUID()];
    const owned = randomUUID();
    await test.db.prisma.conversation.createMany({
      data: [...legacy.map((id) => ({ id, title: "legacy" })), { id: owned, title: "owned", ownerId: other.id }],
    });
    expect(await claimOwnerlessConversations(test.db.prisma, investor.email)).toBe(2);
    const rows = await test.db.prisma.conversation.findMany({
      where: { id: { in: [...legacy, owned] } },
      select: { id: true, ownerId: true },
    });
    expect(Object.fromEntries(rows.map((r) => [r.id, r.ownerId]))).toEqual({
      [legacy[0]!]: investor.id,
      [legacy[1]!]: investor.id,
      [owned]: other.id,
    });
  });
});
