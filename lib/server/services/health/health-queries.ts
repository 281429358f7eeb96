import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";

export async function pingDatabase(db: PrismaClient): Promise<void> {
  await db.$queryRaw`SELECT 1`;
}
