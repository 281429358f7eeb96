import "server-only";
import { z } from "zod";
import type { PendingActionState, PendingActionStatus } from "@/lib/domain/pending-action";
import { hasFailed } from "@/lib/domain/refund-state";
import {
  checkOrderPin,
  orderGoneMessage,
  type RevalidationResult,
  rerunPolicyForAction,
  revalidateForExecution,
} from "@/lib/domain/revalidate";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { CommerceProviderError } from "@/lib/integrations/commerce/commerce-provider";
import {
  PaymentProviderError,
  type ProviderRefund,
} from "@/lib/integrations/payments/payment-provider";
import { policyOfQuote } from "@/lib/server/policies/policy-versions";
import { loadOrderFacts, lockOrderRefunds } from "@/lib/server/repositories/order-facts-repository";
import { lockPendingAction } from "@/lib/server/repositories/pending-action-repository";
import { retryTransientDatabaseErrors } from "@/lib/server/retry-transient";
import { refreshStoreOrder } from "@/lib/server/services/commerce/refresh-store-order";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { commitTransition, inActionTransaction } from "./action-transaction";
import { readOrderPin } from "./order-pin";
import {
  fixPaymentRoute,
  insideIdempotencyWindow,
  loadPaymentRoute,
  type PaymentRoute,
} from "./payment-route";
import { type RecordedRefund, recordRefund } from "./record-refund";
import { refuseChangedOrder } from "./refuse-changed-order";

/*
 * Runs an approved refund exactly once:
 * 0. re-read: a store's order is read again from the store first (refresh-store-order.ts, no
 *    transaction held across the network call). A store that cannot be read pays nothing now:
 *    the action stays approved with the reason on it (audited), and the follow-up job or the
 *    reconciliation sweep tries again. A store that no longer has the order refuses it;
 * 1. claim: approved → executing by a conditional update (after revalidation) that only one
 *    caller can win, under the order's refund lock so two actions on the same lines cannot
 *    both pass;
 *    The claim fixes the payment's route: the customer's workspace's provider (payment-route.ts);
 * 2. pay: the provider gets the action's idempotency key and metadata and answers a repeat with
 *    the first refund; an unknown outcome parks the action in `needs_reconciliation`;
 * 3. record: refund (in the provider's state: pending or paid), lines, customer email, audit and
 *    `executed` in one transaction. The provider's later reports (webhooks) move the refund on.
 * A crash between 2 and 3 leaves the action `executing`; reconcilePayments finishes it, looking
 * the refund up by its metadata first and repeating the call only inside the provider's
 * idempotency window.
 */

export const executePendingActionInputSchema = z.object({ actionId: z.string().min(1) });
export type ExecutePendingActionInput = z.input<typeof executePendingActionInputSchema>;

export type ExecutePendingActionResult =
  | { outcome: "executed"; status: "executed"; action: PendingActionState; refund: RecordedRefund }
  /** Another caller holds or finished it, or it is not approved yet: nothing was done. */
  | { outcome: "not_claimed"; status: PendingActionStatus; action: PendingActionState }
  | {
      outcome: "failed";
      status: "failed";
      action: PendingActionState;
      reasons: { code: string; message: string }[];
    }
  | { outcome: "needs_reconciliation"; status: "needs_reconciliation"; action: PendingActionState }
  /** The store could not be read to check the order: nothing was paid, it is tried again later. */
  | {
      outcome: "waiting_for_store";
      status: "approved";
      action: PendingActionState;
      reason: string;
    };

/** What paying for an action needs: the use case's context, with its clock read once. */
export type PaymentDeps = Pick<UseCaseContext, "db" | "payments" | "faultPoint"> & { now: Date };

/** Picked field by field: the app's context makes its model and ledger on first read. */
export function paymentDeps(
  context: Pick<UseCaseContext, "db" | "now" | "payments" | "faultPoint">,
): PaymentDeps {
  const { db, payments, faultPoint } = context;
  return { db, payments, faultPoint, now: context.now() };
}

export async function executePendingAction(
  input: ExecutePendingActionInput,
  context: Pick<UseCaseContext, "db" | "now" | "payments" | "faultPoint" | "commerce">,
): Promise<ExecutePendingActionResult> {
  const { actionId } = executePendingActionInputSchema.parse(input);
  const deps = paymentDeps(context);
  deps.faultPoint("between_approval_and_execution");

  const store = await readStoreOrderAgain(context, actionId);
  if (store.outcome === "unreadable") return deferExecution(deps, actionId, store.reason);
  const claim = await claimForExecution(deps, actionId, {
    storeOrderGone: store.outcome === "gone",
  });
  if (claim.outcome !== "claimed") return claim;
  deps.faultPoint("after_claim_before_payment");
  return payAndRecord(deps, claim.action);
}

type StoreRead = { outcome: "read" | "gone" } | { outcome: "unreadable"; reason: string };

/**
 * Reads an approved action's order again from its store before the claim. Outside any
 * transaction: it is a network call. Orders Countersign keeps itself have nothing to read.
 */
async function readStoreOrderAgain(
  context: Pick<UseCaseContext, "db" | "now" | "commerce">,
  actionId: string,
): Promise<StoreRead> {
  const action = await context.db.pendingAction.findUnique({
    where: { id: actionId },
    select: { status: true, orderId: true, order: { select: { number: true } } },
  });
  // Nothing to pay (or no such action): the claim says so.
  if (action?.status !== "approved") return { outcome: "read" };
  try {
    const refreshed = await refreshStoreOrder({ orderId: action.orderId }, context);
    return { outcome: refreshed.outcome === "gone" ? "gone" : "read" };
  } catch (error) {
    if (!(error instanceof CommerceProviderError)) throw error;
    return {
      outcome: "unreadable",
      reason: `Not paid yet: the store could not be read to check order ${action.order.number} again before paying (${error.code}: ${error.message}). It is tried again automatically.`,
    };
  }
}

/**
 * Leaves the action approved with the reason it waits, audited once per reason, so staff see
 * why on the ticket while the follow-up job and the reconciliation sweep try again.
 */
async function deferExecution(
  deps: PaymentDeps,
  actionId: string,
  reason: string,
): Promise<ExecutePendingActionResult> {
  const { db, now } = deps;
  return inActionTransaction(db, async (tx, changes): Promise<ExecutePendingActionResult> => {
    const current = await lockPendingAction(tx, actionId);
    if (!current) throw new AppError("NOT_FOUND", "No such refund");
    if (current.status !== "approved") {
      return { outcome: "not_claimed", status: current.status, action: current };
    }
    const waiting =
      current.failureReason === reason
        ? current
        : await commitTransition(
            tx,
            changes,
            current,
            { type: "execution_deferred", reason },
            { now, actor: { type: "system" } },
          );
    return { outcome: "waiting_for_store", status: "approved", action: waiting, reason };
  });
}

type Claim =
  | { outcome: "claimed"; action: PendingActionState }
  | Exclude<
      ExecutePendingActionResult,
      { outcome: "executed" | "needs_reconciliation" | "waiting_for_store" }
    >;

async function claimForExecution(
  deps: PaymentDeps,
  actionId: string,
  options: { storeOrderGone: boolean },
): Promise<Claim> {
  const { db, now } = deps;
  return inActionTransaction(db, async (tx, changes): Promise<Claim> => {
    const current = await lockPendingAction(tx, actionId);
    if (!current) throw new AppError("NOT_FOUND", "No such refund");
    if (current.status !== "approved") {
      return { outcome: "not_claimed", status: current.status, action: current };
    }
    await lockOrderRefunds(tx, current.quote.orderId);
    const policy = await policyOfQuote(tx, current.quote);
    const conversation = await tx.conversation.findUniqueOrThrow({
      where: { id: current.conversationId },
      select: { customerId: true },
    });
    const order = await loadOrderFacts(tx, current.quote.orderId, {
      inFlight: { excludeActionId: current.id },
    });
    if (!order) throw new AppError("NOT_FOUND", "The refund's order no longer exists");
    // The order as the store and the ledger say (no holds), against the one the quote was made on.
    const orderPin = await readOrderPin(tx, current.id, current.quote.orderId);
    const verdict: RevalidationResult = options.storeOrderGone
      ? {
          ok: false,
          reasons: [
            { code: "ORDER_CHANGED", message: orderGoneMessage(current.quote.orderNumber) },
          ],
        }
      : revalidateForExecution({
          action: current,
          quoteNow: rerunPolicyForAction(current, order, policy),
          order,
          conversationCustomerId: conversation.customerId,
          orderPin,
          now,
        });
    const system = { now, actor: { type: "system" } as const };
    const changed = checkOrderPin(current.quote.orderNumber, orderPin);
    if (!verdict.ok && (options.storeOrderGone || changed)) {
      const refused = await refuseChangedOrder(tx, changes, current, {
        reasons: verdict.reasons,
        changed: options.storeOrderGone ? "gone" : (changed?.parts ?? []),
        now,
      });
      return { outcome: "failed", status: "failed", action: refused, reasons: verdict.reasons };
    }
    if (!verdict.ok) {
      const reason = verdict.reasons.map((problem) => problem.message).join(" ");
      const failed = await commitTransition(
        tx,
        changes,
        current,
        {
          type: "execution_failed",
          reason,
        },
        system,
      );
      return { outcome: "failed", status: "failed", action: failed, reasons: verdict.reasons };
    }
    const claimed = await commitTransition(
      tx,
      changes,
      current,
      { type: "execution_started" },
      system,
    );
    await fixPaymentRoute(tx, deps.payments, claimed, now);
    return { outcome: "claimed", action: claimed };
  });
}

/**
 * Calls the provider for an action that is `executing` and records the answer. Reconciliation
 * calls it again (`retry`) for actions whose executor died: it looks the refund up by the
 * action's metadata first, and repeats the create only inside the provider's idempotency
 * window, where the key makes the repeat return the refund already made.
 */
export async function payAndRecord(
  deps: PaymentDeps,
  action: PendingActionState,
  attempt: "first" | "retry" = "first",
): Promise<Exclude<ExecutePendingActionResult, { outcome: "not_claimed" }>> {
  const { db, now } = deps;
  const system = { now, actor: { type: "system" } as const };
  const route = await loadPaymentRoute(db, deps.payments, action);
  const payment = attempt === "first" ? await callProvider(route) : await retryProvider(route, now);
  // The provider has answered: its answer is written down even across a database restart
  // (retry-transient.ts), so a paid refund is not left for the sweep because of a dropped
  // connection. An attempt after one whose COMMIT answer was lost finds its own move made.
  const afterPayment = <T>(work: (attempt: number) => Promise<T>) =>
    retryTransientDatabaseErrors(work, { label: "record payment outcome" });

  if (payment.kind === "unknown" || payment.kind === "rejected") {
    const moved = payment.kind === "unknown" ? "needs_reconciliation" : "failed";
    const settled = await afterPayment((attempt) =>
      inActionTransaction(db, async (tx, changes) => {
        const current = await lockPendingAction(tx, action.id);
        if (attempt > 1 && current?.status === moved) return current;
        if (current?.status !== "executing") throw staleExecutor(action.id);
        const event =
          payment.kind === "unknown"
            ? { type: "execution_unknown" as const, detail: payment.detail }
            : { type: "execution_failed" as const, reason: payment.detail };
        return commitTransition(tx, changes, current, event, system);
      }),
    );
    return payment.kind === "unknown"
      ? { outcome: "needs_reconciliation", status: "needs_reconciliation", action: settled }
      : {
          outcome: "failed",
          status: "failed",
          action: settled,
          reasons: [{ code: "PAYMENT_REJECTED", message: payment.detail }],
        };
  }

  deps.faultPoint("after_payment_before_record");

  return afterPayment((attempt) =>
    inActionTransaction(db, async (tx, changes) => {
      const current = await lockPendingAction(tx, action.id);
      if (attempt > 1 && current?.status === "executed") {
        return {
          outcome: "executed" as const,
          status: "executed" as const,
          action: current,
          refund: await storedRefund(tx, current.id, payment.refund.reused),
        };
      }
      if (current?.status !== "executing") throw staleExecutor(action.id);
      const recorded = await recordRefund(
        tx,
        changes,
        current,
        { ...payment.refund, provider: route.provider.name, connectionId: route.connectionId },
        { now, via: "execution" },
      );
      return {
        outcome: "executed" as const,
        status: "executed" as const,
        action: recorded.action,
        refund: recorded.refund,
      };
    }),
  );
}

async function storedRefund(
  tx: Prisma.TransactionClient,
  actionId: string,
  reused: boolean,
): Promise<RecordedRefund> {
  const refund = await tx.refund.findUniqueOrThrow({ where: { pendingActionId: actionId } });
  const { id, providerRefundId, amountCents, currency, target, status } = refund;
  return { id, providerRefundId, amountCents, currency, target, state: status, reused };
}

type PaymentAnswer =
  | { kind: "paid"; refund: ProviderRefund }
  | { kind: "rejected"; detail: string }
  | { kind: "unknown"; detail: string };

async function callProvider(route: PaymentRoute): Promise<PaymentAnswer> {
  try {
    return answerOf(await route.provider.createRefund(route.request));
  } catch (error) {
    return unknownOrRejected(error);
  }
}

/** The repeat after a crash: what the provider already holds, or a create it still dedupes. */
async function retryProvider(route: PaymentRoute, now: Date): Promise<PaymentAnswer> {
  let found: ProviderRefund | null;
  try {
    found = await route.provider.findRefund(route.request);
  } catch (error) {
    return unknownOrRejected(error);
  }
  if (found) return answerOf(found);
  if (!insideIdempotencyWindow(route, now)) {
    return {
      kind: "unknown",
      detail: `No refund found at ${route.provider.name}, and the first call is older than its idempotency window: a repeat could pay twice, so a person decides`,
    };
  }
  return callProvider(route);
}

function answerOf(refund: ProviderRefund): PaymentAnswer {
  if (hasFailed(refund.status)) {
    const reason = refund.statusReason ? ` (${refund.statusReason})` : "";
    return { kind: "rejected", detail: `The payment provider declined the refund${reason}` };
  }
  return { kind: "paid", refund };
}

// Only the provider's own word makes an outcome unknown: a timeout, a dropped connection, a
// crash on their side, where the money may or may not have moved, so nobody retries blindly and
// reconciliation looks the refund up. Anything else (a bug of ours, the database failing under
// the call) propagates and leaves the action `executing`: the sweep then repeats the call, which
// the provider answers with the refund if it made one.
function unknownOrRejected(error: unknown): PaymentAnswer {
  if (!(error instanceof PaymentProviderError)) throw error;
  if (error.code === "OUTCOME_UNKNOWN") return { kind: "unknown", detail: error.message };
  return { kind: "rejected", detail: error.message };
}

function staleExecutor(actionId: string): AppError {
  return new AppError("CONFLICT", `Refund ${actionId} was settled by another process`, {
    extensions: { reason: "CONCURRENT_CHANGE" },
  });
}
