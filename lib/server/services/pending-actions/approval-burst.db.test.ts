import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import type { AppError } from "@/lib/errors/app-error";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { appendStandaloneAuditEvents } from "@/lib/server/audit/append-standalone-audit-events";
import { sealPendingLogs } from "@/lib/server/audit/seal-pending-logs";
import { verifyStoredAuditChain } from "@/lib/server/audit/verify-audit-chain";
import { decideApproval } from "@/lib/server/services/approvals/decide-approval";
import { updateSettings } from "@/lib/server/services/settings/update-settings";
import { refundAwaitingApproval, staffIdOf } from "@/tests/support/story-harness";
import { seededTestDatabase, testDatabaseClient } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";

process.env.LOG_LEVEL ??= "silent";

/*
 * Bursts of approvals on one refund (story 1, $48.00 waiting for an approver), as bench:approve
 * fires them over HTTP: one stored decision, one refund, and one audited refusal per losing
 * click, naming its approver, however the clicks are coalesced inside a process or race
 * between processes (each of two Prisma clients is its own connection pool, as an app process
 * has).
 */

const prisma = seededTestDatabase();
const context = testUseCaseContext({ db: prisma });
const otherProcess = testDatabaseClient();
const provider = createOfflineAgent();

const staffId = (role: "approver" | "admin") => staffIdOf(prisma, role);

type Click = { deciderId: string; db: PrismaClient };
type Outcome = { deciderId: string; code: string };

/** Fires every click at once, the route's way (decide, then execute), and collects the answers. */
async function clickAll(actionId: string, clicks: Click[]): Promise<Outcome[]> {
  return Promise.all(
    clicks.map(async ({ deciderId, db }) => {
      try {
        await decideApproval(
          { decision: "approve", actionId, deciderId },
          testUseCaseContext({ db, model: provider }),
        );
        return { deciderId, code: "ok" };
      } catch (error) {
        return { deciderId, code: (error as AppError).code };
      }
    }),
  );
}

async function refusalsByActor(actionId: string): Promise<Map<string | null, number>> {
  const rows = await prisma.auditEvent.groupBy({
    by: ["actorId"],
    where: {
      subjectId: actionId,
      kind: "pending_action.transition_refused",
      payload: { path: ["code"], equals: "ALREADY_DECIDED" },
    },
    _count: { _all: true },
  });
  return new Map(rows.map((row) => [row.actorId, row._count._all]));
}

/** Losing clicks per approver, the refusals the audit trail must hold for each. */
function expectedRefusals(outcomes: Outcome[]): Map<string | null, number> {
  const expected = new Map<string | null, number>();
  for (const { deciderId, code } of outcomes) {
    if (code === "ALREADY_DECIDED") expected.set(deciderId, (expected.get(deciderId) ?? 0) + 1);
  }
  return expected;
}

async function expectOneDecisionAndRefund(actionId: string): Promise<void> {
  expect(await prisma.approvalDecision.count({ where: { pendingActionId: actionId } })).toBe(1);
  expect(await prisma.refund.count({ where: { pendingActionId: actionId } })).toBe(1);
  const action = await prisma.pendingAction.findUniqueOrThrow({ where: { id: actionId } });
  expect(action.status).toBe("executed");
  expect(
    await prisma.auditEvent.count({
      where: { subjectId: actionId, kind: "pending_action.approved" },
    }),
  ).toBe(1);
  await sealPendingLogs(prisma);
  expect(await verifyStoredAuditChain(prisma)).toMatchObject({ ok: true, pending: 0 });
}

describe("a burst of approvals on one refund", () => {
  it("200 clicks at once in one process: one decision, one refund, 199 refusals each naming its approver", async () => {
    const actionId = await refundAwaitingApproval(prisma, provider);
    const deciders = [await staffId("approver"), await staffId("admin")];
    const clicks = Array.from({ length: 200 }, (_, index) => ({
      deciderId: deciders[index % 2] as string,
      db: prisma,
    }));

    const outcomes = await clickAll(actionId, clicks);

    expect(outcomes.filter(({ code }) => code === "ok")).toHaveLength(1);
    expect(outcomes.filter(({ code }) => code === "ALREADY_DECIDED")).toHaveLength(199);
    expect(await refusalsByActor(actionId)).toEqual(expectedRefusals(outcomes));
    await expectOneDecisionAndRefund(actionId);
  }, 60_000);

  it("100 clicks from each of two processes race in the database and still give one decision", async () => {
    const actionId = await refundAwaitingApproval(prisma, provider);
    const deciders = [await staffId("approver"), await staffId("admin")];
    const clicks = Array.from({ length: 200 }, (_, index) => ({
      deciderId: deciders[index % 2] as string,
      db: index < 100 ? prisma : otherProcess,
    }));

    const outcomes = await clickAll(actionId, clicks);

    expect(outcomes.filter(({ code }) => code === "ok")).toHaveLength(1);
    expect(outcomes.filter(({ code }) => code === "ALREADY_DECIDED")).toHaveLength(199);
    expect(await refusalsByActor(actionId)).toEqual(expectedRefusals(outcomes));
    await expectOneDecisionAndRefund(actionId);
  }, 60_000);

  it("clicks waiting behind an attempt refused over the approver limit decide themselves", async () => {
    const actionId = await refundAwaitingApproval(prisma, provider);
    const [approver, admin] = [await staffId("approver"), await staffId("admin")];
    await updateSettings(
      {
        change: { approverLimitCents: 4799 },
        actor: { type: "staff", userId: admin, roles: ["admin"] },
      },
      context,
    );
    const clicks = [
      ...Array.from({ length: 10 }, () => ({ deciderId: approver, db: prisma })),
      ...Array.from({ length: 10 }, () => ({ deciderId: admin, db: prisma })),
    ];

    const outcomes = await clickAll(actionId, clicks);

    const decision = await prisma.approvalDecision.findUniqueOrThrow({
      where: { pendingActionId: actionId },
    });
    expect(decision.deciderId).toBe(admin);
    expect(outcomes.filter(({ code }) => code === "ok")).toEqual([
      { deciderId: admin, code: "ok" },
    ]);
    // An approver click is over the limit while nobody has decided, and late once the admin has.
    const approverCodes = outcomes.filter(({ deciderId }) => deciderId === approver);
    for (const { code } of approverCodes) expect(["FORBIDDEN", "ALREADY_DECIDED"]).toContain(code);
    const overLimit = approverCodes.filter(({ code }) => code === "FORBIDDEN").length;
    expect(
      await prisma.auditEvent.count({
        where: { subjectId: actionId, payload: { path: ["code"], equals: "OVER_APPROVAL_LIMIT" } },
      }),
    ).toBe(overLimit);
    expect(await refusalsByActor(actionId)).toEqual(expectedRefusals(outcomes));
    await expectOneDecisionAndRefund(actionId);
  }, 60_000);
});

describe("standalone audit events", () => {
  it("a burst of appends shares a few INSERTs and each caller returns once its row is stored", async () => {
    const actionId = await refundAwaitingApproval(prisma, provider);
    const before = await prisma.auditEvent.count();
    const approver = await staffId("approver");
    const subjects = Array.from({ length: 200 }, (_, index) => `${actionId}-probe-${index}`);

    await Promise.all(
      subjects.map(async (subjectId) => {
        await appendStandaloneAuditEvents(prisma, [
          {
            kind: "pending_action.transition_refused",
            subjectType: "pending_action",
            subjectId,
            actor: { type: "staff", userId: approver, roles: ["approver"] },
            occurredAt: new Date(),
            payload: {
              status: "approved",
              event: "staff_approved",
              code: "ALREADY_DECIDED",
              message: "This refund was already approved by someone else",
            },
          },
        ]);
        // Resolved means committed: the row is visible to any other connection now.
        expect(await otherProcess.auditEvent.count({ where: { subjectId } })).toBe(1);
      }),
    );

    expect(await prisma.auditEvent.count()).toBe(before + 200);
    // Rows written by one INSERT in autocommit share its transaction id.
    const [{ transactions }] = await prisma.$queryRaw<[{ transactions: bigint }]>`
      SELECT count(DISTINCT xmin::text) AS transactions FROM audit_events
      WHERE subject_id LIKE ${`${actionId}-probe-%`}`;
    expect(Number(transactions)).toBeLessThanOrEqual(10);
    await sealPendingLogs(prisma);
    expect(await verifyStoredAuditChain(prisma)).toMatchObject({ ok: true, pending: 0 });
  }, 60_000);
});
