import { describe, expect, it } from "vitest";
import { decideApproval } from "@/lib/server/services/approvals/decide-approval";
import { listApprovalQueue } from "@/lib/server/services/approvals/list-approval-queue";
import { proposeMayaRefund } from "@/tests/support/propose-maya-refund";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";

process.env.LOG_LEVEL ??= "warn";

const prisma = seededTestDatabase();
const context = testUseCaseContext({ db: prisma });

describe("the approval queue", () => {
  it("shows a demo shop refund to the demo shop's approvers only, and only they decide it", async () => {
    const { actionId } = await proposeMayaRefund(prisma, "email", context);
    // Built directly: this test is about who sees a waiting refund, not how it came to wait.
    await prisma.pendingAction.update({
      where: { id: actionId },
      data: { status: "awaiting_approval" },
    });
    const demoApprover = await prisma.staffUser.findUniqueOrThrow({
      where: { email: "approver@countersign.test" },
    });
    const otherShop = await prisma.workspace.create({
      data: { key: "other-shop", name: "Other Shop", identitySecret: "o".repeat(43) },
    });
    const otherApprover = await prisma.staffUser.create({
      data: {
        email: "approver@other-shop.example",
        name: "Other Approver",
        role: "approver",
        passwordHash: "not-a-hash",
        workspaces: { create: { workspaceId: otherShop.id } },
      },
    });
    const queueOf = async (staffUserId: string) =>
      (await listApprovalQueue({ staffUserId }, context)).items.map((item) => item.actionId);
    expect(await queueOf(demoApprover.id)).toEqual([actionId]);
    expect(await queueOf(otherApprover.id)).toEqual([]);

    // Nor can the other shop's approver decide it by its id.
    await expect(
      decideApproval({ decision: "approve", actionId, deciderId: otherApprover.id }, context),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await prisma.approvalDecision.count()).toBe(0);
  });
});
