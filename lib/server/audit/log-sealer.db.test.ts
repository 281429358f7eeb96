import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { publishRealtime, REALTIME_CHANNEL } from "@/lib/server/realtime/publish";
import { replayRealtimeEvents } from "@/lib/server/realtime/replay-events";
import { resetDatabase } from "@/tests/db/test-database";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";
import { LOCK_SEAL_BATCH_SQL } from "./audit-head";
import { startLogSealer } from "./log-sealer";
import { sealPendingLogs, sealRealtimeOn } from "./seal-pending-logs";
import { verifyStoredAuditChain } from "./verify-audit-chain";

const url = inject("databaseUrl");
const root = path.resolve(import.meta.dirname, "../../..");
const prisma = testDatabaseClient();

beforeAll(() => resetDatabase(prisma));

async function openTransaction() {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("BEGIN");
  return client;
}

async function insertRealtime(client: pg.Client | PrismaLike, topic: string) {
  const sql = `INSERT INTO realtime_events (topic, payload) VALUES ('${topic}', '{}') RETURNING id`;
  if ("$queryRawUnsafe" in client) {
    const [row] = await client.$queryRawUnsafe<{ id: bigint }[]>(sql);
    return BigInt(row?.id ?? 0n);
  }
  const result = await client.query<{ id: string }>(sql);
  return BigInt(result.rows[0]?.id ?? "0");
}

type PrismaLike = { $queryRawUnsafe<T>(sql: string): Promise<T> };

const insertAudit = (client: pg.Client, subjectId: string) =>
  client.query(
    `INSERT INTO audit_events (kind, actor_kind, subject_type, subject_id, payload)
     VALUES ('pending_action.declined', 'system', 'pending_action', '${subjectId}', '{}')`,
  );

async function waitsOnLock(pid: number): Promise<boolean> {
  const [row] = await prisma.$queryRaw<{ waiting: boolean }[]>`
    SELECT wait_event_type = 'Lock' AS waiting FROM pg_stat_activity WHERE pid = ${pid}`;
  return row?.waiting === true;
}

async function positionOf(id: bigint): Promise<bigint | null> {
  const row = await prisma.realtimeEvent.findUniqueOrThrow({ where: { id } });
  return row.position;
}

describe("commit order", () => {
  it("a transaction that took a lower id but commits later is replayed after what a client saw", async () => {
    const early = await openTransaction();
    const earlyId = await insertRealtime(early, "commit.order.early");
    await insertAudit(early, "pa_early");
    const late = await openTransaction();
    const lateId = await insertRealtime(late, "commit.order.late");
    await insertAudit(late, "pa_late");
    expect(earlyId < lateId).toBe(true);

    await late.query("COMMIT");
    await sealPendingLogs(prisma);
    const seen = await positionOf(lateId);
    expect(seen).not.toBeNull();
    // Still in progress: invisible to the sealer and every reader, so not replayed yet.
    expect(await prisma.realtimeEvent.findUnique({ where: { id: earlyId } })).toBeNull();
    expect(await replayRealtimeEvents(seen)).toMatchObject({ kind: "events", events: [] });

    await early.query("COMMIT");
    await sealPendingLogs(prisma);
    const replay = await replayRealtimeEvents(seen);
    expect(replay.kind === "events" && replay.events.map((event) => event.id)).toEqual([earlyId]);
    expect(await positionOf(earlyId)).toBe((seen ?? 0n) + 1n);

    const chain = await prisma.auditEvent.findMany({ orderBy: { position: "asc" } });
    expect(chain.map((row) => row.subjectId)).toEqual(["pa_late", "pa_early"]);
    expect(await verifyStoredAuditChain(prisma)).toMatchObject({ ok: true, checked: 2 });
    await Promise.all([early.end(), late.end()]);
  });
});

describe("the background sealer's pass", () => {
  it("seals committed realtime rows, announces the new head and reports audit rows waiting", async () => {
    const leader = new pg.Client({ connectionString: url });
    const listener = new pg.Client({ connectionString: url });
    await Promise.all([leader.connect(), listener.connect()]);
    const heads: string[] = [];
    listener.on("notification", (message) => heads.push(message.payload ?? ""));
    await listener.query(`LISTEN ${REALTIME_CHANNEL}`);
    try {
      const open = await openTransaction();
      const uncommitted = await insertRealtime(open, "pass.uncommitted");
      const committed = await insertRealtime(prisma, "pass.committed");
      expect(await sealRealtimeOn(leader)).toEqual({ realtime: 1, auditPending: false });
      const position = await positionOf(committed);
      await expect.poll(() => heads).toEqual([String(position)]);
      await insertAudit(open, "pa_pass");
      await open.query("COMMIT");
      await open.end();
      expect(await sealRealtimeOn(leader)).toEqual({ realtime: 1, auditPending: true });
      expect(await positionOf(uncommitted)).toBe(((await positionOf(committed)) ?? 0n) + 1n);
      await sealPendingLogs(prisma);
      expect(await sealRealtimeOn(leader)).toEqual({ realtime: 0, auditPending: false });
      expect(heads).toHaveLength(2);
    } finally {
      await Promise.all([leader.end(), listener.end()]);
    }
  });

  it("waits for another sealer's batch, then continues after the positions it gave", async () => {
    const leader = new pg.Client({ connectionString: url });
    await leader.connect();
    const other = await openTransaction();
    try {
      const { rows } = await leader.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      await other.query(LOCK_SEAL_BATCH_SQL);
      const first = await insertRealtime(prisma, "lock.first");
      const second = await insertRealtime(prisma, "lock.second");
      const pass = sealRealtimeOn(leader);
      await expect
        .poll(() => waitsOnLock(rows[0]?.pid ?? 0), { timeout: 10_000, interval: 20 })
        .toBe(true);
      // The other batch seals the first row only (as if the second had not committed yet).
      await other.query(
        `UPDATE realtime_events SET position = (SELECT coalesce(max(position), 0) + 1
           FROM realtime_events) WHERE id = ${first}`,
      );
      await other.query("COMMIT");
      expect(await pass).toEqual({ realtime: 1, auditPending: false });
      expect(await positionOf(second)).toBe(((await positionOf(first)) ?? 0n) + 1n);
    } finally {
      await Promise.all([leader.end(), other.end()]);
    }
  });

  it("racing other sealers, it hands out every position once, with no gap", async () => {
    const problems: unknown[] = [];
    const sealer = startLogSealer({
      db: prisma,
      databaseUrl: url,
      pollMs: 1,
      onProblem: (error) => problems.push(error),
    });
    try {
      expect(await sealer.whenLeader(10_000)).toBe(true);
      const [before] = await prisma.$queryRaw<{ head: bigint | null }[]>`
        SELECT max(position) AS head FROM realtime_events`;
      const writers = Array.from({ length: 4 }, async (_, writer) => {
        const ids: bigint[] = [];
        for (let i = 0; i < 50; i++) {
          ids.push(await insertRealtime(prisma, `race.${writer}.${i}`));
          if (i % 5 === 0) await sealPendingLogs(prisma, { checkpoint: false });
        }
        return ids;
      });
      const ids = (await Promise.all(writers)).flat();
      await sealPendingLogs(prisma, { checkpoint: false });
      const rows = await prisma.realtimeEvent.findMany({
        where: { id: { in: ids } },
        select: { position: true },
        orderBy: { position: "asc" },
      });
      const first = (before?.head ?? 0n) + 1n;
      expect(rows.map((row) => row.position)).toEqual(ids.map((_, i) => first + BigInt(i)));
      expect(problems).toEqual([]);
    } finally {
      await sealer.stop();
    }
  });
});

describe("batching window", () => {
  // Sealed head positions the sealer announces: one notification per pass that sealed something.
  async function listenForHeads() {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const heads: string[] = [];
    client.on("notification", (message) => heads.push(message.payload ?? ""));
    await client.query(`LISTEN ${REALTIME_CHANNEL}`);
    return { heads, close: () => client.end() };
  }

  /*
   * Five commits, then the number of seal passes, counted once the pass that sealed the last one
   * has announced its head (the announcement follows the positions, so waiting for the positions
   * alone can miss it). `oneAtATime` waits for each commit to be sealed before the next.
   */
  async function sealFive(
    batchWindowMs: number,
    { oneAtATime }: { oneAtATime: boolean },
  ): Promise<{ passes: number; sealed: boolean }> {
    // No poll during the test: only the writers' notifications wake the sealer.
    const sealer = startLogSealer({ db: prisma, databaseUrl: url, pollMs: 60_000, batchWindowMs });
    const listener = await listenForHeads();
    try {
      expect(await sealer.whenLeader(10_000)).toBe(true);
      const warmUp = await publishRealtime(prisma, { topic: "window.warm-up", payload: {} });
      const warmUpPosition = await waitForPosition(warmUp);
      await expect.poll(() => listener.heads.at(-1), { timeout: 30_000 }).toBe(`${warmUpPosition}`);
      listener.heads.length = 0;
      const ids: bigint[] = [];
      for (let i = 0; i < 5; i++) {
        ids.push(await publishRealtime(prisma, { topic: `window.${i}`, payload: {} }));
        if (oneAtATime) await waitForPosition(ids[i] as bigint);
      }
      const lastPosition = await waitForPosition(ids.at(-1) as bigint);
      await expect.poll(() => listener.heads.at(-1), { timeout: 30_000 }).toBe(`${lastPosition}`);
      const positions = await Promise.all(ids.map(positionOf));
      return { passes: listener.heads.length, sealed: positions.every((p) => p !== null) };
    } finally {
      await listener.close();
      await sealer.stop();
    }
  }

  async function waitForPosition(id: bigint): Promise<bigint> {
    await expect.poll(() => positionOf(id), { timeout: 30_000 }).not.toBeNull();
    return (await positionOf(id)) as bigint;
  }

  it("seals the commits notified within its window in one pass", async () => {
    // Five one-statement commits take far less than 2 s, even on a busy machine.
    expect(await sealFive(2_000, { oneAtATime: false })).toEqual({ passes: 1, sealed: true });
  });

  it("without a window, every notification wakes a pass of its own", async () => {
    // Each commit is sealed before the next is made, so a pass can only have been woken by it:
    // the poll is a minute away.
    expect(await sealFive(0, { oneAtATime: true })).toEqual({ passes: 5, sealed: true });
  });
});

describe("sealer leadership", () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill("SIGKILL");
  });

  it("one instance leads; when its process dies another takes over and positions continue", async () => {
    child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "tests/support/sealer-process.ts"],
      { cwd: root, env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "silent" } },
    );
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    await expect.poll(() => output, { timeout: 30_000, interval: 100 }).toContain("leader");

    const standby = startLogSealer({ db: prisma, databaseUrl: url, pollMs: 50, takeoverMs: 200 });
    try {
      expect(await standby.whenLeader(1_000)).toBe(false);
      const before = await insertRealtime(prisma, "leader.before");
      await expect.poll(() => positionOf(before), { timeout: 30_000 }).not.toBeNull();

      const exited = new Promise((resolve) => child?.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
      expect(await standby.whenLeader(30_000)).toBe(true);
      const after = await insertRealtime(prisma, "leader.after");
      await expect.poll(() => positionOf(after), { timeout: 30_000 }).not.toBeNull();
      expect(await positionOf(after)).toBe(((await positionOf(before)) ?? 0n) + 1n);
    } finally {
      await standby.stop();
    }
  });
});
