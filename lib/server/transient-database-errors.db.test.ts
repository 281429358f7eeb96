import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { isTransientDatabaseError } from "@/lib/errors/prisma-errors";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { LeaseLostError } from "@/lib/server/services/runs/run-lease";
import type { RestartablePostgres } from "@/tests/support/restartable-postgres";
import { ownRestartablePostgres } from "@/tests/support/test-database-hooks";
import { testWorkspaceId } from "@/tests/support/test-workspace";

/*
 * The classifier over the errors Prisma 7's pg adapter really throws when Postgres ends our
 * sessions or goes away, provoked here on a Postgres of this file's own.
 */

let server: RestartablePostgres;
let prisma: PrismaClient;

ownRestartablePostgres("transient_errors", { appReadsIt: false }, (own) => {
  server = own.server;
  prisma = own.prisma;
});

function failureOf(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => {
      throw new Error("expected the database call to fail");
    },
    (error: unknown) => error,
  );
}

// A session of its own each time, outside the app's pool.
async function adminQuery(sql: string): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    return await admin.query(sql);
  } finally {
    await admin.end();
  }
}

// What pg_terminate_backend does to the app's sessions (and a fast shutdown to all of them).
async function terminateAppSessions(): Promise<void> {
  await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                     WHERE pid <> pg_backend_pid() AND datname = current_database()`);
}

const adapterError = (code: string, cause: Record<string, unknown>) =>
  new Prisma.PrismaClientKnownRequestError("Raw query failed.", {
    code,
    clientVersion: Prisma.prismaVersion.client,
    meta: { driverAdapterError: { name: "DriverAdapterError", cause } },
  });

describe("isTransientDatabaseError", () => {
  it("is true for a query whose session was terminated (57P01 through the adapter)", async () => {
    const query = prisma.$queryRaw`SELECT pg_sleep(5)::text`;
    const failure = failureOf(query);
    await expect
      .poll(
        async () =>
          (await adminQuery("SELECT 1 FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep%'"))
            .rowCount,
      )
      .toBe(1);
    await terminateAppSessions();
    const error = await failure;
    expect(error).toMatchObject({ code: "P2010" });
    expect(isTransientDatabaseError(error)).toBe(true);
  });

  it("is true for a transaction whose session was terminated between statements (pg's own Error)", async () => {
    let terminated!: () => void;
    const sessionGone = new Promise<void>((resolve) => {
      terminated = resolve;
    });
    const transaction = prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1`;
      await terminateAppSessions();
      terminated();
      await sleep(100);
      await tx.$queryRaw`SELECT 2`;
    });
    const error = await failureOf(transaction);
    await sessionGone;
    expect(isTransientDatabaseError(error)).toBe(true);
  });

  it("is true for every call while the server is down (P1001, adapter DatabaseNotReachable)", async () => {
    await prisma.$queryRaw`SELECT 1`;
    await server.stop();
    try {
      const errors = [
        await failureOf(prisma.$queryRaw`SELECT 1`),
        await failureOf(prisma.$transaction(async (tx) => tx.$queryRaw`SELECT 1`)),
        await failureOf(prisma.customer.findFirst()),
      ];
      expect(errors.map((error) => (error as { code?: string }).code)).toEqual([
        "P2010",
        "P1001",
        "P1001",
      ]);
      for (const error of errors) expect(isTransientDatabaseError(error)).toBe(true);
    } finally {
      await server.start();
    }
    await expect(prisma.$queryRaw`SELECT 1 AS ok`).resolves.toEqual([{ ok: 1 }]);
  });

  it("is true for the shapes seen while Postgres shuts down or starts up", () => {
    // 57P03 and ConnectionClosed as the adapter threw them during restarts of this server (too
    // racy to provoke on cue); 57P02, class 08, SocketTimeout and P1017 in the same shapes.
    const shapes = [
      adapterError("P2010", {
        kind: "postgres",
        code: "57P03",
        originalCode: "57P03",
        severity: "FATAL",
        message: "the database system is shutting down",
      }),
      adapterError("P2039", {
        kind: "postgres",
        code: "57P03",
        originalCode: "57P03",
        severity: "FATAL",
        message: "the database system is starting up",
      }),
      adapterError("P2010", {
        kind: "postgres",
        code: "57P02",
        originalCode: "57P02",
        severity: "FATAL",
        message: "terminating connection because of crash of another server process",
      }),
      adapterError("P2010", {
        kind: "postgres",
        code: "08006",
        originalCode: "08006",
        severity: "FATAL",
        message: "connection failure",
      }),
      adapterError("P2010", { kind: "ConnectionClosed" }),
      adapterError("P2010", { kind: "SocketTimeout" }),
      new Prisma.PrismaClientKnownRequestError("Server has closed the connection.", {
        code: "P1017",
        clientVersion: Prisma.prismaVersion.client,
      }),
      new Error("Connection terminated unexpectedly"),
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    ];
    for (const shape of shapes) expect(isTransientDatabaseError(shape), String(shape)).toBe(true);
  });

  it("is false for errors that another attempt would repeat", async () => {
    const workspaceId = await testWorkspaceId(prisma);
    const customer = await prisma.customer.create({
      data: { name: "Dup", email: "dup@example.com", workspaceId },
    });
    const duplicate = await failureOf(
      prisma.customer.create({ data: { name: "Dup", email: customer.email, workspaceId } }),
    );
    expect(duplicate).toMatchObject({ code: "P2002" });
    const syntax = await failureOf(prisma.$queryRawUnsafe("SELEC 1"));
    const conflict = adapterError("P2034", { kind: "TransactionWriteConflict" });
    for (const error of [
      duplicate,
      syntax,
      conflict,
      new LeaseLostError("run_1"),
      new AppError("CONFLICT", "The refund changed"),
      new Error("boom"),
      "not an error",
      null,
    ]) {
      expect(isTransientDatabaseError(error), String(error)).toBe(false);
    }
  });
});
