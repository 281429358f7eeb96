import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createLedgerPaymentProvider } from "@/lib/integrations/payment-ledger/ledger-payment-provider";
import type { PaymentProvider } from "@/lib/integrations/payment-ledger/payment-provider";
import { db as defaultDb } from "@/lib/server/db";
import { type FaultPointName, faultPoint } from "@/lib/server/fault-injection";

/*
 * What the action services need from the outside world. Routes and the agent pass nothing and
 * get the app's database, the wall clock and the built-in payment ledger; tests pass their own
 * database, a fixed clock, a provider that times out on cue and crash points that throw.
 */

export type ActionDeps = {
  db: PrismaClient;
  now: Date;
  payments: PaymentProvider;
  /** Crash points for the fault-injection tests; the default reads COUNTERSIGN_FAULT_POINT. */
  faultPoint: (name: FaultPointName) => void;
};

export function resolveActionDeps(overrides: Partial<ActionDeps> = {}): ActionDeps {
  const db = overrides.db ?? defaultDb;
  return {
    db,
    now: overrides.now ?? new Date(),
    payments: overrides.payments ?? createLedgerPaymentProvider({ db }),
    faultPoint: overrides.faultPoint ?? faultPoint,
  };
}
