import type {
  ConnectionCheck,
  PaymentProvider,
} from "@/lib/integrations/payments/payment-provider";

/**
 * A provider whose only working call is the connection check, answering what the test says: for
 * code that makes and chooses providers, never for moving money (every other call throws).
 */
export function checkableProvider(
  name: string,
  answer: () => Promise<ConnectionCheck> | ConnectionCheck,
): PaymentProvider {
  const unused = async (): Promise<never> => {
    throw new Error(`${name}: this test provider only checks its connection`);
  };
  return {
    name,
    idempotencyWindowMs: 24 * 60 * 60 * 1000,
    createRefund: unused,
    getRefund: unused,
    findRefund: unused,
    parseWebhook: unused,
    checkConnection: async () => answer(),
  };
}
