import { selectProvider } from "@/lib/agent/model/select-provider";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createLedgerPaymentProvider } from "@/lib/integrations/payments/ledger/ledger-payment-provider";
import type {
  PaymentProvider,
  PaymentProviders,
} from "@/lib/integrations/payments/payment-provider";
import { faultPoint } from "@/lib/server/fault-injection";
import { getLogger } from "@/lib/server/logger";
import { noCommerceProviders } from "@/lib/server/process/commerce-providers";
import type { UseCaseContext } from "@/lib/server/use-case-context";

/**
 * A use-case context for a test, over the test's database: the wall clock, the built-in payment
 * ledger over that database, no connected stores and the offline agent unless the test passes
 * its own.
 */
export function testUseCaseContext(
  fields: Partial<Omit<UseCaseContext, "payments">> & {
    db: PrismaClient;
    /** One provider for every workspace, or the app's per-workspace choice. */
    payments?: PaymentProvider | PaymentProviders;
  },
): UseCaseContext {
  const { db, payments, ...rest } = fields;
  return {
    now: () => new Date(),
    model: selectProvider({}),
    logger: getLogger(),
    faultPoint,
    commerce: noCommerceProviders,
    ...rest,
    db,
    payments: toPaymentProviders(payments ?? createLedgerPaymentProvider({ db })),
  };
}

/** One provider for every workspace and connection, or the providers as given. */
function toPaymentProviders(payments: PaymentProvider | PaymentProviders): PaymentProviders {
  if (!("createRefund" in payments)) return payments;
  return {
    forWorkspace: async () => ({ provider: payments, connectionId: null }),
    forConnection: async () => payments,
  };
}

/** A clock that always reads `at`, for a test that fixes the time. */
export function fixedClock(at: Date): () => Date {
  return () => at;
}
