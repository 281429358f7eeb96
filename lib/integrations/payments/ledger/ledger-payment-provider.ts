import { createHash, randomBytes } from "node:crypto";
import canonicalize from "canonicalize";
import { z } from "zod";
import { REFUND_STATES, type RefundState } from "@/lib/domain/refund-state";
import { isUniqueViolation } from "@/lib/errors/prisma-errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderRefund,
  type RefundRequest,
  type WebhookDelivery,
} from "../payment-provider";
import { signedLedgerDelivery, verifiedLedgerBody } from "./ledger-webhook";

/*
 * The built-in provider: a stand-in for the card processor. It plays the external side, so it
 * keeps its own receipts (IdempotencyReceipt, scope `payment_provider.refund`) and commits them
 * in its own transaction, independent of the caller's — exactly like a remote API would. It
 * answers at once (`succeeded`, or `pending` when a test asks), and reports later states the way
 * a processor does: by a signed webhook delivery (`reportRefund`), so it keeps the same provider
 * contract as Stripe (tests/support/payment-provider-contract.ts).
 */

export const PAYMENT_RECEIPT_SCOPE = "payment_provider.refund";

/**
 * What the simulated network does with one call, for tests:
 * - `ok`: processed and answered;
 * - `timeout_before_processing`: the request is lost, nothing happens, the caller sees a timeout;
 * - `timeout_after_processing`: the refund is made but the answer is lost;
 * - `decline`: processed and refused (recorded, so a repeat answers the same refusal).
 */
export type SimulatedOutcome =
  | "ok"
  | "timeout_before_processing"
  | "timeout_after_processing"
  | "decline";

export type LedgerPaymentProviderOptions = {
  db: PrismaClient;
  simulate?: (request: RefundRequest) => SimulatedOutcome;
  /** Test control: new refunds start `pending` (accepted, not paid) instead of `succeeded`. */
  refundsStartPending?: boolean;
  /** Signs and verifies the ledger's webhook deliveries; a fresh random one if not given. */
  webhookSecret?: string;
  /** The ledger's clock: signing time of its deliveries and receiving time when verifying. */
  now?: () => Date;
};

/** The built-in ledger, with the one control a real provider's dashboard would have. */
export type LedgerPaymentProvider = PaymentProvider & {
  /**
   * Moves a refund to a new state, as the card network would days later, and returns the
   * signed webhook delivery announcing it. Its event id is the refund's id and the new state: a
   * refund reaches each state at most once, so the same report is the same event.
   */
  reportRefund(
    providerRefundId: string,
    report: { status: RefundState; reason: string | null },
  ): Promise<WebhookDelivery>;
};

const storedResultSchema = z.object({
  providerRefundId: z.string(),
  status: z.enum(REFUND_STATES),
  statusReason: z.string().nullable().default(null),
  amountCents: z.number().int(),
  currency: z.string(),
  metadata: z
    .object({ pendingActionId: z.string(), quoteHash: z.string(), conversationId: z.string() })
    .nullable()
    .default(null),
});

type StoredResult = z.infer<typeof storedResultSchema>;

const ledgerEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  created: z.iso.datetime(),
  refund: storedResultSchema,
});

export function fingerprintRefundRequest(request: RefundRequest): string {
  return createHash("sha256")
    .update(canonicalize(request) ?? "")
    .digest("hex");
}

export function createLedgerPaymentProvider(
  options: LedgerPaymentProviderOptions,
): LedgerPaymentProvider {
  const { db } = options;
  const simulate = options.simulate ?? (() => "ok");
  const webhookSecret = options.webhookSecret ?? randomBytes(32).toString("hex");
  const now = options.now ?? (() => new Date());
  const acceptedStatus = options.refundsStartPending ? "pending" : "succeeded";

  async function receiptOfRefund(providerRefundId: string) {
    const existing = await db.idempotencyReceipt.findFirst({
      where: {
        scope: PAYMENT_RECEIPT_SCOPE,
        result: { path: ["providerRefundId"], equals: providerRefundId },
      },
    });
    if (!existing) throw new PaymentProviderError("NOT_FOUND", `No refund ${providerRefundId}`);
    return existing;
  }

  async function readReceipt(key: string) {
    return db.idempotencyReceipt.findUnique({
      where: { scope_key: { scope: PAYMENT_RECEIPT_SCOPE, key } },
    });
  }

  return {
    name: "ledger",
    // The ledger keeps its receipts for as long as the database keeps them.
    idempotencyWindowMs: Number.POSITIVE_INFINITY,

    async createRefund(request) {
      const outcome = simulate(request);
      if (outcome === "timeout_before_processing") {
        throw new PaymentProviderError("OUTCOME_UNKNOWN", "Payment provider timed out");
      }
      const fingerprint = fingerprintRefundRequest(request);
      const fresh: StoredResult = {
        providerRefundId: newId("re"),
        status: outcome === "decline" ? "failed" : acceptedStatus,
        statusReason: outcome === "decline" ? "declined" : null,
        amountCents: request.amountCents,
        currency: request.currency,
        metadata: request.metadata,
      };
      let result: ProviderRefund;
      try {
        await db.idempotencyReceipt.create({
          data: {
            scope: PAYMENT_RECEIPT_SCOPE,
            key: request.idempotencyKey,
            requestFingerprint: fingerprint,
            result: fresh,
          },
        });
        result = { ...fresh, reused: false };
      } catch (error) {
        // A concurrent or earlier call won the unique (scope, key): answer with its result.
        if (!isUniqueViolation(error)) throw error;
        const existing = await readReceipt(request.idempotencyKey);
        if (!existing) throw error;
        if (existing.requestFingerprint !== fingerprint) {
          throw new PaymentProviderError(
            "IDEMPOTENCY_KEY_REUSED",
            `Idempotency key ${request.idempotencyKey} was used for a different refund request`,
          );
        }
        result = { ...storedResultSchema.parse(existing.result), reused: true };
      }
      if (outcome === "timeout_after_processing") {
        throw new PaymentProviderError("OUTCOME_UNKNOWN", "Payment provider timed out");
      }
      return result;
    },

    async getRefund(providerRefundId) {
      const existing = await receiptOfRefund(providerRefundId);
      return { ...storedResultSchema.parse(existing.result), reused: true };
    },

    async findRefund({ metadata }) {
      const existing = await db.idempotencyReceipt.findFirst({
        where: {
          scope: PAYMENT_RECEIPT_SCOPE,
          result: { path: ["metadata", "pendingActionId"], equals: metadata.pendingActionId },
        },
      });
      if (!existing) return null;
      return { ...storedResultSchema.parse(existing.result), reused: true };
    },

    async checkConnection() {
      return { ok: true, mode: "test", accountLabel: "Built-in ledger" };
    },

    async reportRefund(providerRefundId, { status, reason }) {
      const existing = await receiptOfRefund(providerRefundId);
      const refund: StoredResult = {
        ...storedResultSchema.parse(existing.result),
        status,
        statusReason: reason,
      };
      await db.idempotencyReceipt.update({ where: { id: existing.id }, data: { result: refund } });
      const at = now();
      const event = {
        id: `${providerRefundId}.${status}`,
        type: status === "failed" ? "refund.failed" : "refund.updated",
        created: at.toISOString(),
        refund,
      };
      return signedLedgerDelivery(JSON.stringify(event), webhookSecret, at);
    },

    async parseWebhook(delivery) {
      const rawBody = verifiedLedgerBody(delivery, webhookSecret, now());
      const event = ledgerEventSchema.parse(JSON.parse(rawBody));
      return {
        eventId: event.id,
        eventType: event.type,
        occurredAt: new Date(event.created),
        refunds: [{ ...event.refund, reused: true }],
      };
    },
  };
}
