import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { computeCheckpointMac } from "@/lib/domain/audit-chain";
import { resolveAuditKey } from "@/lib/server/audit/audit-key";
import { sealPendingLogs } from "@/lib/server/audit/seal-pending-logs";
import { exportAuditCsv } from "@/lib/server/services/audit/export-audit-csv";
import { type CliResult, runCli } from "@/tests/support/run-cli";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { startEmbeddedPostgres } from "../db/embedded-postgres";
import { applyMigrations } from "../db/schema-engine";
import { findFreePort } from "../ports";

/*
 * Every CLI command as a real process (`npm run cli -- …` runs the same entry) against the test
 * database: what it prints, what it writes, and its exit code (0 done, 1 refused, 2 bad usage).
 */

const APPROVER = "approver@countersign.test";
const ADMIN = "admin@countersign.test";
const prisma = seededTestDatabase();
const context = testUseCaseContext({ db: prisma });

function cli(args: string[], options: { password?: string; stdin?: string } = {}) {
  return runCli(args, { ...options, databaseUrl: inject("databaseUrl") });
}

const json = <T>(result: CliResult): T => JSON.parse(result.stdout) as T;

async function startCrackedStory(): Promise<{ conversationId: string; actionId: string }> {
  const started = await cli(["stories", "start", "cracked-on-arrival", "--json"]);
  expect(started.code, started.stderr).toBe(0);
  const { conversationId } = json<{ conversationId: string }>(started);
  const queue = await cli(["approvals", "list", "--json"]);
  expect(queue.code).toBe(0);
  const [item] =
    json<{ actionId: string; netRefundCents: number; conversationId: string }[]>(queue);
  expect(item).toMatchObject({ conversationId, netRefundCents: 4800 });
  return { conversationId, actionId: item?.actionId ?? "" };
}

// Each step spawns the CLI as its own process (tsx start-up included): seconds each on a busy
// 2-core machine, and the first test makes ten of them.
describe("operator CLI", { timeout: 180_000 }, () => {
  it("starts a story, lists it, and two concurrent approvals make one refund and one email", async () => {
    const { conversationId, actionId } = await startCrackedStory();
    const conversations = json<{ conversationId: string; status: string }[]>(
      await cli(["conversations", "list", "--json"]),
    );
    expect(conversations).toEqual([
      expect.objectContaining({ conversationId, status: "needs_approval" }),
    ]);
    const runs = json<{ conversationId: string; status: string }[]>(
      await cli(["runs", "list", "--conversation", conversationId, "--json"]),
    );
    expect(runs.map((run) => run.status)).toEqual(["completed"]);

    const [first, second] = await Promise.all([
      cli(["approve", actionId, "--as", APPROVER], { password: "approver-demo-pass" }),
      cli(["approve", actionId, "--as", ADMIN, "--json"], { password: "admin-demo-pass" }),
    ]);
    const codes = [first.code, second.code].sort();
    expect(codes).toEqual([0, 1]);
    const loser = first.code === 1 ? first : second;
    expect(loser.stderr).toMatch(/already approved by (Avery|Ada|\w+)/i);
    const winnerName = await prisma.approvalDecision.findFirstOrThrow({
      include: { decider: true },
    });
    expect(loser.stderr).toContain(winnerName.decider.name);
    expect(await prisma.refund.count()).toBe(1);
    // The acknowledgement when the request was queued, and one refund email.
    expect(await prisma.outboxEmail.count()).toBe(2);

    const sent = await cli(["outbox", "send", "--json"]);
    expect(json(sent)).toEqual({ sent: 2, retrying: 0, failed: 0 });
    const outbox = json<{ status: string; to: string }[]>(await cli(["outbox", "list", "--json"]));
    const toMaya = expect.objectContaining({
      status: "sent",
      to: expect.stringMatching(/^maya(\+demo-[0-9a-f]+)?@example\.com$/),
    });
    expect(outbox).toEqual([toMaya, toMaya]);

    const verified = await cli(["audit", "verify"]);
    expect(verified.code).toBe(0);
    expect(verified.stdout).toMatch(/Audit chain intact: \d+ events verified/);
  });

  it("rejects with a note, and refuses what it must refuse with exit 1, writing nothing", async () => {
    const { actionId } = await startCrackedStory();
    const wrongPassword = await cli(["approve", actionId, "--as", APPROVER], { password: "nope" });
    expect(wrongPassword.code).toBe(1);
    expect(wrongPassword.stderr).toContain("Wrong email or password");
    const agentCannot = await cli(["approve", actionId, "--as", "agent@countersign.test"], {
      password: "agent-demo-pass",
    });
    expect(agentCannot.code).toBe(1);
    expect(agentCannot.stderr).toContain("may not do this");
    expect(await prisma.approvalDecision.count()).toBe(0);

    const rejected = await cli(
      [
        "reject",
        actionId,
        "--as",
        APPROVER,
        "--note",
        "Photos show the crack was pre-existing",
        "--json",
      ],
      { password: "approver-demo-pass" },
    );
    expect(rejected.code, rejected.stderr).toBe(0);
    expect(json(rejected)).toMatchObject({ decision: "rejected", status: "rejected" });
    const again = await cli(["approve", actionId, "--as", APPROVER], {
      password: "approver-demo-pass",
    });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already rejected by/);
    expect(await prisma.refund.count()).toBe(0);
  });

  it("links an order to its Stripe payment as an admin, audited, and refuses anyone else", async () => {
    const args = ["orders", "link-payment", "A1043", "--customer", "maya@example.com"];
    const byApprover = await cli([...args, "--payment", "pi_3TestPayment01", "--as", APPROVER], {
      password: "approver-demo-pass",
    });
    expect(byApprover.code).toBe(1);
    expect(byApprover.stderr).toContain("may not do this");

    const linked = await cli([...args, "--payment", "pi_3TestPayment01", "--as", ADMIN, "--json"], {
      password: "admin-demo-pass",
    });
    expect(linked.code, linked.stderr).toBe(0);
    expect(json(linked)).toMatchObject({ paymentReference: "pi_3TestPayment01", previous: null });
    const order = await prisma.order.findFirstOrThrow({
      where: { number: "A1043", customer: { email: "maya@example.com" } },
    });
    expect(order.paymentReference).toBe("pi_3TestPayment01");
    const audit = await prisma.auditEvent.findFirstOrThrow({
      where: { kind: "order.payment_linked", subjectId: order.id },
    });
    expect(audit.payload).toMatchObject({ paymentReference: "pi_3TestPayment01", previous: null });
  });

  it("answers bad usage with exit 2", async () => {
    const noNote = await cli(["reject", "pa_x", "--as", APPROVER], { password: "x" });
    expect(noNote.code).toBe(2);
    expect(noNote.stderr).toContain("--note");
    expect((await cli(["approve"])).code).toBe(2);
    expect((await cli(["no-such-command"])).code).toBe(2);
    const noAs = await cli(["approve", "pa_x"]);
    expect(noAs.code).toBe(2);
    const emptyBody = await cli(["email", "send", "--from", "maya@example.com", "--subject", "Hi"]);
    expect(emptyBody.code).toBe(2);
    expect(emptyBody.stderr).toContain("empty");
    const badPersona = await cli(["persona", "run", "c_x", "--persona", "polite"]);
    expect(badPersona.code).toBe(2);
    expect(await prisma.conversation.count()).toBe(0);
  });

  it("sends a custom email from stdin, replies as the customer, stops and resumes a run", async () => {
    const sent = await cli(
      ["email", "send", "--from", "tom@example.com", "--subject", "Blanket", "--json"],
      {
        stdin:
          "Hello, I'd like to return the wool throw blanket from order A1021. I no longer need it.",
      },
    );
    expect(sent.code, sent.stderr).toBe(0);
    const { conversationId } = json<{ conversationId: string }>(sent);
    const reply = await cli(
      [
        "reply",
        conversationId,
        "What",
        "is",
        "your",
        "refund",
        "policy?",
        "--as",
        "agent@countersign.test",
        "--json",
      ],
      { password: "agent-demo-pass" },
    );
    expect(reply.code, reply.stderr).toBe(0);
    expect(json(reply)).toMatchObject({ run: "completed" });
    const customerMessages = await prisma.message.count({
      where: { conversationId, authorKind: "customer" },
    });
    expect(customerMessages).toBe(2);

    const run = await prisma.run.findFirstOrThrow({
      where: { conversationId },
      orderBy: { createdAt: "desc" },
    });
    const stopDone = await cli(["runs", "stop", run.id, "--as", "agent@countersign.test"], {
      password: "agent-demo-pass",
    });
    expect(stopDone.code).toBe(1);
    expect(stopDone.stderr).toContain("not running");

    const queued = await prisma.run.create({
      data: { conversationId, provider: "offline", model: "offline-rules", status: "queued" },
    });
    const stopped = await cli(["runs", "stop", queued.id, "--as", "agent@countersign.test"], {
      password: "agent-demo-pass",
    });
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(stopped.stdout).toContain("stopped");
    const resumed = await cli(
      ["runs", "resume", queued.id, "--as", "agent@countersign.test", "--json"],
      {
        password: "agent-demo-pass",
      },
    );
    expect(resumed.code, resumed.stderr).toBe(0);
    expect((await prisma.run.findUniqueOrThrow({ where: { id: queued.id } })).status).not.toBe(
      "stopped",
    );
  });

  it("lists and resolves reconciliations, and runs a persona", async () => {
    const { actionId } = await startCrackedStory();
    await prisma.pendingAction.update({
      where: { id: actionId },
      data: { status: "needs_reconciliation", failureReason: "provider timed out" },
    });
    const listed = json<{ actionId: string; detail: string }[]>(
      await cli(["reconciliations", "list", "--json"]),
    );
    expect(listed).toEqual([expect.objectContaining({ actionId, detail: "provider timed out" })]);
    const resolved = await cli(
      [
        "reconciliations",
        "resolve",
        actionId,
        "--as",
        APPROVER,
        "--resolution",
        "mark_failed",
        "--note",
        "No refund at the provider",
        "--json",
      ],
      { password: "approver-demo-pass" },
    );
    expect(resolved.code, resolved.stderr).toBe(0);
    expect(json(resolved)).toMatchObject({ actionId, status: "failed" });

    const started = json<{ conversationId: string }>(
      await cli(["stories", "start", "angry-customer", "--json"]),
    );
    const played = await cli([
      "persona",
      "run",
      started.conversationId,
      "--persona",
      "authority-claims",
      "--json",
    ]);
    expect(played.code, played.stderr).toBe(0);
    const result = json<{ simulator: string; replies: unknown[]; finished: boolean }>(played);
    expect(result).toMatchObject({ simulator: "scripted", finished: true });
    expect(result.replies).toHaveLength(2);
    expect(
      await prisma.message.count({
        where: { conversationId: started.conversationId, simulated: true },
      }),
    ).toBe(2);
  });

  it("verifies an audit export offline, with no database, and names where a tampered one fails", async () => {
    await startCrackedStory();
    await sealPendingLogs(prisma);
    const csv = await new Response(exportAuditCsv({}, context)).text();
    const head = await prisma.auditEvent.findFirstOrThrow({ orderBy: { position: "desc" } });
    const fields = {
      position: head.position ?? 0n,
      hash: head.hash ?? "",
      createdAt: new Date().toISOString(),
    };
    const checkpoint = {
      ...fields,
      position: fields.position.toString(),
      mac: computeCheckpointMac(resolveAuditKey(), fields),
    };
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), "audit-export-"));
    const intact = path.join(folder, "intact.csv");
    const truncated = path.join(folder, "truncated.csv");
    await fs.writeFile(intact, csv);
    await fs.writeFile(truncated, csv.split("\r\n").slice(0, -3).join("\r\n"));
    // No Postgres answers here: the check must not need one.
    const offline = (args: string[]) =>
      runCli(args, { databaseUrl: "postgres://countersign@127.0.0.1:9/unreachable" });
    // As the server logs a checkpoint: the whole log line is accepted.
    const logged = JSON.stringify({ level: 30, auditCheckpoint: checkpoint });

    const verified = await offline(["audit", "verify-export", intact, "--checkpoint", logged]);
    expect(verified.stderr).toBe("");
    expect(verified.code).toBe(0);
    expect(verified.stdout).toMatch(
      new RegExp(
        `Export intact: ${fields.position} events verified, positions 1–${fields.position}; 1 checkpoint\\(s\\) match`,
      ),
    );
    const cut = await offline(["audit", "verify-export", truncated, "--checkpoint", logged]);
    expect(cut.code).toBe(1);
    expect(cut.stderr).toContain(`the checkpoint at position ${fields.position}: TAIL_MISSING`);
    const notAnExport = await offline(["audit", "verify-export", path.join(folder, "missing.csv")]);
    expect(notAnExport.code).toBe(2);
  });
});

describe("--json output", { timeout: 180_000 }, () => {
  it("is the only thing on stdout, with the embedded database already running (as while the app serves)", async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), "countersign-cli-pg-"));
    await fs.chmod(root, 0o755);
    const dataDir = path.join(root, "postgres");
    const server = await startEmbeddedPostgres({
      dataDir,
      port: await findFreePort(),
      database: "countersign",
    });
    try {
      await applyMigrations(server.url);
      const listed = await runCli(["approvals", "list", "--json"], {
        databaseUrl: "",
        env: { EMBEDDED_PG_DATA_DIR: dataDir },
      });
      expect(listed.code, listed.stderr).toBe(0);
      expect(JSON.parse(listed.stdout)).toEqual([]);
      expect(listed.stderr).toContain("Using the Postgres already running");
      expect(listed.stderr).not.toMatch(/DeprecationWarning/);
    } finally {
      await server.stop();
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
