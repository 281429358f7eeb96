import type Stripe from "stripe";
import { REFUND_STATES, type RefundState } from "@/lib/domain/refund-state";
import type { ProviderRefund, RefundMetadata, RefundRequest } from "../payment-provider";

/*
 * Stripe's refund object in the seam's words. Stripe writes currencies in lower case and keeps
 * metadata as flat strings; Countersign writes ISO codes in upper case and reads its three
 * metadata fields back only when all three are there (a refund made in the dashboard has none).
 */

/** Which Stripe object the order's payment reference names: a PaymentIntent or a charge. */
export type StripePaymentTarget = { payment_intent: string } | { charge: string };

export function paymentTargetOf(paymentReference: string): StripePaymentTarget | null {
  if (paymentReference.startsWith("pi_")) return { payment_intent: paymentReference };
  if (paymentReference.startsWith("ch_")) return { charge: paymentReference };
  return null;
}

export function stripeMetadataOf(metadata: RefundMetadata): Record<string, string> {
  return {
    pending_action_id: metadata.pendingActionId,
    quote_hash: metadata.quoteHash,
    conversation_id: metadata.conversationId,
  };
}

function refundMetadataOf(metadata: Stripe.Metadata | null | undefined): RefundMetadata | null {
  const pendingActionId = metadata?.pending_action_id;
  const quoteHash = metadata?.quote_hash;
  const conversationId = metadata?.conversation_id;
  if (!pendingActionId || !quoteHash || !conversationId) return null;
  return { pendingActionId, quoteHash, conversationId };
}

/**
 * A status this adapter does not know is read as `pending`: not paid, not final, so nobody is
 * told their money arrived and the next report can still move it.
 */
function refundStateOf(status: string | null): RefundState {
  return REFUND_STATES.find((state) => state === status) ?? "pending";
}

function statusReasonOf(refund: Stripe.Refund, state: RefundState): string | null {
  if (state === "failed" || state === "canceled") return refund.failure_reason ?? null;
  if (state === "pending") return refund.pending_reason ?? null;
  return null;
}

export function providerRefundOf(refund: Stripe.Refund, reused: boolean): ProviderRefund {
  const status = refundStateOf(refund.status);
  return {
    providerRefundId: refund.id,
    status,
    statusReason: statusReasonOf(refund, status),
    amountCents: refund.amount,
    currency: refund.currency.toUpperCase(),
    metadata: refundMetadataOf(refund.metadata),
    reused,
  };
}

/** The create parameters, built from the request alone so a retry sends exactly the same body. */
export function refundCreateParamsOf(
  request: RefundRequest,
  target: StripePaymentTarget,
): Stripe.RefundCreateParams {
  return { ...target, amount: request.amountCents, metadata: stripeMetadataOf(request.metadata) };
}
