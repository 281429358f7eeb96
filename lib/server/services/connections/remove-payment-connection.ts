import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { countPaymentsInFlight, lockConnection } from "./payment-connection-queries";
import { requireConnectionAdmin } from "./require-connection-admin";

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/*
 * Deletes a connection and the log of webhook events it accepted; the workspace pays through the
 * built-in ledger again. Refused while money is still moving through it: a refund the provider
 * has not finished, or an action whose payment is out or unknown, is followed at the connection
 * that made it (PaymentProviders.forConnection), which must still exist to be asked.
 */
export async function removePaymentConnection(
  input: { connectionId: string; staffId: string },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<void> {
  const { db } = context;
  const now = context.now();
  const actor = await requireConnectionAdmin(db, input.staffId);
  await db.$transaction(async (tx) => {
    if (!(await lockConnection(tx, input.connectionId))) {
      throw new AppError("NOT_FOUND", "No such payment connection");
    }
    const connection = await tx.paymentConnection.findUniqueOrThrow({
      where: { id: input.connectionId },
      select: { id: true, workspaceId: true, provider: true },
    });
    const inFlight = await countPaymentsInFlight(tx, connection.id);
    if (inFlight.actions > 0 || inFlight.refunds > 0) {
      const waiting = [
        inFlight.refunds > 0 &&
          `${plural(inFlight.refunds, "refund", "refunds")} the provider has not finished`,
        inFlight.actions > 0 &&
          `${plural(inFlight.actions, "refund", "refunds")} being paid or waiting for reconciliation`,
      ].filter(Boolean);
      throw new AppError(
        "CONFLICT",
        `This connection still has ${waiting.join(" and ")}. Remove it once they have settled; until then it is needed to follow them.`,
        { extensions: { inFlight } },
      );
    }
    await tx.paymentWebhookEvent.deleteMany({ where: { connectionId: connection.id } });
    await tx.paymentConnection.delete({ where: { id: connection.id } });
    await appendAuditEvents(tx, [
      {
        kind: "payment_connection.removed",
        subjectType: "payment_connection",
        subjectId: connection.id,
        actor,
        occurredAt: now,
        payload: { workspaceId: connection.workspaceId, provider: connection.provider },
      },
    ]);
  });
}
