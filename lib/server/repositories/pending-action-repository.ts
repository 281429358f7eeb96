import "server-only";
import type { DenyReason } from "@/lib/domain/deny-reasons";
import type { OrderFacts } from "@/lib/domain/order-facts";
import type { PendingActionState } from "@/lib/domain/pending-action";
import { toStoredOrderFacts } from "@/lib/domain/policy-replay-order";
import { quoteSchema } from "@/lib/domain/quote";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { PROCESS_ID } from "@/lib/server/process/process-id";

/*
 * Maps pending_actions rows (plus their conversation's channel, the approval decision and the
 * refund) to the domain's PendingActionState and back. Writes are conditional on the status the
 * caller read, so two processes can never both move the same action.
 */

type Reader = PrismaClient | Prisma.TransactionClient;

const withRelations = {
  conversation: { select: { channel: true } },
  decision: true,
  refund: { select: { id: true } },
} as const satisfies Prisma.PendingActionInclude;

type PendingActionRow = Prisma.PendingActionGetPayload<{ include: typeof withRelations }>;

function toPendingActionState(row: PendingActionRow): PendingActionState {
  const approved = row.decision?.decision === "approved" ? row.decision : null;
  const rejected = row.decision?.decision === "rejected" ? row.decision : null;
  return {
    id: row.id,
    status: row.status,
    customerId: row.customerId,
    conversationId: row.conversationId,
    channel: row.conversation.channel,
    // Parsing re-checks the arithmetic of the stored snapshot before anyone relies on it.
    quote: quoteSchema.parse(row.quote),
    quoteHash: row.quoteHash,
    gates: { customerConfirmation: row.needsConfirmation, staffApproval: row.needsApproval },
    requestedBy: row.requestedBy,
    idempotencyKey: row.idempotencyKey,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    expiresAt: row.expiresAt,
    confirmedAt: row.confirmedAt,
    confirmedByStaffId: row.confirmedByStaffId,
    approvedBy: approved?.deciderId ?? null,
    approvedAt: approved?.createdAt ?? null,
    rejectedBy: rejected?.deciderId ?? null,
    rejectionNote: rejected?.note ?? null,
    supersededBy: row.supersededById,
    refundId: row.refund?.id ?? null,
    failureReason: row.failureReason,
  };
}

async function findPendingActionRow(db: Reader, id: string): Promise<PendingActionRow | null> {
  return db.pendingAction.findUnique({ where: { id }, include: withRelations });
}

export async function findPendingAction(
  db: Reader,
  id: string,
): Promise<PendingActionState | null> {
  const row = await findPendingActionRow(db, id);
  return row ? toPendingActionState(row) : null;
}

/** Takes the row lock, so checks made after this read hold until the transaction ends. */
export async function lockPendingAction(
  tx: Prisma.TransactionClient,
  id: string,
): Promise<PendingActionState | null> {
  const locked = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM pending_actions WHERE id = ${id} FOR UPDATE`;
  if (locked.length === 0) return null;
  return findPendingAction(tx, id);
}

export type NewPendingActionRow = {
  state: PendingActionState;
  orderId: string;
  runId: string | null;
  /** False when the quoted reason is the agent's reading, not the customer's words. */
  reasonStatedByCustomer?: boolean;
  /** Requested lines the policy left out, as the customer reads them on every presentation. */
  refusedLines?: readonly string[];
  /** The refusals behind those lines, to say them in the conversation's language. */
  refusedReasons?: readonly DenyReason[];
  /** The customer's sentence that stated the reason, when they stated it. */
  reasonWords?: string | null;
  /** The order facts the quote was made on, kept for replaying it under a draft policy. */
  orderFacts?: OrderFacts | null;
};

export async function insertPendingAction(
  tx: Prisma.TransactionClient,
  {
    state,
    orderId,
    runId,
    reasonStatedByCustomer = true,
    refusedLines = [],
    refusedReasons = [],
    reasonWords = null,
    orderFacts = null,
  }: NewPendingActionRow,
): Promise<void> {
  await tx.pendingAction.create({
    data: {
      id: state.id,
      kind: "refund",
      status: state.status,
      conversationId: state.conversationId,
      customerId: state.customerId,
      orderId,
      runId,
      reason: state.quote.reason,
      reasonStatedByCustomer,
      refusedLines: [...refusedLines],
      refusedReasons: [...refusedReasons],
      reasonWords,
      lineIds: state.quote.lines.map((line) => line.lineId),
      quote: state.quote,
      quoteHash: state.quoteHash,
      policyVersion: state.quote.policyVersion,
      netRefundCents: state.quote.netRefundCents,
      currency: state.quote.currency,
      needsConfirmation: state.gates.customerConfirmation,
      needsApproval: state.gates.staffApproval,
      requestedBy: state.requestedBy,
      expiresAt: state.expiresAt,
      idempotencyKey: state.idempotencyKey,
      createdAt: state.createdAt,
      ...(orderFacts ? { orderFacts: toStoredOrderFacts(orderFacts) } : {}),
    },
  });
}

// A process that moves an action here is the one expected to pay it next (see app_instances).
const CLAIMING_STATUSES = new Set<PendingActionState["status"]>(["approved", "executing"]);

/**
 * Stores the result of a domain transition, but only if the row is still in the status the
 * transition started from. Returns false when another writer moved it first.
 */
export async function saveTransition(
  tx: Prisma.TransactionClient,
  from: PendingActionState,
  to: PendingActionState,
  extra: Pick<
    Prisma.PendingActionUpdateManyMutationInput,
    "confirmedMessageId" | "confirmedSessionId"
  > = {},
): Promise<boolean> {
  const { count } = await tx.pendingAction.updateMany({
    where: { id: from.id, status: from.status },
    data: {
      ...extra,
      ...(CLAIMING_STATUSES.has(to.status) ? { claimedBy: PROCESS_ID } : {}),
      status: to.status,
      expiresAt: to.expiresAt,
      confirmedAt: to.confirmedAt,
      confirmedByStaffId: to.confirmedByStaffId,
      // A confirmation given by staff for the customer adds the approval gate.
      needsApproval: to.gates.staffApproval,
      supersededById: to.supersededBy,
      failureReason: to.failureReason,
      updatedAt: to.updatedAt,
      ...(to.status === "executed" ? { executedAt: to.updatedAt } : {}),
    },
  });
  return count === 1;
}
