import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { publishRealtime } from "@/lib/server/realtime/publish";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { refreshDisputeAtStake } from "./refresh-dispute-at-stake";

const noteSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((text) => !text.includes("\u0000"), "Contains a NUL character, which cannot be stored.");

export const handleDisputeSchema = z.discriminatedUnion("step", [
  z.object({ step: z.literal("acknowledge"), note: noteSchema.optional() }),
  z.object({
    step: z.literal("resolve"),
    note: noteSchema.pipe(z.string().min(1, "Say how it was resolved.")),
  }),
]);

export type HandleDisputeInput = z.output<typeof handleDisputeSchema>;

/*
 * The billing team's two steps on a dispute: acknowledge (we are looking at it) and resolve
 * (with a note saying how). The agent never promises a credit; whatever billing decides is
 * told to the customer by a person, on the ticket.
 */
export async function handleDispute(
  input: {
    disputeId: string;
    staff: { id: string; role: "agent" | "approver" | "admin" };
  } & HandleDisputeInput,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<{ status: "acknowledged" | "resolved" }> {
  const now = context.now();
  return context.db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ status: string }[]>`
      SELECT status::text FROM dispute_tickets WHERE id = ${input.disputeId} FOR UPDATE`;
    const dispute = await tx.disputeTicket.findUnique({ where: { id: input.disputeId } });
    if (!dispute || locked.length === 0) throw new AppError("NOT_FOUND", "No such dispute");
    const actor = { type: "staff" as const, userId: input.staff.id, roles: [input.staff.role] };
    const base = {
      subjectType: "dispute_ticket" as const,
      subjectId: dispute.id,
      actor,
      occurredAt: now,
      conversationId: dispute.conversationId,
    };
    if (dispute.status === "resolved") {
      throw new AppError("CONFLICT", "The dispute is already resolved.");
    }
    if (input.step === "acknowledge") {
      if (dispute.status === "acknowledged") {
        throw new AppError("CONFLICT", "The dispute is already acknowledged.");
      }
      await tx.disputeTicket.update({
        where: { id: dispute.id },
        data: { status: "acknowledged" },
      });
      await publish(tx, dispute.conversationId, dispute.id, "acknowledged");
      await appendAuditEvents(tx, [
        {
          ...base,
          kind: "dispute.acknowledged",
          payload: { conversationId: dispute.conversationId, note: input.note || null },
        },
      ]);
      return { status: "acknowledged" as const };
    }
    await tx.disputeTicket.update({ where: { id: dispute.id }, data: { status: "resolved" } });
    await refreshDisputeAtStake(tx, dispute.conversationId);
    await publish(tx, dispute.conversationId, dispute.id, "resolved");
    await appendAuditEvents(tx, [
      {
        ...base,
        kind: "dispute.resolved",
        payload: {
          conversationId: dispute.conversationId,
          fromStatus: dispute.status,
          note: input.note,
        },
      },
    ]);
    return { status: "resolved" as const };
  });
}

function publish(
  tx: Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0],
  conversationId: string,
  disputeId: string,
  status: string,
) {
  return publishRealtime(tx, {
    topic: "dispute.changed",
    conversationId,
    payload: { disputeId, status },
  });
}
