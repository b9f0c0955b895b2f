// npm run accounts -- <command>: account administration on the configured database.
//   list                                     users, their roles, advisors and conversation counts
//   link --advisor <email> --client <email>  make the investor the advisor's client
//   unlink --client <email>                  remove the investor's advisor
//   claim-conversations --email <email>      give the conversations stored before accounts to an investor
import { parseArgs } from "node:util";
import { claimOwnerlessConversations, linkByEmail, listUsers, unlinkByEmail } from "@/lib/review/admin";
import { databaseConfigFromEnv, describeDatabase, openDatabase } from "@/lib/db/client";
import { prepareSchema } from "@/lib/ingest/prepare";

const USAGE = `usage: npm run accounts -- list
       npm run accounts -- link --advisor <email> --client <email>
       npm run accounts -- unlink --client <email>
       npm run accounts -- claim-conversations --email <email>`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  let values: { advisor?: string; client?: string; email?: string };
  try {
    values = parseArgs({ args: rest, options: { advisor: { type: "string" }, client: { type: "string" }, email: { type: "string" } } }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const needs = { list: [], link: ["advisor", "client"], unlink: ["client"], "claim-conversations": ["email"] } as const;
  if (!command || !(command in needs)) {
    console.error(USAGE);
    return 2;
  }
  const missing = needs[command as keyof typeof needs].filter((name) => !values[name]);
  if (missing.length) {
    console.error(`missing ${missing.map((m) => `--${m}`).join(", ")}\n${USAGE}`);
    return 2;
  }
  const config = databaseConfigFromEnv();
  const db = await openDatabase(config);
  try {
    console.error(`Database: ${describeDatabase(config)}`);
    await prepareSchema(db);
    if (command === "list") {
      const users = await listUsers(db.prisma);
      for (const u of users) console.log(`${u.role.padEnd(8)} ${u.email.padEnd(36)} ${u.name.padEnd(24)} advisor: ${u.advisor ?? "-"}  conversations: ${u.conversations}`);
      console.log(`${users.length} users`);
    } else if (command === "link") {
      await linkByEmail(db.prisma, values.advisor!, values.client!);
      console.log(`${values.client} is now a client of ${values.advisor}.`);
    } else if (command === "unlink") {
      console.log((await unlinkByEmail(db.prisma, values.client!)) ? `${values.client} has no advisor now.` : `${values.client} had no advisor.`);
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
