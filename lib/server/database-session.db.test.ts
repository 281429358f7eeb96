import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { resetDatabase } from "@/tests/db/test-database";
import { createPrismaAdapter, utcConnection } from "./database-session";

const databaseUrl = inject("databaseUrl");
const appZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
// Server defaults a managed database is often set to: ahead of UTC and behind it.
const serverZones = ["Asia/Tokyo", "America/New_York"];

let admin: pg.Client;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
});
afterAll(async () => {
  await admin.end();
});

async function setServerZone(zone: string | null): Promise<void> {
  const database = admin.escapeIdentifier(new URL(databaseUrl).pathname.slice(1));
  await admin.query(
    zone === null
      ? `ALTER DATABASE ${database} RESET timezone`
      : `ALTER DATABASE ${database} SET timezone = '${zone}'`,
  );
}

describe("database sessions and time zones", () => {
  it("runs the test database in the app process's time zone", async () => {
    const { rows } = await admin.query<{ TimeZone: string }>("SHOW TimeZone");
    expect(rows[0]?.TimeZone).toBe(appZone);
  });

  describe.each(serverZones)("with the server's default time zone set to %s", (serverZone) => {
    beforeAll(() => setServerZone(serverZone));
    afterAll(() => setServerZone(null));

    it("stores the instant Prisma was given, and raw SQL compares it with now()", async () => {
      const prisma = new PrismaClient({ adapter: createPrismaAdapter(databaseUrl) });
      try {
        await resetDatabase(prisma);
        const lockedUntil = new Date(Date.now() + 30_000);
        await prisma.loginThrottle.create({
          data: { key: "zone-check", windowStart: new Date(), lockedUntil },
        });
        const [row] = await prisma.$queryRaw<{ seconds_left: number; zone: string }[]>`
          SELECT extract(epoch FROM locked_until - now())::float8 AS seconds_left,
                 current_setting('TimeZone') AS zone
            FROM login_throttles WHERE key = 'zone-check'`;
        expect(row?.zone).toBe("UTC");
        expect(row?.seconds_left).toBeGreaterThan(20);
        expect(row?.seconds_left).toBeLessThanOrEqual(30);
        const stored = await prisma.loginThrottle.findUniqueOrThrow({
          where: { key: "zone-check" },
        });
        expect(stored.lockedUntil?.toISOString()).toBe(lockedUntil.toISOString());
        // A session in another zone reads the same instant.
        const { rows } = await admin.query<{ same: boolean }>(
          "SELECT locked_until = $1::timestamptz AS same FROM login_throttles WHERE key = 'zone-check'",
          [lockedUntil.toISOString()],
        );
        expect(rows[0]?.same).toBe(true);
      } finally {
        await prisma.$disconnect();
      }
    });

    it("stores the instant a raw SQL parameter carries, and reads it back unchanged", async () => {
      const prisma = new PrismaClient({ adapter: createPrismaAdapter(databaseUrl) });
      try {
        await resetDatabase(prisma);
        const windowStart = new Date(Date.now() - 5_000);
        await prisma.$executeRaw`
          INSERT INTO login_throttles (key, window_start, failures)
          VALUES ('raw-zone-check', ${windowStart}, 1)`;
        const [row] = await prisma.$queryRaw<{ seconds_ago: number; window_start: Date }[]>`
          SELECT extract(epoch FROM now() - window_start)::float8 AS seconds_ago, window_start
            FROM login_throttles WHERE key = 'raw-zone-check'`;
        expect(row?.seconds_ago).toBeGreaterThanOrEqual(4);
        expect(row?.seconds_ago).toBeLessThan(15);
        expect(row?.window_start.toISOString()).toBe(windowStart.toISOString());
      } finally {
        await prisma.$disconnect();
      }
    });

    it("runs the sessions of pg clients and pools (pg-boss, LISTEN, scripts) in UTC", async () => {
      const pool = new pg.Pool(utcConnection(databaseUrl));
      try {
        const { rows } = await pool.query<{ zone: string; now_text: string }>(
          "SELECT current_setting('TimeZone') AS zone, now()::text AS now_text",
        );
        expect(rows[0]?.zone).toBe("UTC");
        expect(rows[0]?.now_text).toMatch(/\+00$/);
      } finally {
        await pool.end();
      }
    });
  });
});

describe("the statement cache", () => {
  type PreparedRow = { statement: string; generic_plans: bigint; custom_plans: bigint };
  const cachedStatementsOf = (tx: Pick<PrismaClient, "$queryRaw">) =>
    tx.$queryRaw<PreparedRow[]>`
      SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements
       WHERE from_sql = false AND statement LIKE ${"%statement-cache-probe%"}`;

  it("prepares a statement once per connection and reuses its one generic plan", async () => {
    const prisma = new PrismaClient({ adapter: createPrismaAdapter(databaseUrl) });
    try {
      // One transaction is one connection, so every execution meets the same session.
      const prepared = await prisma.$transaction(async (tx) => {
        for (const id of ["a", "b", "c", "d", "e", "f", "g"]) {
          await tx.$queryRaw`SELECT ${id}::text AS id /* statement-cache-probe */`;
        }
        return cachedStatementsOf(tx);
      });
      expect(prepared).toHaveLength(1);
      expect(Number(prepared[0]?.generic_plans)).toBe(7);
      expect(Number(prepared[0]?.custom_plans)).toBe(0);
    } finally {
      await prisma.$disconnect();
    }
  });

  it("leaves statements unnamed and planned each time when it is off", async () => {
    const prisma = new PrismaClient({
      adapter: createPrismaAdapter(databaseUrl, { statementCache: false }),
    });
    try {
      const prepared = await prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT ${"a"}::text AS id /* statement-cache-probe */`;
        return cachedStatementsOf(tx);
      });
      expect(prepared).toEqual([]);
    } finally {
      await prisma.$disconnect();
    }
  });
});
