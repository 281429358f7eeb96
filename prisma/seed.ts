import { PrismaClient } from "../lib/generated/prisma/client";
import { createPrismaAdapter } from "../lib/server/database-session";
import { statementCacheSetting } from "../lib/server/env";
import { DEFAULT_SUPPORT_ADDRESS, seedDatabase } from "./seed-database";

const connectionString = process.env.DATABASE_URL;
if (!connectionString) {
  console.error(
    "DATABASE_URL is not set. Run `npm run dev` or `npm start`, which seed automatically, or set DATABASE_URL.",
  );
  process.exit(1);
}

const prisma = new PrismaClient({
  adapter: createPrismaAdapter(connectionString, {
    statementCache: statementCacheSetting(process.env.DATABASE_STATEMENT_CACHE),
  }),
});
try {
  // The demo shop's support address is the deployment's mailbox.
  const summary = await seedDatabase(
    prisma,
    new Date(),
    process.env.SUPPORT_EMAIL_ADDRESS || DEFAULT_SUPPORT_ADDRESS,
  );
  console.log(
    `Seeded ${summary.customers} customers, ${summary.orders} orders (${summary.lines} lines), ${summary.charges} charges, ${summary.staff} staff accounts.`,
  );
} finally {
  await prisma.$disconnect();
}
