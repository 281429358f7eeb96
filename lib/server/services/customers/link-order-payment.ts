import "server-only";
import { z } from "zod";
import { can, roleSchema } from "@/lib/domain/authz";
import { AppError } from "@/lib/errors/app-error";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import type { UseCaseContext } from "@/lib/server/use-case-context";

/*
 * Ties an order to its payment at the provider (a Stripe PaymentIntent `pi_…` or charge `ch_…`):
 * refunds of the order are made against it. For orders that did not come from a connected store,
 * e.g. trying a Stripe test-mode payment against a demo order. Audited, with the reference it
 * replaced; refused while a refund of the order is being paid, so a payment in flight keeps the
 * reference it was sent with.
 */

export const linkOrderPaymentSchema = z.object({
  customerEmail: z.email(),
  orderNumber: z.string().trim().min(1).max(40),
  paymentReference: z
    .string()
    .trim()
    .regex(/^(pi|ch)_[A-Za-z0-9]{6,}$/, "A Stripe payment reference starts with pi_ or ch_."),
  staffId: z.string().min(1),
});

export async function linkOrderPayment(
  input: z.input<typeof linkOrderPaymentSchema>,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<{ orderId: string; paymentReference: string; previous: string | null }> {
  const request = linkOrderPaymentSchema.parse(input);
  const { db } = context;
  const now = context.now();
  const staff = await db.staffUser.findUnique({ where: { id: request.staffId } });
  if (!staff?.active || !can([roleSchema.parse(staff.role)], "settings.write")) {
    throw new AppError("FORBIDDEN", "Linking an order to a payment needs an admin account");
  }
  return db.$transaction(async (tx) => {
    const order = await tx.order.findFirst({
      where: { number: request.orderNumber, customer: { email: request.customerEmail } },
      select: { id: true, customerId: true, paymentReference: true },
    });
    if (!order) throw new AppError("NOT_FOUND", "No such order for this customer");
    const paying = await tx.pendingAction.count({
      where: {
        orderId: order.id,
        status: { in: ["approved", "executing", "needs_reconciliation"] },
      },
    });
    if (paying > 0) {
      throw new AppError(
        "CONFLICT",
        "A refund of this order is being paid; link it once that settles",
      );
    }
    await tx.order.update({
      where: { id: order.id },
      data: { paymentReference: request.paymentReference },
    });
    await appendAuditEvents(tx, [
      {
        kind: "order.payment_linked",
        subjectType: "order",
        subjectId: order.id,
        actor: { type: "staff", userId: staff.id, roles: [roleSchema.parse(staff.role)] },
        occurredAt: now,
        payload: {
          orderNumber: request.orderNumber,
          customerId: order.customerId,
          paymentReference: request.paymentReference,
          previous: order.paymentReference,
        },
      },
    ]);
    return {
      orderId: order.id,
      paymentReference: request.paymentReference,
      previous: order.paymentReference,
    };
  });
}
