import { PrismaClient } from "@/lib/generated/prisma/client";
import { startLogSealer } from "@/lib/server/audit/log-sealer";
import { createPrismaAdapter } from "@/lib/server/database-session";

/*
 * Another app instance's log sealer, for the takeover test: prints "leader" once it holds the
 * leadership lock, then seals until it is killed.
 *
 *   node --conditions=react-server --import tsx tests/support/sealer-process.ts
 */

const databaseUrl = process.env.DATABASE_URL ?? "";
const prisma = new PrismaClient({ adapter: createPrismaAdapter(databaseUrl) });
const sealer = startLogSealer({ db: prisma, databaseUrl, pollMs: 50 });
if (await sealer.whenLeader(30_000)) console.log("leader");
