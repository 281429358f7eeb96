import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

/**
 * The plan Postgres keeps for a statement whatever its parameters, as our sessions run every
 * named statement (plan_cache_mode = force_generic_plan): EXPLAIN (GENERIC_PLAN), Postgres 16+.
 */
export async function genericPlan(
  prisma: Pick<PrismaClient, "$queryRawUnsafe">,
  statement: Prisma.Sql,
): Promise<string> {
  const rows = await prisma.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
    `EXPLAIN (GENERIC_PLAN) ${statement.text}`,
  );
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}
