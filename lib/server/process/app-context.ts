import "server-only";
import { selectProvider } from "@/lib/agent/model/select-provider";
import { createLedgerPaymentProvider } from "@/lib/integrations/payments/ledger/ledger-payment-provider";
import { singlePaymentProvider } from "@/lib/integrations/payments/payment-provider";
import { db } from "@/lib/server/db";
import { getServerEnv } from "@/lib/server/env";
import { faultPoint } from "@/lib/server/fault-injection";
import { getLogger } from "@/lib/server/logger";
import type { UseCaseContext } from "@/lib/server/use-case-context";

let instance: UseCaseContext | undefined;

/**
 * The process's use-case context: the app's database, the wall clock, the built-in payment
 * ledger, the model provider the environment selects and the app's logger. Made once per process
 * (the provider holds the model server's client and its request slots); the parts that read the
 * environment are made on first use, so importing an edge never reads it during `next build`.
 */
export function appContext(): UseCaseContext {
  if (!instance) {
    let model: UseCaseContext["model"] | undefined;
    let payments: UseCaseContext["payments"] | undefined;
    instance = {
      db,
      now: () => new Date(),
      get payments() {
        payments ??= singlePaymentProvider(createLedgerPaymentProvider({ db }));
        return payments;
      },
      get model() {
        model ??= selectProvider(getServerEnv());
        return model;
      },
      get logger() {
        return getLogger();
      },
      faultPoint,
    };
  }
  return instance;
}
