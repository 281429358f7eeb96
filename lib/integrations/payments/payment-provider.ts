import type { RefundState } from "@/lib/domain/refund-state";

/*
 * The seam between Countersign and whoever actually moves money. Every create carries the pending
 * action's idempotency key and its metadata (action, quote hash, conversation): a provider must
 * answer a repeated key with the refund it already made, never a second one, and must be able to
 * find a refund by that metadata after its key has been pruned.
 */

export type RefundRequest = {
  idempotencyKey: string;
  amountCents: number;
  currency: string;
  /** Where the money goes, as shown to people, e.g. "Visa •4242". */
  target: string;
  customerId: string;
  orderId: string;
  /**
   * The order's payment at the provider (a Stripe PaymentIntent `pi_…` or charge `ch_…`; the
   * Shopify order `gid://shopify/Order/…`).
   */
  paymentReference: string | null;
  /**
   * What is refunded, for a provider that refunds an order's lines rather than an amount
   * (Shopify): each line's id at the store and units, and the shipping refunded.
   */
  lines: { externalId: string | null; quantity: number }[];
  shippingCents: number;
  metadata: RefundMetadata;
};

/** Stored with the refund at the provider, so reconciliation can find it without the key. */
export type RefundMetadata = {
  pendingActionId: string;
  quoteHash: string;
  conversationId: string;
};

/** The provider's own states (Stripe's names); see lib/domain/refund-state.ts. */
export type ProviderRefundStatus = RefundState;

export type ProviderRefund = {
  providerRefundId: string;
  status: ProviderRefundStatus;
  /** The provider's reason for a pending or failed state, e.g. `insufficient_funds`, `lost_or_stolen_card`. */
  statusReason: string | null;
  amountCents: number;
  currency: string;
  /** Echoed back by the provider; null when a refund was made outside Countersign. */
  metadata: RefundMetadata | null;
  /** True when the key had been seen before and this is the first call's stored result. */
  reused: boolean;
};

/** One verified, parsed notification about a refund's state. */
export type RefundNotification = {
  /** The provider's event id: the same event delivered twice has the same id. */
  eventId: string;
  /** The provider's event type, e.g. `refund.updated`, for the connection's health view. */
  eventType: string;
  /** When the provider created the event. */
  occurredAt: Date;
  /**
   * The refunds the event is about, as the event saw them: one for `refund.*` events, the
   * charge's refunds for `charge.refunded`, none for an event about something else.
   */
  refunds: ProviderRefund[];
};

export type ConnectionCheck =
  | { ok: true; mode: "live" | "test"; accountLabel: string | null }
  | { ok: false; detail: string };

export type WebhookDelivery = {
  rawBody: string;
  headers: Headers;
};

export interface PaymentProvider {
  /** `ledger` (built in) or `stripe`: stored with every refund it makes. */
  readonly name: string;
  /**
   * How long the provider keeps an idempotency key. Inside it a retry with the same key returns
   * the first refund; past it a retry may make a second one, so nobody retries blindly.
   */
  readonly idempotencyWindowMs: number;
  createRefund(request: RefundRequest): Promise<ProviderRefund>;
  /** The refund's state now. */
  getRefund(providerRefundId: string): Promise<ProviderRefund>;
  /**
   * Settles an unknown outcome: the refund made for this action (found by its metadata, not its
   * key, which may have been pruned), or null if none was made.
   */
  findRefund(
    request: Pick<RefundRequest, "paymentReference" | "metadata">,
  ): Promise<ProviderRefund | null>;
  /**
   * Verifies a webhook delivery (signature and timestamp window) and parses it. Throws
   * PaymentProviderError `WEBHOOK_REJECTED` for a delivery that does not verify.
   */
  parseWebhook(delivery: WebhookDelivery): Promise<RefundNotification>;
  /** Tries the credentials with a harmless read (Settings → Connections' "Test connection"). */
  checkConnection(): Promise<ConnectionCheck>;
}

export type PaymentProviderErrorCode =
  /** The call may or may not have reached the provider: never retry blindly, reconcile. */
  | "OUTCOME_UNKNOWN"
  /** The key was used before for a different request; nothing was done. */
  | "IDEMPOTENCY_KEY_REUSED"
  /** The provider refused the request itself (bad payment reference, amount over the charge…). */
  | "REFUSED"
  /** The credentials do not work. */
  | "AUTHENTICATION"
  /** No refund with that id. */
  | "NOT_FOUND"
  /** A webhook delivery whose signature or timestamp does not verify. */
  | "WEBHOOK_REJECTED";

export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
  constructor(
    readonly code: PaymentProviderErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Who pays. A refund on an order read from a store that also takes the payments (Shopify) goes
 * to that store's connection; other new refunds go to the workspace's payment connection (the
 * built-in ledger when it has none). A refund already made is always followed at the provider and
 * connection that made it, even if the workspace has since changed its connection.
 */
export interface PaymentProviders {
  forWorkspace(
    workspaceId: string | null,
    order?: { connectionId: string | null },
  ): Promise<ConnectedProvider>;
  forConnection(connectionId: string | null): Promise<PaymentProvider>;
}

/** A provider and the connection it was made from (null for the built-in ledger). */
export type ConnectedProvider = { provider: PaymentProvider; connectionId: string | null };
