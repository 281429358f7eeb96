import "server-only";
import { db } from "@/lib/server/db";

export async function pingDatabase(): Promise<void> {
  await db.$queryRaw`SELECT 1`;
}
