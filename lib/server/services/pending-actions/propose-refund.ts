import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { actorSchema } from "@/lib/domain/actor";
import { type ReasonResolution, resolveReturnReason } from "@/lib/domain/customer-reason";
import type { PendingActionState } from "@/lib/domain/pending-action";
import { HOLD_STATUSES } from "@/lib/domain/pending-action-status";
import type { ProposeRefundResult } from "@/lib/domain/propose-refund-result";
import { evaluateRefund, type RefundPolicy, refundReasonSchema } from "@/lib/domain/refund-policy";
import { AppError } from "@/lib/errors/app-error";
import { isUniqueViolation } from "@/lib/errors/prisma-errors";
import { idFromDigest, newId } from "@/lib/ids";
import { policyInForceForCustomer } from "@/lib/server/policies/policy-versions";
import { loadOrderFacts } from "@/lib/server/repositories/order-facts-repository";
import {
  findPendingAction,
  lockPendingAction,
} from "@/lib/server/repositories/pending-action-repository";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { inActionTransaction } from "./action-transaction";
import { expireIfLapsed } from "./customer-action-access";
import { openPendingAction } from "./open-pending-action";

/*
 * Turns a refund request into a server-owned PendingAction carrying the policy engine's quote.
 * It never moves money. The channel comes from the stored conversation, not from the caller,
 * and every id is checked against the conversation's verified customer. For the agent, the
 * reason must be the customer's own where their words give one; a quote still waiting for the
 * customer's answer blocks any new proposal, and nothing the agent proposes replaces a refund
 * the customer already confirmed.
 */

export const proposeRefundInputSchema = z.object({
  conversationId: z.string().min(1),
  customerId: z.string().min(1),
  orderId: z.string().min(1),
  lineIds: z.array(z.string().min(1)).min(1).max(100),
  reason: refundReasonSchema,
  /** The AI agent, or a staff user proposing on the customer's behalf. */
  requestedBy: actorSchema.refine((actor) => actor.type === "agent" || actor.type === "staff", {
    message: "Only the agent or staff can propose a refund",
  }),
  /** With toolCallId, makes a retried tool call find the action it already created. */
  runId: z.string().min(1).optional(),
  toolCallId: z.string().min(1).optional(),
});

/**
 * Confirmed but not yet paying: the agent may not duplicate these. (Lines already paying are
 * refused by the policy engine itself, as in flight.)
 */
const CONFIRMED_STATUSES = ["awaiting_approval", "approved"] as const;

export type ProposeRefundInput = z.input<typeof proposeRefundInputSchema>;

/** Stable per tool call, so the action id and its idempotency key survive a retry. */
export function pendingActionIdFor(runId?: string, toolCallId?: string): string {
  if (runId && toolCallId) {
    const digest = createHash("sha256").update(`${runId}\u0000${toolCallId}`).digest("hex");
    return idFromDigest("pa", digest);
  }
  return newId("pa");
}

/** The proposal's database and its clock, read once. */
type ProposalDeps = Pick<UseCaseContext, "db"> & { now: Date };

export async function proposeRefund(
  input: ProposeRefundInput,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<ProposeRefundResult> {
  const request = proposeRefundInputSchema.parse(input);
  const { db } = context;
  const now = context.now();
  const deps: ProposalDeps = { db, now };
  const actionId = pendingActionIdFor(request.runId, request.toolCallId);

  const agent = request.requestedBy.type === "agent";
  const stated: ReasonResolution = { kind: "stated", reason: request.reason, words: "" };
  // The reads are independent of one another, so they go out together; their checks still apply
  // one after the other, in this order.
  const policyRead = policyInForceForCustomer(db, request.customerId, now);
  const [replay, conversation, order, reason, openQuoteIds, confirmed, policy] = await Promise.all([
    findReplay(db, actionId),
    db.conversation.findUnique({
      where: { id: request.conversationId },
      select: { customerId: true, channel: true },
    }),
    loadOrderFacts(db, request.orderId, { inFlight: {} }),
    agent ? resolveAgentReason(deps, request, policyRead) : stated,
    findOpenQuoteIds(deps, request.conversationId),
    agent ? findConfirmedRefundOf(deps, request.lineIds) : null,
    policyRead,
  ]);
  if (replay) return replay;
  if (!conversation || conversation.customerId !== request.customerId) {
    throw new AppError("NOT_FOUND", "No such conversation for this customer");
  }
  if (!order || order.customerId !== request.customerId) {
    throw new AppError("NOT_FOUND", "No such order for this customer", {
      extensions: { reason: "OUT_OF_SCOPE" },
    });
  }
  if (reason.kind === "contradicted") {
    return {
      kind: "reason_refused",
      statedReason: reason.statedReason,
      proposedReason: reason.proposedReason,
      words: reason.words,
    };
  }
  const blocking = (await expireOrFindOpenQuote(deps, openQuoteIds)) ?? confirmed;
  if (blocking) {
    // The same tool call, retried concurrently, may have opened this very quote meanwhile.
    if (blocking.id === actionId) return (await findReplay(db, actionId)) ?? blocked(blocking);
    return blocked(blocking);
  }

  const decision = evaluateRefund({
    order,
    selectedLineIds: request.lineIds,
    reason: request.reason,
    channel: conversation.channel,
    now,
    policy,
  });
  if (decision.kind === "deny") {
    return { kind: "denied", policyVersion: decision.policyVersion, reasons: decision.reasons };
  }
  const reasonStatedByCustomer = reason.kind === "stated";
  // The policy's gates already hold a merchant-fault reason above its own limit for an approver;
  // one the customer did not state goes to a person whatever the amount.
  const unstatedMerchantFault = reason.kind === "unstated" && reason.needsStaffApproval;

  try {
    const action = await inActionTransaction(db, async (tx, changes) => {
      // Another proposal may have been offered since the check above; it still blocks this one.
      const opened = await tx.pendingAction.count({
        where: { conversationId: request.conversationId, status: { in: [...HOLD_STATUSES] } },
      });
      if (opened > 0) {
        throw new AppError("CONFLICT", "Another quote was offered while this one was prepared", {
          extensions: { reason: "QUOTE_OPEN" },
        });
      }
      return openPendingAction(tx, changes, {
        id: actionId,
        conversationId: request.conversationId,
        customerId: request.customerId,
        channel: conversation.channel,
        orderId: order.orderId,
        quote: decision.quote,
        gates: {
          ...decision.gates,
          staffApproval: decision.gates.staffApproval || unstatedMerchantFault,
        },
        refused: decision.refused,
        reasonStatedByCustomer,
        reasonWords: reason.kind === "stated" && reason.words ? reason.words : null,
        actor: request.requestedBy,
        runId: request.runId ?? null,
        now,
        policy,
      });
    });
    return {
      kind: "proposed",
      action,
      refused: decision.refused,
      reasonStatedByCustomer,
      replayed: false,
    };
  } catch (error) {
    // The same tool call, retried concurrently, created the action first: its insert is either
    // still uncommitted (this insert then hits the unique id) or committed (it is the open quote).
    if (isUniqueViolation(error) || (error instanceof AppError && error.code === "CONFLICT")) {
      const raced = await findReplay(db, actionId);
      if (raced) return raced;
    }
    throw error;
  }
}

function blocked(action: Pick<PendingActionState, "id" | "status">): ProposeRefundResult {
  return { kind: "blocked", openActionId: action.id, openStatus: action.status };
}

async function findReplay(
  db: ProposalDeps["db"],
  actionId: string,
): Promise<ProposeRefundResult | null> {
  const existing = await findPendingAction(db, actionId);
  if (!existing) return null;
  const row = await db.pendingAction.findUniqueOrThrow({
    where: { id: actionId },
    select: { reasonStatedByCustomer: true },
  });
  return {
    kind: "proposed",
    action: existing,
    refused: [],
    reasonStatedByCustomer: row.reasonStatedByCustomer,
    replayed: true,
  };
}

/** What the customer's own messages in this conversation say about why these lines go back. */
async function resolveAgentReason(
  { db }: ProposalDeps,
  request: z.output<typeof proposeRefundInputSchema>,
  /** The policy the quote is made under, read once for the whole proposal. */
  policyRead: Promise<RefundPolicy>,
): Promise<ReasonResolution> {
  const [messages, lines, policy] = await Promise.all([
    db.message.findMany({
      where: {
        conversationId: request.conversationId,
        authorKind: "customer",
        visibility: "customer",
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { body: true },
    }),
    db.orderLine.findMany({
      where: { order: { customerId: request.customerId } },
      orderBy: [{ orderId: "asc" }, { position: "asc" }],
      select: { id: true, name: true, order: { select: { number: true } } },
    }),
    policyRead,
  ]);
  return resolveReturnReason({
    customerMessages: messages.map((message) => message.body),
    lines: lines.map((line) => ({
      lineId: line.id,
      name: line.name,
      orderNumber: line.order.number,
    })),
    proposedLineIds: request.lineIds,
    proposedReason: request.reason,
    policy: policy.document,
  });
}

/** A line the customer already confirmed a refund for is theirs to cancel, not ours to re-quote. */
async function findConfirmedRefundOf(
  { db }: ProposalDeps,
  lineIds: readonly string[],
): Promise<Pick<PendingActionState, "id" | "status"> | null> {
  return db.pendingAction.findFirst({
    where: {
      lineIds: { hasSome: [...lineIds] },
      status: { in: [...CONFIRMED_STATUSES] },
    },
    select: { id: true, status: true },
    orderBy: { createdAt: "desc" },
  });
}

async function findOpenQuoteIds({ db }: ProposalDeps, conversationId: string): Promise<string[]> {
  const open = await db.pendingAction.findMany({
    where: { conversationId, status: { in: [...HOLD_STATUSES] } },
    select: { id: true },
    orderBy: { createdAt: "desc" },
  });
  return open.map(({ id }) => id);
}

/**
 * A quote that is still on hold blocks a new one: the customer answers it, resumes it or
 * replaces it first. Quotes whose hold ran out are expired here rather than counted.
 */
async function expireOrFindOpenQuote(
  { db, now }: ProposalDeps,
  openQuoteIds: readonly string[],
): Promise<PendingActionState | null> {
  for (const id of openQuoteIds) {
    const current = await inActionTransaction(db, async (tx, changes) => {
      const action = await lockPendingAction(tx, id);
      if (!action) return null;
      return (await expireIfLapsed(tx, changes, action, now)) ? null : action;
    });
    if (current && (HOLD_STATUSES as readonly string[]).includes(current.status)) return current;
  }
  return null;
}
