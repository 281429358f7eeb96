import os from "node:os";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { createPrismaAdapter } from "@/lib/server/database-session";
import { seedDatabase } from "@/prisma/seed-database";
import { startThrowawayPostgres } from "../db/embedded-postgres";
import { applyMigrations } from "../db/schema-engine";

/*
 * Shared by the bench scripts: a throwaway, migrated and seeded embedded Postgres (or
 * BENCH_DATABASE_URL, which is migrated and seeded too, so never point it at real data),
 * percentiles, and a description of the machine so numbers are read in context.
 */

export type BenchDatabase = { url: string; prisma: PrismaClient; stop(): Promise<void> };

export async function startBenchDatabase(): Promise<BenchDatabase> {
  const external = process.env.BENCH_DATABASE_URL;
  const server = external ? undefined : await startThrowawayPostgres("countersign_bench");
  const url = external ?? (server?.url as string);
  await applyMigrations(url);
  const prisma = new PrismaClient({ adapter: createPrismaAdapter(url) });
  await seedDatabase(prisma);
  return {
    url,
    prisma,
    async stop() {
      await prisma.$disconnect();
      await server?.stop();
    },
  };
}

/** Nearest-rank percentile of already collected samples (ms). */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}

export function describeMachine(): string {
  const cpus = os.cpus();
  const memoryGiB = Math.round(os.totalmem() / 2 ** 30);
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" / ");
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${memoryGiB} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}; load average ${load} (1/5/15 min) at start`;
}
