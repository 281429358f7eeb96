import { z } from "zod";
import { evaluateDispute, openDisputeCovering } from "@/lib/domain/disputes";
import { formatMoney } from "@/lib/domain/money";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { publishRealtime } from "@/lib/server/realtime/publish";
import { refreshDisputeAtStake } from "@/lib/server/services/disputes/refresh-dispute-at-stake";
import { AGENT_ACTOR } from "@/lib/server/services/runs/run-audit-events";
import { defineTool, ToolError, toolIdempotencyKey } from "./tool-types";

declare module "@/lib/domain/audit-events" {
  interface AuditEventDefinitions {
    "dispute.opened": {
      subjectType: "dispute_ticket";
      payload: {
        conversationId: string;
        customerId: string;
        chargeReferences: string[];
        amountCents: number;
        suppliedAmountCents: number | null;
        currency: string;
        category: string;
        impact: string;
      };
    };
  }
}

export const openBillingDisputeSchema = z.object({
  chargeIds: z
    .array(z.string().max(40))
    .min(1)
    .max(10)
    .describe('The charge ids the customer questions, e.g. ["CH-88301", "CH-88302"].'),
  amountCents: z
    .int()
    .min(0)
    .optional()
    .describe(
      "Optional: the amount in cents you believe is disputed. It is checked against the ledger, which always wins.",
    ),
  summary: z
    .string()
    .min(1)
    .max(1000)
    .describe("One or two sentences in the customer's terms: what looks wrong with these charges."),
});

export const openBillingDisputeTool = defineTool({
  name: "open_billing_dispute",
  description:
    "Open a billing dispute ticket for charges on the verified customer's account. The amount, category (duplicate_charge or wrong_amount) and impact come from the ledger, not from you. It opens a ticket for review only: never promise a credit, an amount back or a date.",
  schema: openBillingDisputeSchema,
  async execute(args, context) {
    const { conversation } = context;
    const ledger = await context.db.charge.findMany({
      where: { customerId: conversation.customerId },
      select: { reference: true, amountCents: true, currency: true, customerId: true },
    });
    const decision = evaluateDispute({
      chargeIds: args.chargeIds,
      suppliedAmountCents: args.amountCents,
      ledger: ledger.map((charge) => ({ ...charge, chargeId: charge.reference })),
      customerId: conversation.customerId,
    });
    if (decision.kind === "refuse") {
      throw new ToolError("No dispute was opened.", { refused: decision.refused });
    }
    const idempotencyKey = toolIdempotencyKey(context);
    const chargeReferences = decision.charges.map((charge) => charge.chargeId);
    const { ticket, alreadyOpen } = await context.db.$transaction(async (tx) => {
      // Two runs disputing the same charge at once take turns here, so the second sees the first.
      await tx.$queryRaw`SELECT id FROM customers WHERE id = ${conversation.customerId} FOR UPDATE`;
      const replayed = await tx.disputeTicket.findUnique({ where: { idempotencyKey } });
      if (replayed) return { ticket: replayed, alreadyOpen: false };
      const unresolved = await tx.disputeTicket.findMany({
        where: { customerId: conversation.customerId, status: { not: "resolved" } },
        orderBy: { createdAt: "asc" },
      });
      const covering = openDisputeCovering(
        chargeReferences,
        unresolved.map((row) => ({ id: row.id, chargeIds: row.chargeReferences, resolved: false })),
      );
      const existing = unresolved.find((row) => row.id === covering?.id);
      if (existing) return { ticket: existing, alreadyOpen: true };
      const { count } = await tx.disputeTicket.createMany({
        data: [
          {
            idempotencyKey,
            conversationId: conversation.id,
            customerId: conversation.customerId,
            chargeReferences,
            amountCents: decision.amountCents,
            suppliedAmountCents: args.amountCents ?? null,
            currency: decision.currency,
            category: decision.category,
            impact: decision.impact,
            summary: args.summary,
          },
        ],
        skipDuplicates: true,
      });
      const row = await tx.disputeTicket.findUniqueOrThrow({ where: { idempotencyKey } });
      if (count === 1) {
        await tx.conversation.update({
          where: { id: conversation.id },
          data: { currency: row.currency },
        });
        await refreshDisputeAtStake(tx, conversation.id);
        await publishRealtime(tx, {
          topic: "dispute.opened",
          conversationId: conversation.id,
          payload: { disputeId: row.id },
        });
        await appendAuditEvents(tx, [
          {
            kind: "dispute.opened",
            subjectType: "dispute_ticket",
            subjectId: row.id,
            actor: AGENT_ACTOR,
            occurredAt: context.now,
            payload: {
              conversationId: conversation.id,
              customerId: conversation.customerId,
              chargeReferences,
              amountCents: row.amountCents,
              suppliedAmountCents: row.suppliedAmountCents,
              currency: row.currency,
              category: row.category,
              impact: row.impact,
            },
          },
        ]);
      }
      return { ticket: row, alreadyOpen: false };
    });
    const money = (cents: number) => formatMoney(cents, ticket.currency);
    return {
      ticketId: ticket.id,
      chargeIds: ticket.chargeReferences,
      amountCents: ticket.amountCents,
      amount: money(ticket.amountCents),
      category: ticket.category,
      impact: ticket.impact,
      ...(decision.amountCorrected && {
        amountCorrected: `You supplied ${money(decision.amountCorrected.supplied)}, but the ledger shows ${money(decision.amountCorrected.actual)} for these charges. The ledger amount was used.`,
      }),
      refused: decision.refused,
      ...(alreadyOpen && {
        alreadyOpen: `A dispute covering ${ticket.chargeReferences.join(", ")} is already open for review; no second ticket was opened.`,
      }),
      guidance: alreadyOpen
        ? "Tell the customer these charges are already under review by the billing team. Do not promise a credit, an amount back or a date."
        : "Tell the customer the ticket is open for review by the billing team. Do not promise a credit, an amount back or a date.",
    };
  },
});
