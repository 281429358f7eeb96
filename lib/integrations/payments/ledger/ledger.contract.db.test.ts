import { resetDatabase } from "@/tests/db/test-database";
import { paymentProviderContract } from "@/tests/support/payment-provider-contract";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";
import {
  createLedgerPaymentProvider,
  type LedgerPaymentProvider,
  type SimulatedOutcome,
} from "./ledger-payment-provider";

const prisma = testDatabaseClient();
const WEBHOOK_SECRET = "ledger-contract-secret";
let nextOutcome: SimulatedOutcome = "ok";
let latest: LedgerPaymentProvider | undefined;

paymentProviderContract("the built-in ledger", {
  async setUp() {
    nextOutcome = "ok";
    await resetDatabase(prisma);
  },
  makeProvider({ now, refundsStartPending }) {
    latest = createLedgerPaymentProvider({
      db: prisma,
      now,
      refundsStartPending,
      webhookSecret: WEBHOOK_SECRET,
      simulate: () => {
        const outcome = nextOutcome;
        nextOutcome = "ok";
        return outcome;
      },
    });
    return latest;
  },
  // The ledger refunds the order's recorded payment; it needs no reference at a processor.
  makeRefundablePayment: async () => null,
  failNextCreate(failure) {
    nextOutcome = failure;
  },
  reportRefund(providerRefundId, report) {
    if (!latest) throw new Error("Make the provider before reporting on its refunds");
    return latest.reportRefund(providerRefundId, report);
  },
});
