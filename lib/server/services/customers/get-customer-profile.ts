import "server-only";
import { AppError } from "@/lib/errors/app-error";
import {
  type CustomerProfileRow,
  findCustomerProfile,
} from "@/lib/server/services/customers/customer-profile-queries";
import {
  viewerWorkspaceIds,
  type WorkspaceViewer,
} from "@/lib/server/services/workspaces/staff-workspaces";
import type { UseCaseContext } from "@/lib/server/use-case-context";

export type ProfileLine = {
  id: string;
  name: string;
  category: string;
  quantity: number;
  unitPriceCents: number;
  finalSale: boolean;
  refundedQuantity: number;
  refundedCents: number;
  /** "final sale", "refunded", "partly refunded" or "not refunded". */
  refundState: "final_sale" | "refunded" | "partly_refunded" | "not_refunded";
};

export type CustomerProfile = {
  customer: { id: string; name: string; email: string; since: Date };
  conversations: CustomerProfileRow["conversations"];
  orders: {
    id: string;
    number: string;
    currency: string;
    placedAt: Date;
    deliveredAt: Date | null;
    shippingCents: number;
    paymentMethodLabel: string;
    lines: ProfileLine[];
  }[];
  refunds: {
    id: string;
    orderNumber: string;
    amountCents: number;
    shippingCents: number;
    currency: string;
    target: string;
    status: string;
    at: Date;
    conversationId: string;
    lines: { name: string; quantity: number; amountCents: number }[];
  }[];
  disputes: CustomerProfileRow["disputes"];
  charges: CustomerProfileRow["charges"];
};

/**
 * Who the customer is and everything between us: conversations, orders, refunds, disputes. A
 * customer of a workspace the viewer is not a member of is "no such customer".
 */
export async function getCustomerProfile(
  input: { customerId: string } & WorkspaceViewer,
  context: Pick<UseCaseContext, "db">,
): Promise<CustomerProfile> {
  const workspaceIds = await viewerWorkspaceIds(context.db, input);
  const row = await findCustomerProfile(context.db, {
    customerId: input.customerId,
    workspaceIds,
  });
  if (!row) throw new AppError("NOT_FOUND", "No such customer");
  return {
    customer: { id: row.id, name: row.name, email: row.email, since: row.createdAt },
    conversations: row.conversations,
    orders: row.orders.map((order) => ({
      id: order.id,
      number: order.number,
      currency: order.currency,
      placedAt: order.placedAt,
      deliveredAt: order.deliveredAt,
      shippingCents: order.shippingCents,
      paymentMethodLabel: order.paymentMethodLabel,
      lines: order.lines.map((line) => {
        const refundedQuantity = line.refundLines.reduce((sum, refund) => sum + refund.quantity, 0);
        const refundedCents = line.refundLines.reduce((sum, refund) => sum + refund.amountCents, 0);
        return {
          id: line.id,
          name: line.name,
          category: line.category,
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
          finalSale: line.finalSale,
          refundedQuantity,
          refundedCents,
          refundState: line.finalSale
            ? "final_sale"
            : refundedQuantity >= line.quantity
              ? "refunded"
              : refundedQuantity > 0
                ? "partly_refunded"
                : "not_refunded",
        };
      }),
    })),
    refunds: row.refunds.map((refund) => ({
      id: refund.id,
      orderNumber: refund.order.number,
      amountCents: refund.amountCents,
      shippingCents: refund.shippingCents,
      currency: refund.currency,
      target: refund.target,
      status: refund.status,
      at: refund.createdAt,
      conversationId: refund.pendingAction.conversationId,
      lines: refund.lines.map((line) => ({
        name: line.orderLine.name,
        quantity: line.quantity,
        amountCents: line.amountCents,
      })),
    })),
    disputes: row.disputes,
    charges: row.charges,
  };
}
