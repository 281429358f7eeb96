import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import { z } from "zod";
import { REFUND_STATES } from "@/lib/domain/refund-state";
import { isUniqueViolation } from "@/lib/errors/prisma-errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderRefund,
  type RefundRequest,
} from "../payment-provider";

/*
 * The built-in provider: a stand-in for the card processor. It plays the external side, so it
 * keeps its own receipts (IdempotencyReceipt, scope `payment_provider.refund`) and commits them
 * in its own transaction, independent of the caller's — exactly like a remote API would.
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

export function fingerprintRefundRequest(request: RefundRequest): string {
  return createHash("sha256")
    .update(canonicalize(request) ?? "")
    .digest("hex");
}

export function createLedgerPaymentProvider(
  options: LedgerPaymentProviderOptions,
): PaymentProvider {
  const { db } = options;
  const simulate = options.simulate ?? (() => "ok");

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
        status: outcome === "decline" ? "failed" : "succeeded",
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
      const existing = await db.idempotencyReceipt.findFirst({
        where: {
          scope: PAYMENT_RECEIPT_SCOPE,
          result: { path: ["providerRefundId"], equals: providerRefundId },
        },
      });
      if (!existing) throw new PaymentProviderError("NOT_FOUND", `No refund ${providerRefundId}`);
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

    async parseWebhook() {
      throw new PaymentProviderError(
        "WEBHOOK_REJECTED",
        "The built-in ledger answers every refund at once and sends no webhooks",
      );
    },
  };
}
