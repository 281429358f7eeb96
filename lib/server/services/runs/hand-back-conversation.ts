import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { publishRealtime } from "@/lib/server/realtime/publish";
import {
  lockConversation,
  staffActorOf,
} from "@/lib/server/services/conversations/conversation-work";
import { requireConversationInStaffWorkspaces } from "@/lib/server/services/workspaces/staff-workspaces";
import type { RunContext } from "./advance-run";
import type { LaunchOutcome } from "./launch-run";
import { requestAgentTurn } from "./request-agent-turn";

type StaffRef = { id: string; role: "agent" | "approver" | "admin" };

/*
 * The AI takes the conversation back. When the customer's message is the last thing said to
 * anyone, the agent gets a turn to answer it; otherwise it waits for the customer.
 */
export async function handBackConversation(
  input: { conversationId: string; staff: StaffRef },
  context: RunContext,
): Promise<{ runId: string | null; completion: Promise<LaunchOutcome | null> }> {
  const now = context.now();
  await requireConversationInStaffWorkspaces(context.db, {
    conversationId: input.conversationId,
    staffUserId: input.staff.id,
  });
  const unanswered = await context.db.$transaction(async (tx) => {
    const ticket = await lockConversation(tx, input.conversationId);
    if (!ticket.humanOwnerId) {
      throw new AppError("CONFLICT", "The AI already handles this conversation.");
    }
    await tx.conversation.update({ where: { id: ticket.id }, data: { humanOwnerId: null } });
    await publishRealtime(tx, {
      topic: "ticket.changed",
      conversationId: ticket.id,
      payload: { humanOwnerId: null },
    });
    const last = await tx.message.findFirst({
      where: { conversationId: ticket.id, visibility: "customer" },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { authorKind: true },
    });
    await appendAuditEvents(tx, [
      {
        kind: "ticket.handed_back",
        subjectType: "conversation",
        subjectId: ticket.id,
        actor: staffActorOf(input.staff),
        occurredAt: now,
        payload: { conversationId: ticket.id, fromStaffId: ticket.humanOwnerId },
      },
    ]);
    return last?.authorKind === "customer";
  });
  if (!unanswered) return { runId: null, completion: Promise.resolve(null) };
  const turn = await requestAgentTurn(
    {
      conversationId: input.conversationId,
      note: "A person handed the conversation back to the AI. Answer the customer's latest message.",
    },
    context,
  );
  return { runId: turn.runId, completion: turn.completion };
}
