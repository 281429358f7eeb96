import fs from "node:fs";
import os from "node:os";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { createPrismaAdapter } from "@/lib/server/database-session";
import { seedDatabase } from "@/prisma/seed-database";
import { startThrowawayPostgres } from "../db/embedded-postgres";
import { applyMigrations } from "../db/schema-engine";

/*
 * Shared by the bench scripts: a throwaway, migrated and seeded embedded Postgres with production
 * durability (or BENCH_DATABASE_URL, which is migrated and seeded too, so never point it at real
 * data), percentiles, and a description of the machine and its load so numbers are read in
 * context.
 */

export type BenchDatabase = {
  url: string;
  prisma: PrismaClient;
  /** The server's fsync, synchronous_commit and full_page_writes, as it reports them. */
  durability: string;
  stop(): Promise<void>;
};

export async function startBenchDatabase(): Promise<BenchDatabase> {
  const external = process.env.BENCH_DATABASE_URL;
  const server = external
    ? undefined
    : await startThrowawayPostgres("countersign_bench", { durable: true });
  const url = external ?? (server?.url as string);
  await applyMigrations(url);
  const prisma = new PrismaClient({ adapter: createPrismaAdapter(url) });
  await seedDatabase(prisma);
  return {
    url,
    prisma,
    durability: await describeDurability(prisma),
    async stop() {
      await prisma.$disconnect();
      await server?.stop();
    },
  };
}

async function describeDurability(prisma: PrismaClient): Promise<string> {
  const rows = await prisma.$queryRaw<Array<{ name: string; setting: string }>>`
    SELECT name, setting FROM pg_settings
    WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes') ORDER BY name`;
  return rows.map((row) => `${row.name}=${row.setting}`).join(", ");
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
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${memoryGiB} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}; ${describeLoad()} at start`;
}

/** Other work on the machine shifts the tails; each bench prints this at start and end. */
export function describeLoad(): string {
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" / ");
  return `load average ${load} (1/5/15 min)`;
}

/**
 * CPU time (user + system, ms) used so far by the live processes of a process group, from
 * /proc: the server may run in children of the process the bench spawned (a cluster's
 * workers). Null where /proc is missing.
 */
export function processGroupCpuMs(groupId: number): number | null {
  const split = processGroupCpuSplitMs(groupId);
  return split && split.user + split.system;
}

/**
 * processGroupCpuMs in its two parts: user (the server's JavaScript and libraries) and system
 * (the kernel on its behalf: socket writes, loopback TCP).
 */
export function processGroupCpuSplitMs(groupId: number): { user: number; system: number } | null {
  if (!fs.existsSync("/proc/self/stat")) return null;
  const ticksPerSecond = 100; // USER_HZ, 100 on Linux whatever the kernel tick
  let user = 0;
  let system = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command name, which may itself hold spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== groupId) continue;
      user += Number(fields[11]);
      system += Number(fields[12]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return { user: (user * 1000) / ticksPerSecond, system: (system * 1000) / ticksPerSecond };
}

/**
 * Resident memory (bytes) of the live processes of a process group, from /proc (VmRSS), as
 * processGroupCpuMs counts their CPU. Null where /proc is missing.
 */
export function processGroupRssBytes(groupId: number): number | null {
  if (!fs.existsSync("/proc/self/stat")) return null;
  let bytes = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== groupId) continue;
      const rss = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${entry}/status`, "utf8"));
      bytes += Number(rss?.[1] ?? 0) * 1024;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return bytes;
}
