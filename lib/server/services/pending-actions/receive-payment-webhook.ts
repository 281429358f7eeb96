import "server-only";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  PaymentProviderError,
  type RefundNotification,
  type WebhookDelivery,
} from "@/lib/integrations/payments/payment-provider";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { inActionTransaction } from "./action-transaction";
import { applyRefundReport, type ReportOutcome } from "./apply-refund-report";

/*
 * A payment provider's webhook for one connection. The provider's own check (signature and
 * timestamp window) comes first; then, in one transaction, the event is stored by its id — a
 * second delivery of the same event finds it and changes nothing — and each refund it reports is
 * applied, only ever forward, so late and out-of-order deliveries are harmless.
 *
 * An event about a refund of ours that is not recorded yet (the webhook overtook the answer to our
 * own call, or the call's outcome is still unknown) is answered with a CONFLICT and not stored:
 * the provider delivers it again later, by when the refund is recorded.
 */

export type PaymentWebhookInput = { connectionId: string } & WebhookDelivery;

export type PaymentWebhookResult = {
  eventId: string;
  duplicate: boolean;
  outcomes: ReportOutcome[];
};

export async function receivePaymentWebhook(
  input: PaymentWebhookInput,
  context: Pick<UseCaseContext, "db" | "now" | "payments">,
): Promise<PaymentWebhookResult> {
  const { db } = context;
  const now = context.now();
  const connection = await db.paymentConnection.findUnique({
    where: { id: input.connectionId },
    select: { id: true },
  });
  if (!connection) throw new AppError("NOT_FOUND", "No payment connection with this id");
  const provider = await context.payments.forConnection(connection.id);
  const notification = await verified(() => provider.parseWebhook(input));

  return inActionTransaction(db, async (tx, changes) => {
    const [stored] = await tx.paymentWebhookEvent.createManyAndReturn({
      data: [
        {
          connectionId: connection.id,
          eventId: notification.eventId,
          eventType: notification.eventType,
          providerRefundId: notification.refunds[0]?.providerRefundId ?? null,
          occurredAt: notification.occurredAt,
          receivedAt: now,
          outcome: "received",
        },
      ],
      skipDuplicates: true,
      select: { id: true },
    });
    if (!stored) return { eventId: notification.eventId, duplicate: true, outcomes: [] };

    const outcomes: ReportOutcome[] = [];
    for (const refund of notification.refunds) {
      const outcome = await applyRefundReport(
        tx,
        changes,
        {
          provider: provider.name,
          refund,
          occurredAt: notification.occurredAt,
          providerEventId: notification.eventId,
        },
        now,
      );
      if (outcome === "unknown_refund") await refuseIfNotRecordedYet(tx, refund.metadata);
      outcomes.push(outcome);
    }
    await tx.paymentWebhookEvent.update({
      where: { id: stored.id },
      data: { outcome: summarize(outcomes) },
    });
    await tx.paymentConnection.update({
      where: { id: connection.id },
      data: { lastWebhookAt: now, lastWebhookType: notification.eventType },
    });
    return { eventId: notification.eventId, duplicate: false, outcomes };
  });
}

async function verified(parse: () => Promise<RefundNotification>): Promise<RefundNotification> {
  try {
    return await parse();
  } catch (error) {
    if (error instanceof PaymentProviderError && error.code === "WEBHOOK_REJECTED") {
      throw new AppError("UNAUTHENTICATED", error.message);
    }
    throw error;
  }
}

async function refuseIfNotRecordedYet(
  tx: Prisma.TransactionClient,
  metadata: { pendingActionId: string } | null,
): Promise<void> {
  if (!metadata) return;
  const action = await tx.pendingAction.findUnique({
    where: { id: metadata.pendingActionId },
    select: { status: true },
  });
  if (action && ["approved", "executing", "needs_reconciliation"].includes(action.status)) {
    throw new AppError(
      "CONFLICT",
      "The refund is not recorded yet; deliver the event again later",
      { extensions: { reason: "REFUND_NOT_RECORDED_YET" } },
    );
  }
}

function summarize(outcomes: ReportOutcome[]): string {
  if (outcomes.length === 0) return "ignored";
  if (outcomes.includes("applied")) return "applied";
  return outcomes.includes("stale") ? "stale" : "unknown_refund";
}
