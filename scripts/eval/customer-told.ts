import { formatMoney } from "@/lib/domain/money";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/*
 * What the customer was told, checked from the messages they received, not from the model's
 * intentions: a model that does nothing leaves the database untouched but tells nobody anything,
 * and must not pass a story whose right outcome is "no refund, and here is why".
 */

export type CustomerTold =
  /** Every quote in the conversation reached the customer: chat by the code-built quote message,
   * email by a reply stating its amount. */
  | { kind: "quote_presented" }
  /** A denial told to the customer citing each of these policy sections ("§2"). */
  | { kind: "denial_cited"; sections: string[] }
  /** Each billing dispute opened was acknowledged to the customer by its charge ids. */
  | { kind: "dispute_acknowledged" };

export async function checkCustomerTold(
  db: PrismaClient,
  conversationId: string,
  told: readonly CustomerTold[],
): Promise<string[]> {
  const messages = await db.message.findMany({
    where: { conversationId, visibility: "customer", authorKind: { in: ["agent", "staff"] } },
    select: { body: true, presentedActionId: true },
  });
  const said = messages.map((message) => message.body).join("\n");
  const findings: string[] = [];
  for (const expectation of told) {
    switch (expectation.kind) {
      case "quote_presented": {
        const actions = await db.pendingAction.findMany({
          where: { conversationId },
          include: { conversation: { select: { channel: true } } },
        });
        for (const action of actions) {
          const shown =
            action.conversation.channel === "chat"
              ? messages.some((message) => message.presentedActionId === action.id)
              : said.includes(formatMoney(action.netRefundCents, action.currency));
          if (!shown) findings.push(`the customer was never shown the quote of ${action.id}`);
        }
        if (actions.length === 0) findings.push("no quote was made, so none was presented");
        break;
      }
      case "denial_cited":
        for (const section of expectation.sections) {
          if (!new RegExp(`${section}(?!\\d)`).test(said)) {
            findings.push(`the customer was not told the denial citing policy ${section}`);
          }
        }
        break;
      case "dispute_acknowledged": {
        const disputes = await db.disputeTicket.findMany({ where: { conversationId } });
        for (const dispute of disputes) {
          const unnamed = dispute.chargeReferences.filter((charge) => !said.includes(charge));
          if (unnamed.length > 0) {
            findings.push(`the customer was not told the dispute of ${unnamed.join(", ")} is open`);
          }
        }
        if (disputes.length === 0) findings.push("no dispute was opened to acknowledge");
        break;
      }
    }
  }
  return findings;
}
