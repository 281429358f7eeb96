import { z } from "zod";
import { evaluateDispute } from "@/lib/domain/disputes";
import { formatMoney } from "@/lib/domain/money";
import { defineTool, ToolError, toolIdempotencyKey } from "./tool-types";

export const openBillingDisputeSchema = z.object({
  chargeIds: z
    .array(z.string().max(40))
    .min(1)
    .max(10)
    .describe(
      'The charge references the customer questions, exactly as they gave them (ours start with "CH-" and digits).',
    ),
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
      throw new ToolError("No dispute was opened.", {
        refused: decision.refused,
        guidance:
          'Tell the customer with the statement {"kind":"dispute_not_opened"}: it says which references are not on their account, what ours look like and what they can do next. Never give a reference they typed as an example of the right form, and never say whether it belongs to someone else.',
      });
    }
    const { ticket, alreadyOpen } = await context.services.openDisputeTicket({
      idempotencyKey: toolIdempotencyKey(context),
      chargeReferences: decision.charges.map((charge) => charge.chargeId),
      amountCents: decision.amountCents,
      suppliedAmountCents: args.amountCents ?? null,
      currency: decision.currency,
      category: decision.category,
      impact: decision.impact,
      summary: args.summary,
      now: context.now,
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
