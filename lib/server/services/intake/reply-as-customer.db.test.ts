import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { AppError } from "@/lib/errors/app-error";
import { approveAction } from "@/lib/server/services/pending-actions/approve-or-reject-action";
import { executePendingAction } from "@/lib/server/services/pending-actions/execute-pending-action";
import { updateSettings } from "@/lib/server/services/settings/update-settings";
import { actionsOf, beginStory } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { replyAsCustomer } from "./reply-as-customer";

process.env.LOG_LEVEL ??= "silent";

/*
 * "Reply as the customer" in demo mode: staff can speak within the customer's chat session, but
 * what they say is recorded as theirs, and their "yes" can never stand in for both the customer's
 * confirmation and a staff approval.
 */

const prisma = seededTestDatabase();
const provider = createOfflineAgent();
const context = testUseCaseContext({ db: prisma, model: provider });

/** Staff typing for the customer in a deployment that runs in demo mode. */
function replyInDemo(input: Omit<Parameters<typeof replyAsCustomer>[0], "demoMode">) {
  return replyAsCustomer({ ...input, demoMode: true }, context);
}

async function staffUser(role: "agent" | "approver" | "admin") {
  const user = await prisma.staffUser.findFirstOrThrow({ where: { role } });
  return { userId: user.id, roles: [user.role] };
}

async function smallRefundAwaitingConfirmation() {
  const story = await beginStory(prisma, provider, "small-refund");
  const [action] = await actionsOf(prisma, story.conversationId);
  expect(action).toMatchObject({ status: "awaiting_confirmation", netRefundCents: 1260 });
  expect(action?.needsApproval).toBe(false);
  return { conversationId: story.conversationId, actionId: action?.id ?? "" };
}

async function replyAndWait(input: Parameters<typeof replyInDemo>[0]) {
  const result = await replyInDemo(input);
  // The agent's turn goes on in the background; wait for it so the next test starts clean.
  await waitForRunsToSettle(input.conversationId);
  return result;
}

async function waitForRunsToSettle(conversationId: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const active = await prisma.run.count({
      where: { conversationId, status: { in: ["queued", "running"] } },
    });
    if (active === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`runs of ${conversationId} did not settle within 30 s`);
}

describe("replyAsCustomer in demo mode", () => {
  it("sends a staff 'yes' under the auto-approve limit to the approval queue instead of paying", async () => {
    const { conversationId, actionId } = await smallRefundAwaitingConfirmation();
    const agent = await staffUser("agent");

    await replyAndWait({ conversationId, text: "yes", staff: agent });

    const action = await prisma.pendingAction.findUniqueOrThrow({ where: { id: actionId } });
    expect(action).toMatchObject({
      status: "awaiting_approval",
      needsApproval: true,
      confirmedByStaffId: agent.userId,
    });
    expect(await prisma.refund.count()).toBe(0);

    const message = await prisma.message.findFirstOrThrow({
      where: { conversationId, authorKind: "customer", body: "yes" },
    });
    expect(message.staffUserId).toBe(agent.userId);

    const confirmed = await prisma.auditEvent.findFirstOrThrow({
      where: { kind: "pending_action.confirmed", subjectId: actionId },
    });
    expect(confirmed).toMatchObject({ actorKind: "staff", actorId: agent.userId });
    expect(confirmed.payload).toMatchObject({ onBehalfOfCustomerBy: agent.userId });
  });

  it("refuses an approval by the staff member who confirmed, and pays after someone else approves", async () => {
    const { conversationId, actionId } = await smallRefundAwaitingConfirmation();
    const approver = await staffUser("approver");
    await replyAndWait({ conversationId, text: "yes", staff: approver });

    const own = await approveAction({ actionId, deciderId: approver.userId }, context).then(
      () => null,
      (error: unknown) => error,
    );
    expect(own).toBeInstanceOf(AppError);
    expect((own as AppError).extensions).toMatchObject({ reason: "SELF_APPROVAL" });
    expect(await prisma.approvalDecision.count()).toBe(0);

    const admin = await staffUser("admin");
    const approved = await approveAction({ actionId, deciderId: admin.userId }, context);
    expect(approved.status).toBe("approved");
    const executed = await executePendingAction({ actionId }, context);
    expect(executed.status).toBe("executed");
    expect(await prisma.refund.count()).toBe(1);
  });

  it("still lets the customer's own 'yes' pay a small refund without an approver", async () => {
    const story = await beginStory(prisma, provider, "small-refund");
    await story.say("yes");
    const [action] = await actionsOf(prisma, story.conversationId);
    expect(action).toMatchObject({ status: "executed", confirmedByStaffId: null });
  });

  it("scopes a client-chosen dedupe key to its author, so it cannot suppress the server's notes", async () => {
    const { conversationId } = await smallRefundAwaitingConfirmation();
    const agent = await staffUser("agent");
    const latest = await prisma.message.findFirstOrThrow({
      where: { conversationId },
      orderBy: { createdAt: "desc" },
    });
    // A key the server itself uses for the note it writes about the next customer message.
    const forged = `intent-outcome:${latest.id}`;
    const first = await replyAndWait({
      conversationId,
      text: "yes",
      staff: agent,
      dedupeKey: forged,
    });
    expect(first.duplicate).toBe(false);
    const again = await replyInDemo({
      conversationId,
      text: "yes",
      staff: agent,
      dedupeKey: forged,
    });
    expect(again).toMatchObject({ duplicate: true, messageId: first.messageId });
    expect(await prisma.message.count({ where: { conversationId, dedupeKey: forged } })).toBe(0);
    // The agent still answered the staff-typed message.
    expect(first.runId).not.toBeNull();
    const run = await prisma.run.findUniqueOrThrow({ where: { id: first.runId ?? "" } });
    expect(run.status).toBe("completed");
  });

  it("is refused, storing nothing, once an admin turns off acting for a customer", async () => {
    const { conversationId, actionId } = await smallRefundAwaitingConfirmation();
    const admin = await staffUser("admin");
    await updateSettings(
      {
        change: { staffMayActForCustomer: false },
        actor: { type: "staff", ...admin },
      },
      context,
    );
    const messagesBefore = await prisma.message.count({ where: { conversationId } });

    const refused = await replyInDemo({
      conversationId,
      text: "yes",
      staff: await staffUser("agent"),
    }).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: "FORBIDDEN",
      extensions: { reason: "ACTING_FOR_CUSTOMER_OFF" },
    });
    expect(await prisma.message.count({ where: { conversationId } })).toBe(messagesBefore);
    const action = await prisma.pendingAction.findUniqueOrThrow({ where: { id: actionId } });
    expect(action.status).toBe("awaiting_confirmation");
  });
});
