import type { PrismaClient } from "@/lib/generated/prisma/client";
import { proposeRefund } from "@/lib/server/services/pending-actions/propose-refund";
import type { UseCaseContext } from "@/lib/server/use-case-context";

/**
 * The seed's story 1 without the agent: Maya's new conversation about order A1043 (a chat one
 * with a live session), and the agent's quote for the cracked coffee maker (its first line). Returns
 * the pending action's and the conversation's ids.
 */
export async function proposeMayaRefund(
  db: PrismaClient,
  channel: "chat" | "email",
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<{ actionId: string; conversationId: string }> {
  const customer = await db.customer.findFirstOrThrow({ where: { email: "maya@example.com" } });
  const order = await db.order.findFirstOrThrow({
    where: { number: "A1043", customerId: customer.id },
    include: { lines: { orderBy: { position: "asc" } } },
  });
  const conversation = await db.conversation.create({
    data: { channel, customerId: customer.id, orderId: order.id, subject: "Cracked" },
  });
  if (channel === "chat") {
    await db.customerSession.create({
      data: {
        customerId: customer.id,
        conversationId: conversation.id,
        tokenHash: conversation.id,
      },
    });
  }
  const proposed = await proposeRefund(
    {
      conversationId: conversation.id,
      customerId: customer.id,
      orderId: order.id,
      lineIds: [order.lines[0]?.id ?? ""],
      reason: "damaged",
      requestedBy: { type: "agent" },
    },
    context,
  );
  if (proposed.kind !== "proposed") throw new Error("expected a quote");
  return { actionId: proposed.action.id, conversationId: conversation.id };
}
