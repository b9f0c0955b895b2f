// npm run accounts -- <command>: account administration on the configured database.
//   list                                     users, their roles, advisors and conversation counts
//   set-role --email <email> --role <role>   make a user an investor or an advisor (the only way a role changes)
//   link --advisor <email> --client <email>  make the investor the advisor's client
//   unlink --client <email>                  remove the investor's advisor
//   claim-conversations --email <email>      give the conversations stored before accounts to an investor
import { parseArgs } from "node:util";
import { claimOwnerlessConversations, linkByEmail, listUsers, setRoleByEmail, unlinkByEmail } from "@/lib/review/admin";
import { USER_ROLES, type UserRole } from "@/lib/auth/viewer";
import { databaseConfigFromEnv, describeDatabase, openDatabase } from "@/lib/db/client";
import { prepareSchema } from "@/lib/ingest/prepare";

const USAGE = `usage: npm run accounts -- list
       npm run accounts -- set-role --email <email> --role <${USER_ROLES.join("|")}>
       npm run accounts -- link --advisor <email> --client <email>
       npm run accounts -- unlink --client <email>
       npm run accounts -- claim-conversations --email <email>`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  let values: { advisor?: string; client?: string; email?: string; role?: string };
  try {
    values = parseArgs({
      args: rest,
      options: {
        advisor: { type: "string" },
        client: { type: "string" },
        email: { type: "string" },
        role: { type: "string" },
      },
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const needs = {
    list: [],
    "set-role": ["email", "role"],
    link: ["advisor", "client"],
    unlink: ["client"],
    "claim-conversations": ["email"],
  } as const;
  if (!command || !(command in needs)) {
    console.error(USAGE);
    return 2;
  }
  const missing = needs[command as keyof typeof needs].filter((name) => !values[name]);
  if (missing.length) {
    console.error(`missing ${missing.map((m) => `--${m}`).join(", ")}\n${USAGE}`);
    return 2;
  }
  if (values.role !== undefined && !USER_ROLES.includes(values.role as UserRole)) {
    console.error(`--role must be one of ${USER_ROLES.join(", ")}\n${USAGE}`);
    return 2;
  }
  const config = databaseConfigFromEnv();
  const db = await openDatabase(config);
  try {
    console.error(`Database: ${describeDatabase(config)}`);
    await prepareSchema(db);
    if (command === "list") {
      const users = await listUsers(db.prisma);
      for (const u of users)
        console.log(
          `${u.role.padEnd(8)} ${u.email.padEnd(36)} ${u.name.padEnd(24)} advisor: ${u.advisor ?? "-"}  conversations: ${u.conversations}`,
        );
      console.log(`${users.length} users`);
    } else if (command === "set-role") {
      const changed = await setRoleByEmail(db.prisma, values.email!, values.role as UserRole);
      console.log(
        changed ? `${values.email} is now an ${values.role}.` : `${values.email} already was an ${values.role}.`,
      );
    } else if (command === "link") {
      await linkByEmail(db.prisma, values.advisor!, values.client!);
      console.log(`${values.client} is now a client of ${values.advisor}.`);
    } else if (command === "unlink") {
      console.log(
        (await unlinkByEmail(db.prisma, values.client!))
          ? `${values.client} has no advisor now.`
          : `${values.client} had no advisor.`,
      );
    } else {
      const count = await claimOwnerlessConversations(db.prisma, values.email!);
      console.log(`${count} conversation${count === 1 ? "" : "s"} without an owner now belong to ${values.email}.`);
    }
    return 0;
  } catch (error) {
    console.error(`accounts ${command} failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
