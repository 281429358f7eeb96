import { randomBytes } from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { DEMO_WORKSPACE } from "@/prisma/demo-data";

/**
 * The workspace a test's own customers belong to: the demo shop, made here when the database is
 * empty (the seed makes the same row), so tests on empty and seeded databases alike have one shop.
 */
export async function testWorkspaceId(db: PrismaClient): Promise<string> {
  const workspace = await db.workspace.upsert({
    where: { key: DEMO_WORKSPACE.key },
    create: {
      key: DEMO_WORKSPACE.key,
      name: DEMO_WORKSPACE.name,
      identitySecret: randomBytes(32).toString("base64url"),
    },
    update: {},
    select: { id: true },
  });
  return workspace.id;
}
