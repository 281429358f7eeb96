import { randomUUID } from "node:crypto";
import { evaluateRefund } from "@/lib/domain/evaluate-refund";
import type { OrderFacts } from "@/lib/domain/order-facts";
import { policyFacts } from "@/lib/domain/policy-facts";
import type { RefundReason } from "@/lib/domain/policy-rules";
import { POLICY_V1 } from "@/lib/domain/policy-v1";
import type { FileBaselineCustomer, FileBaselineOrder } from "./seed";

/*
 * The file baseline's tools, as the reference example has them: plain functions over the
 * in-memory data and the run's state, which the loop then rewrites as one JSON file. The policy
 * tools run the same pure policy engine as ours; writes only append to the state.
 */

export type FileRunState = {
  runId: string;
  storyKey: string;
  customerEmail: string;
  channel: "chat" | "email";
  status: "running" | "completed" | "failed";
  messages: unknown[];
  customerMessages: { id: string; body: string; sentAt: string }[];
  teamNotes: { id: string; note: string }[];
  pendingActions: { id: string; orderNumber: string; totalCents: number; status: string }[];
  disputes: { id: string; chargeReferences: string[]; amountCents: number; summary: string }[];
};

type Args = Record<string, unknown>;

function orderFacts(order: FileBaselineOrder, customerId: string): OrderFacts {
  return {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    customerId,
    currency: order.currency,
    deliveredAt: order.deliveredAt === null ? null : new Date(order.deliveredAt),
    shippingCents: order.shippingCents,
    paymentMethodLabel: order.paymentMethodLabel,
    lines: order.lines.map((line) => ({ ...line, refundedQuantity: 0 })),
    shippingAlreadyRefunded: false,
  };
}

function findOrder(customer: FileBaselineCustomer, orderNumber: unknown): FileBaselineOrder {
  const wanted = String(orderNumber ?? "")
    .trim()
    .toUpperCase();
  const order = customer.orders.find((candidate) => candidate.orderNumber === wanted);
  if (!order) throw new Error(`No order ${wanted} for this customer.`);
  return order;
}

export function runFileTool(
  name: string,
  args: Args,
  customer: FileBaselineCustomer,
  state: FileRunState,
): unknown {
  const now = new Date();
  switch (name) {
    case "lookup_order": {
      const orders =
        args.orderNumber === undefined ? customer.orders : [findOrder(customer, args.orderNumber)];
      return { orders };
    }
    case "check_refund_policy": {
      const { orderId: _internal, ...visible } = policyFacts(
        orderFacts(findOrder(customer, args.orderNumber), customer.customerId),
        now,
        POLICY_V1,
      );
      return visible;
    }
    case "propose_refund": {
      const order = findOrder(customer, args.orderNumber);
      const decision = evaluateRefund({
        order: orderFacts(order, customer.customerId),
        selectedLineIds: (args.lineIds as string[] | undefined) ?? [],
        reason: args.reason as RefundReason,
        channel: state.channel,
        now,
        policy: POLICY_V1,
      });
      if (decision.kind === "deny") return { denied: true, reasons: decision.reasons };
      const action = {
        id: randomUUID(),
        orderNumber: order.orderNumber,
        totalCents: decision.quote.netRefundCents,
        status: "awaiting_confirmation",
      };
      state.pendingActions.push(action);
      return { actionId: action.id, quote: decision.quote, gates: decision.gates };
    }
    case "send_customer_message": {
      const message = {
        id: randomUUID(),
        body: String(args.body ?? ""),
        sentAt: now.toISOString(),
      };
      state.customerMessages.push(message);
      return { sent: true, messageId: message.id };
    }
    case "leave_team_note": {
      const note = { id: randomUUID(), note: String(args.note ?? "") };
      state.teamNotes.push(note);
      return { stored: true, messageId: note.id };
    }
    case "open_billing_dispute": {
      const dispute = {
        id: randomUUID(),
        chargeReferences: (args.chargeIds as string[] | undefined) ?? [],
        amountCents: customer.charges
          .filter((charge) => (args.chargeIds as string[] | undefined)?.includes(charge.reference))
          .reduce((sum, charge) => sum + charge.amountCents, 0),
        summary: String(args.summary ?? ""),
      };
      state.disputes.push(dispute);
      return { ticket: dispute, alreadyOpen: false };
    }
    default:
      throw new Error(`Unknown tool ${name}`);
  }
}
