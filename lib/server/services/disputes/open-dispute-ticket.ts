import "server-only";
import { AGENT_ACTOR } from "@/lib/domain/actor";
import { type DisputeDecision, openDisputeCovering } from "@/lib/domain/disputes";
import type { DisputeTicket } from "@/lib/generated/prisma/client";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { publishRealtime } from "@/lib/server/realtime/publish";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { refreshDisputeAtStake } from "./refresh-dispute-at-stake";

export type OpenDisputeTicketInput = Pick<
  Extract<DisputeDecision, { kind: "dispute" }>,
  "amountCents" | "currency" | "category" | "impact"
> & {
  idempotencyKey: string;
  conversation: { id: string; customerId: string };
  chargeReferences: string[];
  suppliedAmountCents: number | null;
  summary: string;
};

/*
 * The agent's dispute, stored once per idempotency key: a new ticket (audited, the conversation's
 * amount at stake refreshed), or the unresolved one that already covers these charges.
 */
export async function openDisputeTicket(
  input: OpenDisputeTicketInput,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<{ ticket: DisputeTicket; alreadyOpen: boolean }> {
  const now = context.now();
  return context.db.$transaction(async (tx) => {
    // Two runs disputing the same charge at once take turns here, so the second sees the first.
    await tx.$queryRaw`SELECT id FROM customers WHERE id = ${input.conversation.customerId} FOR UPDATE`;
    const replayed = await tx.disputeTicket.findUnique({
      where: { idempotencyKey: input.idempotencyKey },
    });
    if (replayed) return { ticket: replayed, alreadyOpen: false };
    const unresolved = await tx.disputeTicket.findMany({
      where: { customerId: input.conversation.customerId, status: { not: "resolved" } },
      orderBy: { createdAt: "asc" },
    });
    const covering = openDisputeCovering(
      input.chargeReferences,
      unresolved.map((row) => ({ id: row.id, chargeIds: row.chargeReferences, resolved: false })),
    );
    const existing = unresolved.find((row) => row.id === covering?.id);
    if (existing) return { ticket: existing, alreadyOpen: true };
    const { count } = await tx.disputeTicket.createMany({
      data: [
        {
          idempotencyKey: input.idempotencyKey,
          conversationId: input.conversation.id,
          customerId: input.conversation.customerId,
          chargeReferences: input.chargeReferences,
          amountCents: input.amountCents,
          suppliedAmountCents: input.suppliedAmountCents,
          currency: input.currency,
          category: input.category,
          impact: input.impact,
          summary: input.summary,
        },
      ],
      skipDuplicates: true,
    });
    const row = await tx.disputeTicket.findUniqueOrThrow({
      where: { idempotencyKey: input.idempotencyKey },
    });
    if (count === 1) {
      await tx.conversation.update({
        where: { id: input.conversation.id },
        data: { currency: row.currency },
      });
      await refreshDisputeAtStake(tx, input.conversation.id);
      await publishRealtime(tx, {
        topic: "dispute.opened",
        conversationId: input.conversation.id,
        payload: { disputeId: row.id },
      });
      await appendAuditEvents(tx, [
        {
          kind: "dispute.opened",
          subjectType: "dispute_ticket",
          subjectId: row.id,
          actor: AGENT_ACTOR,
          occurredAt: now,
          payload: {
            conversationId: input.conversation.id,
            customerId: input.conversation.customerId,
            chargeReferences: input.chargeReferences,
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
}
