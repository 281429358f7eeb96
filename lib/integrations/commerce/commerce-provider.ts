import type { StoreOrder } from "@/lib/domain/store-order";
import type {
  ConnectionCheck,
  WebhookDelivery,
} from "@/lib/integrations/payments/payment-provider";

/*
 * The seam between Countersign and the shop's store: where orders, their lines and the refunds
 * already made on them come from. Countersign keeps a copy of each order it reads
 * (lib/server/repositories/store-order-cache.ts); the policy engine reads that copy, never the
 * store directly, and an action about to pay re-reads the order first.
 */

export type {
  StoreCustomer,
  StoreOrder,
  StoreOrderLine,
  StoreRefund,
} from "@/lib/domain/store-order";

/** One verified notification from the store: which order to read again. */
export type StoreNotification = {
  /** The store's delivery id: the same notification delivered twice has the same id. */
  eventId: string;
  /** e.g. `orders/updated`, `refunds/create`. */
  topic: string;
  occurredAt: Date;
  /** The order to read again; null for a topic about something else. */
  orderExternalId: string | null;
};

export interface CommerceProvider {
  /** `shopify`: stored as the source of every order it reads. */
  readonly name: string;
  /** The customer's most recent orders, newest first, found by their verified email. */
  findOrdersByEmail(email: string, options: { limit: number }): Promise<StoreOrder[]>;
  /** One order by the store's id; null when the store has no such order. */
  getOrder(externalId: string): Promise<StoreOrder | null>;
  /** One order by its number as the customer writes it; null when there is none. */
  findOrderByNumber(number: string): Promise<StoreOrder | null>;
  checkConnection(): Promise<ConnectionCheck>;
  /** Verifies the delivery's signature; throws CommerceProviderError("SIGNATURE") when it fails. */
  parseWebhook(delivery: WebhookDelivery): Promise<StoreNotification>;
}

export type CommerceProviderErrorCode =
  /** The store refused the credentials. */
  | "AUTHENTICATION"
  /** Throttled past what the client waits out (Shopify's cost limit or a 429). */
  | "RATE_LIMITED"
  /** Could not reach the store, or it answered 5xx: nothing is known. */
  | "UNAVAILABLE"
  /** The webhook's signature or timestamp did not verify. */
  | "SIGNATURE"
  /** The store answered something this adapter cannot read. */
  | "INVALID_RESPONSE";

export class CommerceProviderError extends Error {
  constructor(
    readonly code: CommerceProviderErrorCode,
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = "CommerceProviderError";
  }
}

/** A workspace's store, if it connected one; null means its orders are kept in Countersign. */
export interface CommerceProviders {
  forWorkspace(
    workspaceId: string | null,
  ): Promise<{ provider: CommerceProvider; connectionId: string } | null>;
  /** Throws when the connection was removed. */
  forConnection(connectionId: string): Promise<CommerceProvider>;
}
