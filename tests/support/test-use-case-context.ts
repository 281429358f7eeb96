import { selectProvider } from "@/lib/agent/model/select-provider";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createLedgerPaymentProvider } from "@/lib/integrations/payment-ledger/ledger-payment-provider";
import { faultPoint } from "@/lib/server/fault-injection";
import { getLogger } from "@/lib/server/logger";
import type { UseCaseContext } from "@/lib/server/use-case-context";

/**
 * A use-case context for a test, over the test's database: the wall clock, the built-in payment
 * ledger over that database and the offline agent unless the test passes its own.
 */
export function testUseCaseContext(
  fields: Partial<UseCaseContext> & { db: PrismaClient },
): UseCaseContext {
  const { db } = fields;
  return {
    now: () => new Date(),
    payments: createLedgerPaymentProvider({ db }),
    model: selectProvider({}),
    logger: getLogger(),
    faultPoint,
    ...fields,
  };
}

/** A clock that always reads `at`, for a test that fixes the time. */
export function fixedClock(at: Date): () => Date {
  return () => at;
}
