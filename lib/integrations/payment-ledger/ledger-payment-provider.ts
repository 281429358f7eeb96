import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import { z } from "zod";
import { isUniqueViolation } from "@/lib/errors/prisma-errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderRefund,
  type RefundRequest,
} from "./payment-provider";

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
  status: z.enum(["succeeded", "failed"]),
  amountCents: z.number().int(),
  currency: z.string(),
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

    async createRefund(request) {
      const outcome = simulate(request);
      if (outcome === "timeout_before_processing") {
        throw new PaymentProviderError("OUTCOME_UNKNOWN", "Payment provider timed out");
      }
      const fingerprint = fingerprintRefundRequest(request);
      const fresh: StoredResult = {
        providerRefundId: newId("re"),
        status: outcome === "decline" ? "failed" : "succeeded",
        amountCents: request.amountCents,
        currency: request.currency,
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

    async findRefundByKey(key) {
      const existing = await readReceipt(key);
      if (!existing) return null;
      return { ...storedResultSchema.parse(existing.result), reused: true };
    },
  };
}
