import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { updateSettings } from "@/lib/server/services/settings/update-settings";
import { refundAwaitingApproval, staffIdOf } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { approveAction, rejectAction } from "./approve-or-reject-action";

process.env.LOG_LEVEL ??= "silent";

/*
 * The per-role approval limit at the decision service: an approver approves up to the admin's
 * approver limit, a larger refund needs an admin, and a refused approval is audited and leaves
 * the refund waiting. Story 1 ("cracked on arrival") waits for approval at $48.00.
 */

const prisma = seededTestDatabase();
const provider = createOfflineAgent();

const staffId = (role: "approver" | "admin") => staffIdOf(prisma, role);

async function setApproverLimit(approverLimitCents: number): Promise<void> {
  const admin = await staffId("admin");
  await updateSettings(
    {
      change: { approverLimitCents },
      actor: { type: "staff", userId: admin, roles: ["admin"] },
    },
    context(),
  );
}

function context() {
  return testUseCaseContext({ db: prisma });
}

describe("approval limits in the decision service", () => {
  it("refuses an approver above the limit with a clear error, audits it, and leaves the refund waiting", async () => {
    const actionId = await refundAwaitingApproval(prisma, provider);
    await setApproverLimit(4799);
    const approver = await staffId("approver");

    await expect(approveAction({ actionId, deciderId: approver }, context())).rejects.toMatchObject(
      {
        code: "FORBIDDEN",
        message: "$48.00 is above the $47.99 approver limit; an admin must approve it",
        extensions: { reason: "OVER_APPROVAL_LIMIT", limitCents: 4799, netRefundCents: 4800 },
      },
    );

    const action = await prisma.pendingAction.findUniqueOrThrow({ where: { id: actionId } });
    expect(action.status).toBe("awaiting_approval");
    expect(await prisma.approvalDecision.count()).toBe(0);
    const refusal = await prisma.auditEvent.findFirstOrThrow({
      where: { subjectId: actionId, kind: "pending_action.transition_refused" },
    });
    expect([refusal.actorId, refusal.conversationId, refusal.payload]).toEqual([
      approver,
      action.conversationId,
      {
        status: "awaiting_approval",
        event: "staff_approved",
        code: "OVER_APPROVAL_LIMIT",
        message: "$48.00 is above the $47.99 approver limit; an admin must approve it",
      },
    ]);
  });

  it("lets an approver approve exactly the limit", async () => {
    const actionId = await refundAwaitingApproval(prisma, provider);
    await setApproverLimit(4800);
    const approved = await approveAction(
      { actionId, deciderId: await staffId("approver") },
      context(),
    );
    expect(approved.status).toBe("approved");
  });

  it("lets an admin approve above the approver limit, even a zero one", async () => {
    const actionId = await refundAwaitingApproval(prisma, provider);
    await setApproverLimit(0);
    const approved = await approveAction(
      { actionId, deciderId: await staffId("admin") },
      context(),
    );
    expect(approved.status).toBe("approved");
  });

  it("never limits a rejection: saying no moves no money", async () => {
    const actionId = await refundAwaitingApproval(prisma, provider);
    await setApproverLimit(0);
    const rejected = await rejectAction(
      { actionId, deciderId: await staffId("approver"), note: "Photo shows no damage" },
      context(),
    );
    expect(rejected.status).toBe("rejected");
  });
});
