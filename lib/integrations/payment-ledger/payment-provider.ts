/*
 * The seam between Countersign and whoever actually moves money. Every call carries the pending
 * action's idempotency key: a provider must answer a repeated key with the refund it already
 * made, never a second one.
 */

export type RefundRequest = {
  idempotencyKey: string;
  amountCents: number;
  currency: string;
  /** Where the money goes, as shown to people, e.g. "Visa •4242". */
  target: string;
  customerId: string;
  orderId: string;
};

export type ProviderRefundStatus = "succeeded" | "failed";

export type ProviderRefund = {
  providerRefundId: string;
  status: ProviderRefundStatus;
  amountCents: number;
  currency: string;
  /** True when the key had been seen before and this is the first call's stored result. */
  reused: boolean;
};

export interface PaymentProvider {
  readonly name: string;
  createRefund(request: RefundRequest): Promise<ProviderRefund>;
  /** Settles an unknown outcome: the refund made under this key, or null if none was made. */
  findRefundByKey(idempotencyKey: string): Promise<ProviderRefund | null>;
}

export type PaymentProviderErrorCode =
  /** The call may or may not have reached the provider: never retry blindly, reconcile. */
  | "OUTCOME_UNKNOWN"
  /** The key was used before for a different request; nothing was done. */
  | "IDEMPOTENCY_KEY_REUSED";

export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
  constructor(
    readonly code: PaymentProviderErrorCode,
    message: string,
  ) {
    super(message);
  }
}
