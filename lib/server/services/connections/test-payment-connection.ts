import "server-only";
import { AppError } from "@/lib/errors/app-error";
import type { ConnectionCheck } from "@/lib/integrations/payments/payment-provider";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { lockConnection } from "./payment-connection-queries";
import { type PaymentConnectionView, toPaymentConnectionView } from "./payment-connection-view";
import { redactCredentials } from "./redact-credentials";
import { requireConnectionAdmin } from "./require-connection-admin";

async function checkConnection(
  payments: UseCaseContext["payments"],
  connectionId: string,
): Promise<ConnectionCheck> {
  try {
    return await (await payments.forConnection(connectionId)).checkConnection();
  } catch (error) {
    // An adapter that cannot be made (unknown provider, undecryptable keys) or that threw instead
    // of answering is a failed check with its reason, not a failed request.
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

function describeCheck(check: ConnectionCheck): { health: "healthy" | "failing"; detail: string } {
  if (!check.ok) return { health: "failing", detail: redactCredentials(check.detail) };
  const account = check.accountLabel ? ` to ${check.accountLabel}` : "";
  return { health: "healthy", detail: `Connected${account} in ${check.mode} mode.` };
}

/*
 * Tries the connection's keys with the provider's harmless read and keeps the answer as its
 * health. The answer is stored only for the keys it tried: if they were replaced meanwhile, the
 * new keys stay untested and the caller is told to test again.
 */
export async function testPaymentConnection(
  input: { connectionId: string; staffId: string; publicBaseUrl: string },
  context: Pick<UseCaseContext, "db" | "now" | "payments">,
): Promise<PaymentConnectionView> {
  const { db, payments } = context;
  const now = context.now();
  const actor = await requireConnectionAdmin(db, input.staffId);
  const tried = await db.paymentConnection.findUnique({
    where: { id: input.connectionId },
    select: { secretKeyCiphertext: true },
  });
  if (!tried) throw new AppError("NOT_FOUND", "No such payment connection");
  const { health, detail } = describeCheck(await checkConnection(payments, input.connectionId));
  return db.$transaction(async (tx) => {
    if (!(await lockConnection(tx, input.connectionId))) {
      throw new AppError("NOT_FOUND", "The payment connection was removed while it was tested");
    }
    const current = await tx.paymentConnection.findUniqueOrThrow({
      where: { id: input.connectionId },
    });
    if (current.secretKeyCiphertext !== tried.secretKeyCiphertext) {
      throw new AppError("CONFLICT", "The keys were replaced while they were tested: test again");
    }
    const row = await tx.paymentConnection.update({
      where: { id: current.id },
      data: { health, healthDetail: detail, checkedAt: now },
    });
    await appendAuditEvents(tx, [
      {
        kind: "payment_connection.tested",
        subjectType: "payment_connection",
        subjectId: row.id,
        actor,
        occurredAt: now,
        payload: { workspaceId: row.workspaceId, provider: row.provider, health, detail },
      },
    ]);
    return toPaymentConnectionView(row, input.publicBaseUrl);
  });
}
