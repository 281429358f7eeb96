import type { Logger } from "pino";
import type { ModelProvider } from "@/lib/agent/model/provider";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { CommerceProviders } from "@/lib/integrations/commerce/commerce-provider";
import type { PaymentProviders } from "@/lib/integrations/payments/payment-provider";
import type { FaultPointName } from "./fault-injection";

/*
 * Everything a use case needs from outside itself. A use case is an exported function of
 * lib/server/services that an edge calls; it takes one input object and this context:
 *
 *   export async function takeOverConversation(input: TakeOverInput, context: Pick<UseCaseContext, "db" | "now">)
 *
 * The context is built once, at the edge — the route wrapper (`context` in every handler), the
 * job workers, the CLI, a test (tests/support/test-use-case-context.ts) — never inside a use case:
 * no use case reads the environment, picks the model provider or falls back to the app's
 * database. A use case asks for the fields it uses (`Pick<…>`), so a test builds only those.
 * Functions that run inside a use case's transaction take that transaction first instead:
 * `(tx, params)`.
 */
export type UseCaseContext = {
  /** The app's Prisma client (or a test's). */
  db: PrismaClient;
  /** The wall clock. A use case reads it once, at its start; tests pass a fixed one. */
  now: () => Date;
  /** Where refunds are paid: each workspace's connected provider, or the built-in ledger. */
  payments: PaymentProviders;
  /** Each workspace's connected store (Shopify), or none: its orders are kept in Countersign. */
  commerce: CommerceProviders;
  /** The model server the agent talks to, or the offline agent. */
  model: ModelProvider;
  logger: Logger;
  /** Crash points for the fault-injection tests (COUNTERSIGN_FAULT_POINT in the app). */
  faultPoint: (name: FaultPointName) => void;
};

/**
 * The same context with its clock stopped at `at`: for an edge whose several use cases must agree
 * on the moment a request arrived. The other fields are read through to `context` when used, so
 * the process's lazily made parts (the model provider) are still made only if a use case needs them.
 */
export function atMoment<C extends Pick<UseCaseContext, "now">>(context: C, at: Date): C {
  return Object.create(context, { now: { value: () => at, enumerable: true } });
}
